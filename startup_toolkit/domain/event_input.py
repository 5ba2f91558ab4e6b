"""What a visitor's event may look like before the app acts on it (issue 27, item 3).

Two checks, both pure (no Reflex, no I/O):

- `too_deep(text)`: whether JSON text nests arrays/objects deeper than `MAX_DEPTH`, decided on
  the raw text before any decoder sees it. Python's JSON decoder recurses once per level and
  raised a RecursionError (a traceback in the log) for every frame ~1,000 levels deep. The
  check strips strings, keeps only brackets and removes the innermost pairs one level per
  pass, all at C speed; an ordinary event has fewer brackets than the bound and is never
  scanned.
- `misfit(payload, parameters, hints)`: why an event's arguments do not fit the handler's
  signature and type hints (None: they fit), so a handler never runs on, say, a list where
  it declared a dict. It accepts what Reflex itself converts on the way in: numbers as text
  for `int`/`float`, ISO text for dates and times, text for a UUID, lists for sets and tuples,
  objects for dataclasses and models, an enum's values. A hint it does not know is accepted.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import inspect
import re
import types
import typing
import uuid
from collections import abc
from collections.abc import Callable, Mapping
from typing import Any

MAX_DEPTH = 32

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_AS_SQUARE = str.maketrans("{}", "[]")


class NestingTooDeep(ValueError):
    """JSON text nested deeper than the bound (a ValueError, as decoders' errors are)."""


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether `text`'s arrays and objects nest more than `limit` levels (invalid JSON that
    does not is left to the decoder to refuse)."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= limit:
        return False
    # Only the structure is left, one kind of bracket (the decoder refuses mismatched ones).
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text)).translate(_AS_SQUARE)
    if "[" * (limit + 1) in brackets:
        return True
    for _ in range(limit):  # each pass removes the innermost level
        shorter = brackets.replace("[]", "")
        if len(shorter) == len(brackets):
            return False
        brackets = shorter
    return "[]" in brackets


def bounded(loads: Callable[..., Any], limit: int = MAX_DEPTH) -> Callable[..., Any]:
    """`loads` that refuses text nested deeper than `limit` before decoding it."""

    def bounded_loads(data: str | bytes, **kwargs: Any) -> Any:
        if too_deep(data, limit):
            raise NestingTooDeep(f"nested deeper than {limit} levels")
        return loads(data, **kwargs)

    bounded_loads.bounded_by = limit  # type: ignore[attr-defined]
    return bounded_loads


# Reflex turns text into these for a handler (its deserializers).
_FROM_TEXT: dict[type, Callable[[str], object]] = {
    int: int,
    float: float,
    datetime.datetime: datetime.datetime.fromisoformat,
    datetime.date: datetime.date.fromisoformat,
    datetime.time: datetime.time.fromisoformat,
    uuid.UUID: uuid.UUID,
}
_SEQUENCES = (list, tuple, set, frozenset, abc.Sequence, abc.Collection, abc.Iterable)
_MAPPINGS = (dict, abc.Mapping, abc.MutableMapping)


def _from_text(value: str, hint: type) -> bool:
    try:
        _FROM_TEXT[hint](value)
    except (ValueError, OverflowError):
        return False
    return True


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _fits_class(value: object, hint: type) -> bool:
    if hint is object:
        return True
    if hint is bool:
        return isinstance(value, bool)
    if hint in (int, float) and isinstance(value, str):
        return _from_text(value, hint)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return _is_number(value)
    if hint is str:
        return isinstance(value, str)
    if hint in _FROM_TEXT:
        return isinstance(value, hint) or (isinstance(value, str) and _from_text(value, hint))
    if issubclass(hint, enum.Enum):
        return any(value == member.value for member in hint)
    if issubclass(hint, _MAPPINGS):
        return isinstance(value, dict)
    if issubclass(hint, _SEQUENCES):
        return isinstance(value, list)
    if dataclasses.is_dataclass(hint) or hasattr(hint, "model_fields") or _is_typed_dict(hint):
        return isinstance(value, dict)
    return True


def _is_typed_dict(hint: type) -> bool:
    return isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__total__")


def fits(value: object, hint: Any) -> bool:
    """Whether a decoded JSON `value` is acceptable for an argument hinted `hint`."""
    if hint is Any or hint is inspect.Parameter.empty or isinstance(hint, typing.TypeVar | str):
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        return fits(value, args[0])
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, arg) for arg in args)
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in args)
    if origin is not None and isinstance(origin, type):
        if not _fits_class(value, origin):
            return False
        if issubclass(origin, _MAPPINGS) and len(args) == 2 and isinstance(value, dict):
            return all(fits(item, args[1]) for item in value.values())
        if isinstance(value, list) and args:
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return len(value) == len(args) and all(map(fits, value, args))
            return all(fits(item, args[0]) for item in value)
        return True
    if isinstance(hint, type):
        return _fits_class(value, hint)
    return True


def misfit(
    payload: object, parameters: Mapping[str, inspect.Parameter], hints: Mapping[str, Any]
) -> str | None:
    """Why `payload` cannot be a handler's arguments (its parameters but `self`, and their
    type hints), or None when it fits."""
    if not isinstance(payload, dict):
        return "arguments not an object"
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    named = {
        name: p
        for name, p in parameters.items()
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }
    for name, value in payload.items():
        if name not in named:
            if not takes_any:
                return "unexpected argument"
            continue
        if not fits(value, hints.get(name, Any)):
            return "argument of the wrong type"
    for name, p in named.items():
        if p.default is inspect.Parameter.empty and name not in payload:
            return "missing argument"
    return None
