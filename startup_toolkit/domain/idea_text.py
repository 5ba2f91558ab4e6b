"""The startup idea typed into the Viability Scanner's and the Idea Incubator's forms: what
counts, its upper bound, the counter under the field and the too-long texts. Pure: no I/O."""

from __future__ import annotations

from typing import Any

MAX_IDEA_LENGTH = 5000
#: What the idea setter keeps at most (beyond the limit, so the message can say by how much).
IDEA_INPUT_CAP = MAX_IDEA_LENGTH + 1000

TOO_LONG = "Your description is too long"
TOO_LONG_DETAIL = f"Please keep it to {MAX_IDEA_LENGTH:,} characters or fewer."


def idea_length(idea: Any) -> int:
    """Characters that count: the trimmed text."""
    return len(idea.strip()) if isinstance(idea, str) else 0
