"""Bounds on JSON from outside, checked on the text before it is decoded (pure: no I/O).

Python's decoder recurses once per nested array or object: a body a few thousand levels deep
ends in a RecursionError (and a traceback) instead of a clean refusal.
"""

from __future__ import annotations

import re

# A JSON string (escapes included), so brackets inside strings are not counted.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_within(text: str, limit: int) -> bool:
    """Whether no array or object in `text` sits more than `limit` levels deep."""
    depth = 0
    for match in _BRACKETS.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return False
        else:
            depth -= 1
    return True
