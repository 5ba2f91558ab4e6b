"""The weekly watch on a brief (issue 30, item 2): what a re-check of an idea's Scanner run
says changed, with no false alarms. Pure: no I/O.

Only structured facts are compared, never prose: the overall and category scores, the
competitors (by name or domain) and the market figures (size, growth) with the page each one
cites. A score move counts only beyond `SCORE_SPREAD`; a competitor is new only when it was
absent from each of the last `RECENT_RUNS` runs, and gone only when it was in each of them; a
market figure changed only when its value (read as a number where it is one) differs and the
new value cites a page read. The first run of a watch is its baseline and never notifies; a
failed re-check is an error, never a change. `fingerprint` names a model call's inputs (model,
system and prompt, the pages read), so a re-check whose inputs did not change skips the call
and reports nothing."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from startup_toolkit.domain import research, scanner

#: Score points within which two runs on the same inputs differ. The Scanner runs at a low
#: temperature with a seed and the app takes the overall score as the mean of its categories;
#: runs on unchanged inputs still move a category by a few points (up to 5 seen on the same
#: idea and pages), so a move is reported only when it is larger than this.
SCORE_SPREAD = 5
#: How many earlier runs a competitor must be absent from (present in) to be new (gone).
RECENT_RUNS = 3
#: A share of the interval by which each next check is moved later (at most `MAX_JITTER`), so
#: many founders' watches do not all fall due at the same second.
JITTER_SHARE = 0.05
MAX_JITTER = timedelta(hours=1)

# What one check found (`WatchCheck.status`).
RUNNING, FIRST, CHANGED, UNCHANGED, FAILED, SKIPPED = (
    "running",
    "first",
    "changed",
    "unchanged",
    "failed",
    "skipped",
)
#: A check that asked (or rightly skipped) the model and compared: its inputs are the watch's.
SUCCEEDED = frozenset({FIRST, CHANGED, UNCHANGED})
STATUS_LABELS: dict[str, str] = {
    RUNNING: "Checking now",
    FIRST: "First check (the baseline)",
    CHANGED: "Changes found",
    UNCHANGED: "No change",
    FAILED: "Check failed",
    SKIPPED: "Skipped",
}
# Kinds of change.
SCORE, CATEGORY, NEW_COMPETITOR, GONE_COMPETITOR, MARKET = (
    "score",
    "category",
    "competitor_new",
    "competitor_gone",
    "market",
)
MARKET_LABELS = {"size": "Market size", "growth": "Market growth"}


# --- Facts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A market figure as it was cited: its value and the page read it cites ('' for none)."""

    value: str
    url: str = ""


@dataclass(frozen=True)
class Facts:
    """What a Scanner run says, as facts that can be compared."""

    score: int
    categories: Mapping[str, tuple[str, int]] = field(default_factory=dict)  # key: (name, score)
    competitors: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # key: (name, url)
    market: Mapping[str, Figure] = field(default_factory=dict)  # "size", "growth"


def _key(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


_SUFFIXES = {"inc", "llc", "ltd", "limited", "corp", "corporation", "co", "gmbh", "plc", "sa"}
_DOMAIN = re.compile(r"^(?:https?://)?(?:www\.)?([a-z0-9-]+)\.[a-z.]{2,}(?:/.*)?$")


def competitor_key(name: str) -> str:
    """A competitor's name as compared: lower case, its domain's name for a domain
    ('Calendly.com' and 'calendly' are one), without company suffixes ('Inc.')."""
    text = name.strip().lower()
    found = _DOMAIN.match(text)
    if found is not None:
        return found.group(1)
    words = [w for w in _key(text).split() if w not in _SUFFIXES]
    return " ".join(words)


def _cited_url(numbers: Sequence[int], source: str, evidence: research.Evidence) -> str:
    checked = research.check_citation(numbers, source, evidence.sources)
    return checked.url if checked.state == research.VERIFIED else ""


def facts_of(scan: scanner.ScanResult) -> Facts:
    """The comparable facts of a Scanner result."""
    categories = {
        _key(c.category): (c.category, c.score) for c in scan.categories if _key(c.category)
    }
    competitors: dict[str, tuple[str, str]] = {}
    for c in scan.competitors:
        key = competitor_key(c.name)
        if key and key not in competitors:
            competitors[key] = (c.name.strip(), _cited_url(c.sources, "", scan.evidence))
    market: dict[str, Figure] = {}
    m = scan.marketInsights
    for name, figure in (("size", m.size), ("growth", m.growthRate)):
        if figure.value.strip() and figure.value != scanner.NOT_AVAILABLE:
            url = _cited_url(figure.sources, figure.source, scan.evidence)
            market[name] = Figure(figure.value.strip(), url)
    return Facts(scan.overallScore, categories, competitors, market)


# --- Figures read as numbers ------------------------------------------------------------------

_SCALES = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "tn": 1e12,
    "trillion": 1e12,
}
_NUMBER = re.compile(r"(\d+(?:[.,]\d+)*)\s*(%|[a-z]+)?", re.IGNORECASE)


def figure_value(text: str) -> tuple[float, str] | None:
    """A figure's first amount with its unit ('%' or ''), scaled ('$1.2B' and '1.2 billion
    dollars' are one); a bare year is not the amount. None when it holds no number."""
    for found in _NUMBER.finditer(text):
        digits, unit = found.group(1), (found.group(2) or "").lower()
        try:
            number = float(digits.replace(",", ""))
        except ValueError:
            continue
        if unit == "%":
            return number, "%"
        if unit in _SCALES:
            return number * _SCALES[unit], ""
        if re.fullmatch(r"(19|20)\d\d", digits):
            continue  # the figure's year, not its amount
        return number, ""
    return None


def same_value(before: str, after: str) -> bool:
    """Whether two figures say the same amount (0.5% apart at most), or the same words."""
    a, b = figure_value(before), figure_value(after)
    if a is None or b is None:
        return _key(before) == _key(after)
    if a[1] != b[1]:
        return False
    return math.isclose(a[0], b[0], rel_tol=0.005, abs_tol=1e-9)


# --- Comparing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One thing that changed, with the page it rests on ('' for a score move)."""

    kind: str
    text: str
    source: str = ""

    def as_row(self) -> dict[str, str]:
        return asdict(self)


def change_of(row: Any) -> Change | None:
    """A stored change (None: not one)."""
    if not isinstance(row, Mapping):
        return None
    kind, text, source = row.get("kind"), row.get("text"), row.get("source", "")
    if not isinstance(kind, str) or not isinstance(text, str) or not isinstance(source, str):
        return None
    return Change(kind, text, source)


def _moved(before: int, after: int) -> bool:
    return abs(after - before) > SCORE_SPREAD


def _signed(before: int, after: int) -> str:
    return f"{before} → {after} ({after - before:+d})"


def _scores(before: Facts, after: Facts) -> list[Change]:
    moves = [
        (name, old, new)
        for key, (name, new) in after.categories.items()
        if key in before.categories
        for old in (before.categories[key][1],)
        if _moved(old, new)
    ]
    reasons = ", ".join(f"{name} {_signed(old, new)}" for name, old, new in moves)
    if _moved(before.score, after.score):
        way = "up" if after.score > before.score else "down"
        why = f": {reasons}" if reasons else ": several categories moved a little each"
        text = f"Viability score {way} {_signed(before.score, after.score)}{why}."
        return [Change(SCORE, text)]
    return [Change(CATEGORY, f"{name} score {_signed(old, new)}.") for name, old, new in moves]


def _competitors(history: Sequence[Facts], after: Facts) -> list[Change]:
    recent = history[-RECENT_RUNS:]
    changes = []
    for key, (name, url) in after.competitors.items():
        if all(key not in run.competitors for run in recent):
            changes.append(Change(NEW_COMPETITOR, f"New competitor: {name}.", url))
    last = recent[-1]
    for key, (name, url) in last.competitors.items():
        if key not in after.competitors and all(key in run.competitors for run in recent):
            changes.append(Change(GONE_COMPETITOR, f"Competitor no longer listed: {name}.", url))
    return changes


def _market(before: Facts, after: Facts) -> list[Change]:
    changes = []
    for name, label in MARKET_LABELS.items():
        old, new = before.market.get(name), after.market.get(name)
        if old is None or new is None or not new.url or same_value(old.value, new.value):
            continue
        changes.append(Change(MARKET, f"{label}: {old.value} → {new.value}.", new.url))
    return changes


def compare(history: Sequence[Facts], after: Facts) -> tuple[Change, ...]:
    """What changed from the watch's earlier runs (oldest first, at least one) to `after`."""
    if not history:
        return ()
    before = history[-1]
    return (*_scores(before, after), *_competitors(history, after), *_market(before, after))


@dataclass(frozen=True)
class Finding:
    """What a check found: its status and the changes it reports (none but for CHANGED)."""

    status: str
    changes: tuple[Change, ...] = ()

    @property
    def notifies(self) -> bool:
        return self.status in (CHANGED, FAILED)


def judge(history: Sequence[Facts], after: Facts | None) -> Finding:
    """A check's finding: a failed re-check (`after` None) is an error, not a change; the
    watch's first run is its baseline; else what changed, if anything."""
    if after is None:
        return Finding(FAILED)
    if not history:
        return Finding(FIRST)
    changes = compare(history, after)
    return Finding(CHANGED if changes else UNCHANGED, changes)


# --- Inputs and schedule ------------------------------------------------------------------------


def fingerprint(model: str, system: str, prompt: str, pages: Iterable[tuple[str, str, str]]) -> str:
    """The inputs of a model call: the model, its system prompt and prompt (without the
    evidence), and each page read (URL, title, text) in order."""
    data = {"model": model, "system": system, "prompt": prompt, "pages": [list(p) for p in pages]}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def period_of(at: datetime, interval: timedelta) -> int:
    """The period `at` falls in: whole intervals since the epoch (the claim's key)."""
    seconds = max(interval.total_seconds(), 1.0)
    return int(at.astimezone(UTC).timestamp() // seconds)


def next_check(now: datetime, interval: timedelta, draw: float) -> datetime:
    """When the next check falls due: one interval on, moved later by `draw` (0 to 1) of the
    jitter."""
    jitter = min(interval * JITTER_SHARE, MAX_JITTER) * min(max(draw, 0.0), 1.0)
    return now + interval + jitter


def interval_text(days: float) -> str:
    """'every 7 days', 'every day', or under a day in hours, minutes or seconds."""
    if days >= 1:
        whole = round(days)
        return "every day" if whole == 1 else f"every {whole} days"
    seconds = days * 86400
    for size, unit in ((3600, "hour"), (60, "minute"), (1, "second")):
        if seconds >= size:
            count = round(seconds / size)
            return f"every {unit}" if count == 1 else f"every {count} {unit}s"
    return "every second"


# --- The digest --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DigestItem:
    """One watched idea in a digest: its changes (or why its check failed), the two runs
    compared, where to read its brief and where to pause its watch (absolute links)."""

    title: str
    changes: tuple[Change, ...]
    error: str = ""
    run_link: str = ""
    compared_link: str = ""
    brief_link: str = ""
    mute_link: str = ""


NOTIFICATION_MAX = 1000


def digest_subject(items: Sequence[DigestItem], product: str) -> str:
    changed = sum(1 for i in items if i.changes)
    ideas = "idea" if changed == 1 else "ideas"
    if changed:
        return f"{product} weekly watch: {changed} {ideas} changed"
    return f"{product} weekly watch: a check could not run"


def digest_notification(items: Sequence[DigestItem]) -> str:
    """The digest as one notification: each idea's changes (or failed check) in a line."""
    lines = []
    for item in items:
        said = " ".join(c.text for c in item.changes) or f"Check failed: {item.error}"
        lines.append(f"{item.title}: {said}")
    text = "Weekly watch. " + " | ".join(lines)
    return text if len(text) <= NOTIFICATION_MAX else text[: NOTIFICATION_MAX - 1] + "…"


def digest_body(items: Sequence[DigestItem], unsubscribe_link: str, product: str) -> str:
    """The digest email: every idea's changes, each with its source, the two runs compared,
    and the links to pause a watch or stop these emails."""
    out = [f"What changed on the ideas you watch on {product}:", ""]
    for item in items:
        out.append(f"== {item.title} ==")
        if item.changes:
            for change in item.changes:
                out.append(f"- {change.text}")
                if change.source:
                    out.append(f"  Source: {change.source}")
            if item.compared_link and item.run_link:
                out.append(f"Compared: {item.compared_link} with {item.run_link}")
        else:
            out.append(f"- The check could not run: {item.error}")
        if item.brief_link:
            out.append(f"Brief: {item.brief_link}")
        if item.mute_link:
            out.append(f"Pause this watch: {item.mute_link}")
        out.append("")
    out.append(f"Stop these emails: {unsubscribe_link}")
    return "\n".join(out)
