"""The founder's workspace without I/O: which idea a run belongs to (the normalised text and
its key, a title made from it), what a run keeps (`KeepRun`), and a tool's result as JSON."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

MAX_TITLE = 80
MAX_DESCRIPTION = 5000
MAX_INPUT_CHARS = 20_000


@dataclass(frozen=True)
class KeepRun:
    """How a tool run is kept for a signed-in founder: the tool's key (`domain/tools`), its
    input as JSON, and the idea it belongs to (an existing idea's id, else the idea's text;
    neither: no idea)."""

    tool: str
    inputs: Mapping[str, Any] = field(default_factory=dict)
    idea_text: str = ""
    idea_id: int | None = None


def normalised(text: Any) -> str:
    """The idea text as compared: lower case, single spaces, no surrounding punctuation."""
    if not isinstance(text, str):
        return ""
    return re.sub(r"\s+", " ", text).strip().strip(".!?;:,").strip().lower()


def text_key(text: Any) -> str:
    """The key of an idea's text ('' for none): the same words give the same idea."""
    plain = normalised(text)
    return hashlib.sha256(plain.encode("utf-8")).hexdigest() if plain else ""


def title_from(text: Any) -> str:
    """A title for a new idea: its first sentence (or line), at most 80 characters, cut at a
    word."""
    if not isinstance(text, str):
        return "Untitled idea"
    plain = re.sub(r"\s+", " ", text).strip()
    first = re.split(r"(?<=[.!?])\s|\n", text.strip(), maxsplit=1)[0].strip() or plain
    first = re.sub(r"\s+", " ", first).rstrip(".!?;:, ")
    if len(first) > MAX_TITLE:
        cut = first[: MAX_TITLE - 1].rsplit(" ", 1)[0].rstrip(",;: ")
        first = f"{cut or first[: MAX_TITLE - 1]}…"
    return first[:1].upper() + first[1:] if first else "Untitled idea"


def clean_title(title: Any) -> str | None:
    """A founder's new name for an idea, trimmed; None when it is empty or not text."""
    if not isinstance(title, str):
        return None
    plain = re.sub(r"\s+", " ", title).strip()
    return plain[:MAX_TITLE] if plain else None


def as_json(value: Any) -> Any:
    """A tool's result or input as plain JSON (pydantic models, dataclasses, text)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return as_json(dataclasses.asdict(value))
    if isinstance(value, Mapping):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_json(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)
