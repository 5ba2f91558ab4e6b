"""The Startup Arena's rules (T-ARENA-1..3): the join form, the arena score arithmetic, the
feed, challenges and events, and the sample data the whole page runs on. Pure: no I/O.

The spec (ai-tools sections 1-9) makes the Arena entirely sample data and local state: the
other startups, posts, challenges and events are illustrative, and the founder's entry lives
only in the browser tab's state. Constants from section 9: a leaderboard of 5, rank 68 and
score 73 on joining, challenge rewards of 50-125 points, rankings said to update every 24
hours, a like adds 1 to the score, a post adds 2.
"""

from __future__ import annotations

import calendar
import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

# --- Constants (spec section 9) ---------------------------------------------------------------

JOIN_RANK = 68
JOIN_SCORE = 73
LIKE_POINTS = 1
POST_POINTS = 2
LEADERBOARD_SIZE = 5
RANKING_UPDATE_HOURS = 24
MIN_REWARD = 50
MAX_REWARD = 125
CALENDAR_YEAR = 2023
CALENDAR_MONTH = 11

# --- Bounds on what a founder types -----------------------------------------------------------

MAX_COMPANY_NAME = 100
MAX_INDUSTRY = 60
MAX_METRIC = 40
MAX_DESCRIPTION = 1000
MAX_POST = 500
#: Setters keep at most this much of a text (the validation then says what is too long).
INPUT_CAP = MAX_DESCRIPTION + 200
#: The feed keeps the newest posts only, so a tab's state stays small.
MAX_FEED_POSTS = 50

# --- Texts (spec sections 5 and 8) ------------------------------------------------------------

MISSING = "Missing information"
MISSING_DETAIL = "Please fill all required fields"
TOO_LONG = "Please shorten your entries"
TOO_LONG_DETAIL = "Some fields are longer than allowed."
EMPTY_POST = "Empty post"
EMPTY_POST_DETAIL = "Please write something to post"
POST_TOO_LONG = f"Posts can be up to {MAX_POST} characters."
ALREADY_JOINED = "Already joined"
ALREADY_REGISTERED = "Already registered"
SAMPLE_NOTICE = (
    "Sample arena: the other startups, posts, challenges and events are illustrative. "
    "Your entry is kept for this browser tab only and is not saved to your account."
)
RANKING_NOTE = f"Rankings update every {RANKING_UPDATE_HOURS} hours."

#: The join form's required fields: (name, label, maximum length).
JOIN_FIELDS: tuple[tuple[str, str, int], ...] = (
    ("company", "Company Name", MAX_COMPANY_NAME),
    ("industry", "Industry", MAX_INDUSTRY),
    ("revenue", "Monthly Revenue", MAX_METRIC),
    ("users", "Active Users", MAX_METRIC),
    ("growth", "Monthly Growth %", MAX_METRIC),
)
JOIN_FIELD_NAMES = frozenset(name for name, _, _ in JOIN_FIELDS)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def validate_join(values: dict[str, Any]) -> dict[str, str]:
    """The message for each wrong join field (none when the founder may enter).

    Spec: company name, industry, revenue, users and growth all filled."""
    errors: dict[str, str] = {}
    for name, label, limit in JOIN_FIELDS:
        text = _text(values.get(name))
        if not text:
            errors[name] = f"{label} is required."
        elif len(text) > limit:
            errors[name] = f"{label} can be up to {limit} characters."
    return errors


def join_toast(errors: dict[str, str]) -> tuple[str, str]:
    """(title, description) of the toast for a refused join."""
    if any(message.endswith("is required.") for message in errors.values()):
        return MISSING, MISSING_DETAIL
    return TOO_LONG, TOO_LONG_DETAIL


def validate_post(text: Any) -> str | None:
    """None when the post may go out, otherwise why not."""
    content = _text(text)
    if not content:
        return EMPTY_POST_DETAIL
    if len(content) > MAX_POST:
        return POST_TOO_LONG
    return None


def initials(name: str) -> str:
    """Up to two capital letters for an avatar ('Nova Health' -> 'NH')."""
    words = [w for w in name.split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


# --- Score arithmetic -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LikeResult:
    liked: bool
    likes: int
    score: int
    points: int  # what this toggle added to the arena score


def toggle_like(liked: bool, likes: int, score: int) -> LikeResult:
    """Spec: a like adds 1 to the arena score and 1 to the post's count; an unlike takes 1
    off the post's count only (the score stays)."""
    if liked:
        return LikeResult(False, max(0, likes - 1), score, 0)
    return LikeResult(True, likes + 1, score + LIKE_POINTS, LIKE_POINTS)


def score_after_post(score: int) -> int:
    return score + POST_POINTS


def top_five_cutoff(entries: Sequence[LeaderboardEntry]) -> int:
    """The lowest score on the top-five board."""
    return min((e.score for e in entries), default=0)


def progress_to_top_five(score: int, entries: Sequence[LeaderboardEntry]) -> int:
    """Percent of the way from 0 to the fifth place's score (0-100)."""
    cutoff = top_five_cutoff(entries)
    if cutoff <= 0:
        return 100
    return max(0, min(100, round(score * 100 / cutoff)))


def points_to_top_five(score: int, entries: Sequence[LeaderboardEntry]) -> int:
    return max(0, top_five_cutoff(entries) - score)


def score_breakdown(like_points: int, post_points: int) -> list[tuple[str, int]]:
    """Where the founder's score came from: the starting score, then feed activity."""
    return [
        ("Starting score", JOIN_SCORE),
        ("Likes given", like_points),
        ("Posts shared", post_points),
    ]


# --- Sample data (spec section 3) -------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class LeaderboardEntry:
    id: int
    name: str
    logo: str  # initials shown on a tile
    industry: str
    score: int
    change: str  # signed text, e.g. '+3'
    description: str
    revenue: str
    users: str
    growth: str
    founder: str
    rank: int


@dataclasses.dataclass(frozen=True)
class FeedPost:
    """A post of the Arena Feed; `liked`: whether this tab's founder likes it."""

    id: int
    author: str
    avatar: str
    company: str
    content: str
    time: str
    likes: int = 0
    comments: int = 0
    liked: bool = False


@dataclasses.dataclass(frozen=True)
class Challenge:
    id: int
    title: str
    description: str
    difficulty: str  # 'Hard' or 'Medium'
    reward: str  # points text
    participants: int
    days_left: int
    active: bool


@dataclasses.dataclass(frozen=True)
class ArenaEvent:
    id: int
    title: str
    date: str
    day: int  # day of November 2023
    time: str
    location: str
    description: str
    kind: str


LEADERBOARD: tuple[LeaderboardEntry, ...] = (
    LeaderboardEntry(
        1,
        "NeuralNest",
        "NN",
        "AI / ML",
        98,
        "+2",
        "Private AI assistants for small clinics.",
        "$120K",
        "8.4K",
        "32%",
        "Priya Raman",
        1,
    ),
    LeaderboardEntry(
        2,
        "GreenLoop",
        "GL",
        "Climate",
        95,
        "+5",
        "Reusable packaging as a service for grocers.",
        "$86K",
        "3.1K",
        "27%",
        "Marcus Olsen",
        2,
    ),
    LeaderboardEntry(
        3,
        "PayPilot",
        "PP",
        "Fintech",
        92,
        "-1",
        "Cash-flow forecasting for freelancers.",
        "$74K",
        "12K",
        "18%",
        "Lena Fischer",
        3,
    ),
    LeaderboardEntry(
        4,
        "LearnLab",
        "LL",
        "EdTech",
        89,
        "+3",
        "Project-based coding courses for teens.",
        "$41K",
        "22K",
        "21%",
        "Tomás Rivera",
        4,
    ),
    LeaderboardEntry(
        5,
        "MediTrack",
        "MT",
        "Health",
        87,
        "0",
        "Medication reminders that carers can follow.",
        "$38K",
        "6.7K",
        "15%",
        "Aisha Bello",
        5,
    ),
)

FEED: tuple[FeedPost, ...] = (
    FeedPost(
        1,
        "Priya Raman",
        "PR",
        "NeuralNest",
        "We just crossed 8,000 active users! The thing that moved the needle: a 10-minute "
        "onboarding call for every new clinic.",
        "2h ago",
        24,
        6,
    ),
    FeedPost(
        2,
        "Marcus Olsen",
        "MO",
        "GreenLoop",
        "Looking for intros to grocery chains in the Nordics. Happy to share our pilot "
        "contract template in return.",
        "5h ago",
        15,
        9,
    ),
    FeedPost(
        3,
        "Lena Fischer",
        "LF",
        "PayPilot",
        "Lesson of the week: charging from day one told us more than three months of free "
        "beta feedback.",
        "1d ago",
        41,
        12,
    ),
)

TRENDING_TOPICS: tuple[tuple[str, int], ...] = (
    ("#FundraisingTips", 128),
    ("#ProductMarketFit", 96),
    ("#GrowthHacks", 74),
    ("#AIStartups", 61),
    ("#FounderMentalHealth", 45),
)

#: Founders to follow: (name, company, avatar initials).
FOUNDERS: tuple[tuple[str, str, str], ...] = (
    ("Tomás Rivera", "LearnLab", "TR"),
    ("Aisha Bello", "MediTrack", "AB"),
    ("Kenji Watanabe", "ShipFast", "KW"),
)

CHALLENGES: tuple[Challenge, ...] = (
    Challenge(
        1,
        "30-Day Revenue Sprint",
        "Grow monthly recurring revenue by 20% in 30 days. Share your weekly numbers and the "
        "experiment behind each jump in the Arena Feed.",
        "Hard",
        "125 points",
        214,
        12,
        True,
    ),
    Challenge(
        2,
        "Customer Interview Marathon",
        "Talk to 15 potential customers in two weeks and post the three biggest surprises "
        "you heard.",
        "Medium",
        "75 points",
        389,
        9,
        True,
    ),
    Challenge(
        3,
        "Pitch Deck Polish",
        "Cut your pitch deck to 10 slides and get feedback from three founders in the Arena.",
        "Medium",
        "50 points",
        156,
        5,
        True,
    ),
)

PAST_CHALLENGES: tuple[Challenge, ...] = (
    Challenge(
        4,
        "Launch Week",
        "Ship a public launch and collect the first 100 sign-ups.",
        "Hard",
        "100 points",
        502,
        0,
        False,
    ),
    Challenge(
        5,
        "Landing Page Makeover",
        "Rewrite your landing page around one clear promise and measure the conversion.",
        "Medium",
        "60 points",
        278,
        0,
        False,
    ),
)

#: Resources: (title, description, internal path).
RESOURCES: tuple[tuple[str, str, str], ...] = (
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
    (
        "Talk it through",
        "Prepare interviews and pitches with the AI Co-Founder.",
        "/ai-cofounder",
    ),
)

EVENTS: tuple[ArenaEvent, ...] = (
    ArenaEvent(
        1,
        "Founder Pitch Night",
        "November 8, 2023",
        8,
        "6:00 PM",
        "Online",
        "Five-minute pitches to a panel of angel investors, with live feedback.",
        "Pitch Competition",
    ),
    ArenaEvent(
        2,
        "Growth Marketing Workshop",
        "November 15, 2023",
        15,
        "2:00 PM",
        "Online",
        "Hands-on session on low-budget acquisition channels that work.",
        "Workshop",
    ),
    ArenaEvent(
        3,
        "Arena Founders Meetup",
        "November 22, 2023",
        22,
        "7:00 PM",
        "Berlin",
        "An evening of demos and conversations with founders from the leaderboard.",
        "Networking",
    ),
)

#: Event types: (name, description, lucide icon).
EVENT_TYPES: tuple[tuple[str, str, str], ...] = (
    ("Pitch Competition", "Pitch to investors and other founders.", "mic"),
    ("Workshop", "Practical sessions led by operators.", "wrench"),
    ("Networking", "Meet founders at your stage.", "users"),
    ("AMA", "Ask experienced founders anything.", "message-circle-question"),
)

#: What the join page promises: (title, text, lucide icon).
EXPERIENCE: tuple[tuple[str, str, str], ...] = (
    ("Leaderboard", "See where your startup ranks and what drives the score.", "trophy"),
    ("Arena Feed", "Share wins and lessons; likes and posts earn points.", "messages-square"),
    ("Challenges", "Take on sprints that push your metrics.", "target"),
    ("Events", "Pitch nights, workshops and meetups.", "calendar-days"),
)
PRIZES: tuple[tuple[str, str, str], ...] = (
    (
        "Challenge points",
        f"Each challenge is worth {MIN_REWARD}-{MAX_REWARD} points.",
        "medal",
    ),
    ("Top five spotlight", "The top five startups are featured on the leaderboard.", "star"),
    ("Founder badges", "Badges for challenges you complete.", "award"),
)


def challenge(challenge_id: int) -> Challenge | None:
    """An active or past challenge by id."""
    return next((c for c in (*CHALLENGES, *PAST_CHALLENGES) if c.id == challenge_id), None)


def reward_points(reward: str) -> int:
    """The number in a reward text ('125 points' -> 125)."""
    digits = "".join(ch for ch in reward if ch.isdigit())
    return int(digits) if digits else 0


def join_once(joined: Iterable[int], item_id: int) -> tuple[list[int], bool]:
    """(the joined ids, whether `item_id` was new): joining twice changes nothing."""
    ids = list(joined)
    if item_id in ids:
        return ids, False
    return [*ids, item_id], True


def add_post(posts: Sequence[FeedPost], post: FeedPost) -> list[FeedPost]:
    """The feed with `post` at the top, newest MAX_FEED_POSTS kept."""
    return [post, *posts][:MAX_FEED_POSTS]


def next_post_id(ids: Iterable[int]) -> int:
    return max(ids, default=0) + 1


def month_grid(year: int = CALENDAR_YEAR, month: int = CALENDAR_MONTH) -> list[list[int]]:
    """The month's weeks from Sunday to Saturday; 0 for days outside the month."""
    return calendar.Calendar(firstweekday=calendar.SUNDAY).monthdayscalendar(year, month)


WEEKDAYS: tuple[str, ...] = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")
CALENDAR_TITLE = f"{calendar.month_name[CALENDAR_MONTH]} {CALENDAR_YEAR}"
