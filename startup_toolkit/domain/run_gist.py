"""A kept result's gist in one line, for tools without a headline of their own: the first
sentence of its most telling text. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

HEADLINE_CHARS = 140

#: Where a result's gist usually is, for tools without a headline of their own.
_GIST_KEYS = (
    "headline",
    "title",
    "summary",
    "overview",
    "analysis",
    "prediction",
    "verdict",
    "content",
    "text",
    "reply",
    "message",
)


def _first_sentence(text: str) -> str:
    plain = re.sub(r"<[^>]+>|[#*_`>]+", " ", text)
    plain = re.sub(r"\s+", " ", plain).strip()
    first = re.split(r"(?<=[.!?])\s", plain, maxsplit=1)[0]
    if len(first) > HEADLINE_CHARS:
        first = first[: HEADLINE_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return first


def gist(result: Any, depth: int = 0) -> str:
    if isinstance(result, str):
        return _first_sentence(result)
    if isinstance(result, Mapping) and depth < 3:
        for key in _GIST_KEYS:
            if key in result and (found := gist(result[key], depth + 1)):
                return found
        for value in result.values():
            if isinstance(value, Mapping) and (found := gist(value, depth + 1)):
                return found
    if isinstance(result, list) and result and depth < 3:
        return gist(result[-1], depth + 1)
    return ""
