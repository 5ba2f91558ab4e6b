"""Reading values out of a model's JSON reply leniently: plain text, 0-100 scores, the first
present of several keys, and the pydantic base that ignores unknown fields. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import UnionType
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

MAX_TEXT = 2000
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


class Lenient(BaseModel):
    """A reply model: unknown fields are ignored, fields may be given by name or alias."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)


def clamp_score(value: Any, default: int) -> int:
    """0-100 from a number or text such as '72', '72%' or '72/100'; `default` otherwise."""
    if isinstance(value, bool) or value is None:
        return default
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str) and (match := _NUMBER.search(value)):
        number = float(match.group())
    else:
        return default
    if number != number:  # NaN
        return default
    return max(0, min(100, round(number)))


def plain_text(value: Any, limit: int = MAX_TEXT) -> str:
    """Plain single-spaced text (numbers become text), cut to `limit` characters."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int | float):
        value = str(value)
    if not isinstance(value, str):
        return ""
    text = " ".join(value.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def first_text(item: Mapping[str, Any], keys: tuple[str, ...], limit: int = MAX_TEXT) -> str:
    """The first of `keys` that holds text in `item` ('' when none does)."""
    for key in keys:
        text = plain_text(item.get(key), limit)
        if text:
            return text
    return ""


def text_entry(data: Any, keys: tuple[str, ...]) -> Any:
    """A reply's entry with a `text` (a claim, a trend): a bare text becomes its `text`; an
    object without one takes the first of `keys` that holds text; anything else is as it is."""
    if isinstance(data, str):
        return {"text": data}
    if isinstance(data, Mapping) and not plain_text(data.get("text")):
        return {**data, "text": first_text(data, keys)}
    return data


def text_list(value: Any, keys: tuple[str, ...], limit: int, most: int) -> list[str]:
    """A list of short texts from a list of strings or of objects holding one of `keys`."""
    if not isinstance(value, list):
        return []
    texts = []
    for item in value:
        text = (
            first_text(item, keys, limit) if isinstance(item, Mapping) else plain_text(item, limit)
        )
        if text:
            texts.append(text)
    return texts[:most]


def reply_entries(value: Any, kinds: type | UnionType) -> list[Any]:
    """The entries of a reply's list that are of `kinds` (anything but a list: none)."""
    items = value if isinstance(value, list) else []
    return [item for item in items if isinstance(item, kinds)]


def named_entries(value: Any, model: type, most: int) -> list[Any]:
    """The first `most` entries of a reply's list that are `model`s or objects with a name."""
    entries = reply_entries(value, model | Mapping)
    named = [i for i in entries if isinstance(i, model) or plain_text(i.get("name"), 120)]
    return named[:most]


def named_entries_field(field: str, model: type, most: int) -> Any:
    """A reply model's before-validator for the list `field`: its `named_entries`."""
    return field_validator(field, mode="before")(
        lambda cls, value: named_entries(value, model, most)
    )


def section_field(*fields: str, model: type) -> Any:
    """A reply model's before-validator for the sub-objects `fields`: anything that is not an
    object (or a `model`) counts as empty."""
    return field_validator(*fields, mode="before")(
        lambda cls, value: value if isinstance(value, Mapping | model) else {}
    )


def text_field(field: str, most: int | None = None, *, missing: str = "") -> Any:
    """A reply model's after-validator for the text `field`: cut to `most` characters; with
    `missing`, an empty text makes the reply unreadable (`missing` says why)."""

    def check(cls: type, value: str) -> str:
        if missing and not value:
            raise ValueError(missing)
        return value[:most]

    return field_validator(field, mode="after")(check)
