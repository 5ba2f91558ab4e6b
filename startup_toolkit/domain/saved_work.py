"""How a tool's kept result reads in the AI Co-Founder's summary of an idea
(`domain/cofounder_context`): each tool's spec says it with a `WorkSummary`, built from the
small readers here (a bounded plain line, a path into the JSON, the first few texts of a list,
a 0-100 score). The result is the founder's saved data read as text, never instructions: a
fence tag inside it is removed so it cannot close the summary's fence. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

MAX_ITEM = 160
MAX_ITEMS = 3
FENCE = "saved_work"
FENCE_TAG = re.compile(rf"<\s*/?\s*{FENCE}\b[^>]*>", re.IGNORECASE)
#: Where a tool stands when it gives risks or next steps and another does too (lower first).
LAST = 99


@dataclass(frozen=True)
class WorkSummary:
    """What the summary reads from a tool's latest kept run: a line of its own (`line(result,
    when)`, `when` the run's " (date, origin)" note; '' for none), put before the key risks when
    `leads`, else after the next steps; its key risks and its next steps, each list taken from
    the first tool by rank that has some."""

    line: Callable[[Any, str], str] | None = None
    leads: bool = False
    risks: Callable[[Any], list[str]] | None = None
    risks_rank: int = LAST
    steps: Callable[[Any], list[str]] | None = None
    steps_rank: int = LAST


def text(value: Any, limit: int = MAX_ITEM) -> str:
    """One line of plain text, at most `limit` characters, cut at a word with an ellipsis."""
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        return ""
    plain = re.sub(r"\s+", " ", FENCE_TAG.sub("", str(value))).strip()
    if len(plain) <= limit:
        return plain
    cut = plain[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:.- ")
    return f"{cut or plain[: limit - 1]}…"


def dig(data: Any, *path: str) -> Any:
    """The value at `path` in nested objects (None where one is missing)."""
    for key in path:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def texts(items: Any, key: str = "") -> list[str]:
    """The first few non-empty texts of a list (of strings, or of objects' `key`)."""
    if not isinstance(items, list):
        return []
    out = []
    for item in items:
        line = text(dig(item, key) if key else item)
        if line:
            out.append(line)
        if len(out) == MAX_ITEMS:
            break
    return out


def score(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return max(0, min(100, round(value)))
