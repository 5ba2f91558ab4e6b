"""The Startup Arena's rules (T-ARENA-1..3, issue 16): the join form, posts, the score, the
ranking, challenge progress from kept tool runs, and the texts. Pure: no I/O.

Issue 16 makes the Arena shared and stored: entries, posts, likes and joined challenges are
rows every signed-in founder sees. The score comes from real activity only (kept AI tool
runs, challenges completed, likes received from other founders), so liking and unliking
farms nothing. The challenges, events and sample startups are in `arena_content`.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

# --- Bounds -----------------------------------------------------------------------------------

MAX_COMPANY_NAME = 100
MAX_INDUSTRY = 60
MAX_METRIC = 40
MAX_DESCRIPTION = 1000
MAX_POST = 500
#: A founder may share this many posts per rolling hour.
MAX_POSTS_PER_HOUR = 5
#: Setters keep at most this much of a text (the validation then says what is too long).
INPUT_CAP = MAX_DESCRIPTION + 200
#: The feed shows the newest posts only, so a tab's state stays small.
MAX_FEED_POSTS = 50
#: The leaderboard shows this many entries, and Load More Rankings this many more.
LEADERBOARD_SIZE = 5
#: Sample startups and posts are shown while fewer founders than this have entered.
SAMPLE_THRESHOLD = 5
#: How often an open Arena tab asks the database whether anything changed.
POLL_SECONDS = 3

# --- The score --------------------------------------------------------------------------------

RUN_POINTS = 2
LIKE_POINTS = 3
SCORE_FORMULA = (
    f"Score = {RUN_POINTS} x AI tool runs + the points of completed challenges "
    f"+ {LIKE_POINTS} x likes received from other founders"
)
RANKING_NOTE = "Live ranking of the founders in the Arena, recomputed from their activity."


def arena_score(runs: int, challenge_points: int, likes: int) -> int:
    """The score of SCORE_FORMULA."""
    return RUN_POINTS * max(0, runs) + max(0, challenge_points) + LIKE_POINTS * max(0, likes)


def score_breakdown(runs: int, challenge_points: int, likes: int) -> list[tuple[str, int]]:
    """Where a score came from: (label, points), in the formula's order."""
    return [
        (f"AI tool runs ({runs} x {RUN_POINTS})", RUN_POINTS * runs),
        ("Completed challenges", challenge_points),
        (f"Likes received ({likes} x {LIKE_POINTS})", LIKE_POINTS * likes),
    ]


@dataclasses.dataclass(frozen=True)
class Ranked:
    """An entry to rank: its id, score and when it entered (earlier wins a tie)."""

    entry_id: int
    score: int
    entered: datetime


def rank(entries: Iterable[Ranked]) -> list[Ranked]:
    """Highest score first; on equal scores the earlier entry first, then the lower id."""
    return sorted(entries, key=lambda e: (-e.score, e.entered, e.entry_id))


def points_to_top_five(score: int, scores: Sequence[int]) -> int:
    """Points a founder with `score` still needs to reach the fifth place of the ranked
    `scores` (theirs included); 0 when they are in the top five."""
    ranked = sorted(scores, reverse=True)
    if len(ranked) < LEADERBOARD_SIZE or score >= ranked[LEADERBOARD_SIZE - 1]:
        return 0
    return ranked[LEADERBOARD_SIZE - 1] - score + 1


def progress_to_top_five(score: int, scores: Sequence[int]) -> int:
    """Percent of the way from 0 to the fifth place's score (0-100)."""
    to_go = points_to_top_five(score, scores)
    if to_go == 0:
        return 100
    return max(0, min(99, round(score * 100 / (score + to_go))))


# --- Texts (spec sections 5 and 8, issue 16) -----------------------------------------------

MISSING = "Missing information"
MISSING_DETAIL = "Please fill all required fields"
TOO_LONG = "Please shorten your entries"
TOO_LONG_DETAIL = "Some fields are longer than allowed."
EMPTY_POST = "Empty post"
EMPTY_POST_DETAIL = "Please write something to post"
POST_TOO_LONG = f"Posts can be up to {MAX_POST} characters."
POST_LIMIT = "Posting limit reached"
POST_LIMIT_DETAIL = (
    f"You can share up to {MAX_POSTS_PER_HOUR} posts an hour. Please try again later."
)
#: A founder's own post is not theirs to like (issue 28, item 11).
OWN_POST_TITLE = "That's your post"
OWN_POST_DETAIL = "Likes come from other founders."
NOT_JOINED = "Enter the Arena first"
ALREADY_JOINED = "Already joined"
ALREADY_REGISTERED = "Already registered"
SHARED_NOTICE = (
    "Your startup entry, posts and likes are seen by every signed-in founder. Challenge "
    "progress counts the AI tool runs you keep; the score is computed from real activity."
)
SAMPLES_NOTICE = (
    f"Fewer than {SAMPLE_THRESHOLD} founders have entered so far: the startups and posts "
    "marked Sample are illustrative and disappear once the Arena fills up."
)
EVENTS_NOTICE = "Sample events: dates are set relative to today and nothing is held yet."

#: The join form's required fields: (name, label, maximum length).
JOIN_FIELDS: tuple[tuple[str, str, int], ...] = (
    ("company", "Company Name", MAX_COMPANY_NAME),
    ("industry", "Industry", MAX_INDUSTRY),
    ("revenue", "Monthly Revenue", MAX_METRIC),
    ("users", "Active Users", MAX_METRIC),
    ("growth", "Monthly Growth %", MAX_METRIC),
)
JOIN_FIELD_NAMES = frozenset(name for name, _, _ in JOIN_FIELDS)
#: Every field of an entry: the required ones and the optional description.
ENTRY_FIELD_NAMES = JOIN_FIELD_NAMES | {"description"}

_CONTROL = re.compile(r"[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]")
_BLANK_LINES = re.compile(r"\n{3,}")


def plain_text(value: Any) -> str:
    """A founder's text as plain text: trimmed, normalised (NFC), line breaks as \\n, no
    control or invisible format characters, at most one blank line in a row. It is always
    rendered as text, never as HTML."""
    if not isinstance(value, str):
        return ""
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n").replace("\r", "\n"))
    text = _CONTROL.sub("", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return _BLANK_LINES.sub("\n\n", text).strip()


def entry_values(values: dict[str, Any]) -> dict[str, str]:
    """An entry's fields as plain text (one line each; the description keeps line breaks)."""
    out = {name: " ".join(plain_text(values.get(name)).split()) for name in JOIN_FIELD_NAMES}
    out["description"] = plain_text(values.get("description"))
    return out


def validate_join(values: dict[str, Any]) -> dict[str, str]:
    """The message for each wrong field (none when the founder may enter).

    Spec: company name, industry, revenue, users and growth all filled."""
    clean = entry_values(values)
    errors: dict[str, str] = {}
    for name, label, limit in JOIN_FIELDS:
        if not clean[name]:
            errors[name] = f"{label} is required."
        elif len(clean[name]) > limit:
            errors[name] = f"{label} can be up to {limit} characters."
    if len(clean["description"]) > MAX_DESCRIPTION:
        errors["description"] = f"The description can be up to {MAX_DESCRIPTION:,} characters."
    return errors


def join_toast(errors: dict[str, str]) -> tuple[str, str]:
    """(title, description) of the toast for a refused join."""
    if any(message.endswith("is required.") for message in errors.values()):
        return MISSING, MISSING_DETAIL
    return TOO_LONG, TOO_LONG_DETAIL


def validate_post(text: Any) -> str | None:
    """None when the post may go out, otherwise why not."""
    content = plain_text(text)
    if not content:
        return EMPTY_POST_DETAIL
    if len(content) > MAX_POST:
        return POST_TOO_LONG
    return None


def initials(name: str) -> str:
    """Up to two capital letters for an avatar ('Nova Health' -> 'NH')."""
    words = [w for w in name.split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


_TAG = re.compile(r"(?<![\w#])#([A-Za-z][A-Za-z0-9_]{1,39})")


def trending(texts: Iterable[str], limit: int = 5) -> list[tuple[str, int]]:
    """The hashtags used in most posts ('#Tag', posts), most first; a tag counts once a post
    and case does not matter (shown as first written)."""
    counts: Counter[str] = Counter()
    shown: dict[str, str] = {}
    for text in texts:
        tags = {}
        for tag in _TAG.findall(text):
            tags.setdefault(tag.lower(), tag)
        for key, tag in tags.items():
            counts[key] += 1
            shown.setdefault(key, tag)
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(f"#{shown[key]}", n) for key, n in ordered[:limit]]


def time_ago(when: datetime, now: datetime) -> str:
    """'Just now', '5m ago', '3h ago', '2d ago', then the date ('Mar 4')."""
    seconds = max(0, int((now - when).total_seconds()))
    if seconds < 60:
        return "Just now"
    if seconds < 3600:
        return f"{seconds // 60}m ago"
    if seconds < 86400:
        return f"{seconds // 3600}h ago"
    if seconds < 7 * 86400:
        return f"{seconds // 86400}d ago"
    return f"{when:%b} {when.day}"


# --- Challenges: progress from kept tool runs -------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Challenge:
    """A challenge a founder completes with the AI tools: `target` kept runs of `tools`
    (or of `target` different tools when `distinct`) within `days` of joining."""

    key: str
    title: str
    description: str
    difficulty: str  # 'Hard' or 'Medium'
    reward: int  # points, 50-125
    tools: tuple[str, ...]
    target: int
    days: int
    unit: str  # what is counted, e.g. 'analyses'
    distinct: bool = False

    @property
    def reward_text(self) -> str:
        return f"{self.reward} points"


@dataclasses.dataclass(frozen=True)
class ChallengeStatus:
    done: int  # runs counted (at most the target)
    completed: bool
    ended: bool  # the window closed before the target was reached
    days_left: int


def count_toward(
    challenge: Challenge, joined_at: datetime, runs: Iterable[tuple[str, datetime]]
) -> int:
    """How many of `runs` ((tool key, kept at)) count toward `challenge` joined at
    `joined_at`: runs of its tools kept from joining until its window closes."""
    closes = joined_at + timedelta(days=challenge.days)
    counted = [tool for tool, at in runs if tool in challenge.tools and joined_at <= at < closes]
    return len(set(counted)) if challenge.distinct else len(counted)


def challenge_status(
    challenge: Challenge,
    joined_at: datetime,
    completed_at: datetime | None,
    runs: Iterable[tuple[str, datetime]],
    now: datetime,
) -> ChallengeStatus:
    """Where a joined challenge stands at `now` (a completed one stays completed)."""
    done = min(challenge.target, count_toward(challenge, joined_at, runs))
    completed = completed_at is not None or done >= challenge.target
    if completed:
        done = challenge.target
    closes = joined_at + timedelta(days=challenge.days)
    left = max(0, (closes - now).days + (1 if (closes - now).seconds else 0))
    return ChallengeStatus(done, completed, not completed and now >= closes, left)


def progress_text(challenge: Challenge, done: int) -> str:
    return f"{done} of {challenge.target} {challenge.unit}"
