"""What the Arena offers besides founders' own rows: the challenges (met with the AI tools),
the events (dated relative to today), the sample startups and posts shown while the Arena is
nearly empty, and the join page's info cards. Pure: no I/O."""

from __future__ import annotations

import calendar
import dataclasses
from datetime import date, timedelta

from startup_toolkit.domain import tools
from startup_toolkit.domain.arena import Challenge

# --- Challenges (rewards 50-125 points, spec section 9) ---------------------------------------

MIN_REWARD = 50
MAX_REWARD = 125

CHALLENGES: tuple[Challenge, ...] = (
    Challenge(
        "scanner-3",
        "Run 3 analyses",
        "Run the Startup Viability Scanner on your idea three times: as it is, after one "
        "change to the problem you solve, and after one change to who you sell to. Compare "
        "the scores on My Ideas.",
        "Medium",
        75,
        (tools.SCANNER.key,),
        3,
        14,
        "analyses",
    ),
    Challenge(
        "funding-2",
        "Funding readiness check",
        "Run the Funding Predictor twice: once with today's numbers and once with the numbers "
        "you aim for in six months, and note what moves the odds most.",
        "Medium",
        50,
        (tools.FUNDING.key,),
        2,
        14,
        "predictions",
    ),
    Challenge(
        "growth-2",
        "Growth sprint plan",
        "Build two Growth Engine strategies for different channels and pick the one you will "
        "run for the next four weeks.",
        "Medium",
        60,
        (tools.GROWTH.key,),
        2,
        14,
        "strategies",
    ),
    Challenge(
        "incubator-3",
        "Stress-test your idea",
        "Refine an idea in the Idea Incubator and run its stress test: three Incubator runs in "
        "three weeks, analyses and stress tests both count.",
        "Hard",
        100,
        (tools.INCUBATOR.key, tools.STRESS_TEST.key),
        3,
        21,
        "Incubator runs",
    ),
    Challenge(
        "four-tools",
        "Use four different AI tools",
        "Look at your startup from four sides: any four of the Scanner, Incubator, Funding "
        "Predictor, Growth Engine, Oracle and AI Co-Founder within a month.",
        "Hard",
        125,
        (
            tools.SCANNER.key,
            tools.INCUBATOR.key,
            tools.FUNDING.key,
            tools.GROWTH.key,
            tools.ORACLE.key,
            tools.COFOUNDER.key,
        ),
        4,
        30,
        "tools",
        distinct=True,
    ),
)
CHALLENGE_KEYS = frozenset(c.key for c in CHALLENGES)


def challenge(key: object) -> Challenge | None:
    """A challenge by its key (None for anything else)."""
    return next((c for c in CHALLENGES if c.key == key), None)


#: Where each challenge's tools live: (title, description, path).
RESOURCES: tuple[tuple[str, str, str], ...] = (
    (
        "Run the Viability Scanner",
        "Scores your idea in five categories; every run is kept.",
        "/startup-viability-scanner",
    ),
    (
        "Plan a growth experiment",
        "A four-week plan with KPIs in the Growth Engine.",
        "/growth-engine",
    ),
    (
        "Check your funding odds",
        "Test your metrics in the Funding Predictor before a pitch.",
        "/funding-predictor",
    ),
    ("See your runs", "Every kept run, grouped by idea, on My Ideas.", "/ideas"),
)

# --- Events: sample events dated relative to today ------------------------------------------


@dataclasses.dataclass(frozen=True)
class ArenaEvent:
    key: str  # the event and its date, e.g. 'pitch-night:2025-07-10'
    title: str
    date: str  # 'Thursday, July 10, 2025'
    day: date
    time: str
    location: str
    description: str
    kind: str


#: (key, title, weekday (Monday 0), weeks after the next one, time, location, description,
#: kind): each event falls on the first such weekday after today, plus the weeks.
_EVENTS: tuple[tuple[str, str, int, int, str, str, str, str], ...] = (
    (
        "pitch-night",
        "Founder Pitch Night",
        3,
        0,
        "6:00 PM",
        "Online",
        "Five-minute pitches to a panel of angel investors, with live feedback.",
        "Pitch Competition",
    ),
    (
        "growth-workshop",
        "Growth Marketing Workshop",
        1,
        1,
        "2:00 PM",
        "Online",
        "Hands-on session on low-budget acquisition channels that work.",
        "Workshop",
    ),
    (
        "founders-meetup",
        "Arena Founders Meetup",
        4,
        2,
        "7:00 PM",
        "Berlin",
        "An evening of demos and conversations with founders from the leaderboard.",
        "Networking",
    ),
)


def long_date(day: date) -> str:
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def upcoming_events(today: date) -> list[ArenaEvent]:
    """The sample events after `today`, soonest first."""
    events = []
    for key, title, weekday, weeks, time, place, text, kind in _EVENTS:
        ahead = (weekday - today.weekday() - 1) % 7 + 1  # 1-7 days: never today
        day = today + timedelta(days=ahead, weeks=weeks)
        events.append(
            ArenaEvent(
                f"{key}:{day.isoformat()}", title, long_date(day), day, time, place, text, kind
            )
        )
    return sorted(events, key=lambda e: e.day)


def month_grid(year: int, month: int) -> list[list[int]]:
    """The month's weeks from Sunday to Saturday; 0 for days outside the month."""
    return calendar.Calendar(firstweekday=calendar.SUNDAY).monthdayscalendar(year, month)


def month_title(day: date) -> str:
    return f"{calendar.month_name[day.month]} {day.year}"


WEEKDAYS: tuple[str, ...] = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")

#: Event types: (name, description, lucide icon).
EVENT_TYPES: tuple[tuple[str, str, str], ...] = (
    ("Pitch Competition", "Pitch to investors and other founders.", "mic"),
    ("Workshop", "Practical sessions led by operators.", "wrench"),
    ("Networking", "Meet founders at your stage.", "users"),
    ("AMA", "Ask experienced founders anything.", "message-circle-question"),
)

# --- Samples: shown, marked Sample, while fewer than SAMPLE_THRESHOLD founders entered -------


@dataclasses.dataclass(frozen=True)
class SampleStartup:
    name: str
    industry: str
    score: int
    description: str
    revenue: str
    users: str
    growth: str
    founder: str


SAMPLE_STARTUPS: tuple[SampleStartup, ...] = (
    SampleStartup(
        "NeuralNest", "AI / ML", 98, "Private AI assistants for small clinics.",
        "$120K", "8.4K", "32%", "Priya Raman",
    ),
    SampleStartup(
        "GreenLoop", "Climate", 95, "Reusable packaging as a service for grocers.",
        "$86K", "3.1K", "27%", "Marcus Olsen",
    ),
    SampleStartup(
        "PayPilot", "Fintech", 92, "Cash-flow forecasting for freelancers.",
        "$74K", "12K", "18%", "Lena Fischer",
    ),
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class SamplePost:
    author: str
    company: str
    content: str
    time: str
    likes: int


SAMPLE_POSTS: tuple[SamplePost, ...] = (
    SamplePost(
        "Priya Raman",
        "NeuralNest",
        "We just crossed 8,000 active users! The thing that moved the needle: a 10-minute "
        "onboarding call for every new clinic. #GrowthHacks",
        "2h ago",
        24,
    ),
    SamplePost(
        "Marcus Olsen",
        "GreenLoop",
        "Looking for intros to grocery chains in the Nordics. Happy to share our pilot "
        "contract template in return. #FundraisingTips",
        "5h ago",
        15,
    ),
    SamplePost(
        "Lena Fischer",
        "PayPilot",
        "Lesson of the week: charging from day one told us more than three months of free "
        "beta feedback. #ProductMarketFit",
        "1d ago",
        41,
    ),
)

# --- The join page's info cards: (title, text, lucide icon) ---------------------------------

EXPERIENCE: tuple[tuple[str, str, str], ...] = (
    ("Leaderboard", "A live ranking computed from what founders really do.", "trophy"),
    ("Arena Feed", "Share wins and lessons; likes from others earn points.", "messages-square"),
    ("Challenges", "Sprints you complete with the AI tools; progress counts your runs.", "target"),
    ("Events", "Pitch nights, workshops and meetups.", "calendar-days"),
)  # fmt: skip
PRIZES: tuple[tuple[str, str, str], ...] = (
    ("Challenge points", f"Each challenge is worth {MIN_REWARD}-{MAX_REWARD} points.", "medal"),
    ("Top five spotlight", "The top five startups lead the leaderboard.", "star"),
    ("Founder badges", "Completed challenges count on your dashboard.", "award"),
)
