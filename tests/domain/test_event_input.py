"""Issue 27, item 3: a visitor's event is bounded in nesting before it is decoded, and its
arguments must fit the handler's signature and type hints."""

from __future__ import annotations

import enum
import inspect
import json
from typing import Any, Literal

import pytest

from startup_toolkit.domain.event_input import (
    MAX_DEPTH,
    NestingTooDeep,
    bounded,
    fits,
    misfit,
    too_deep,
)


def _nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + "1" * (open_ == "[") + close * depth


def test_the_reviews_frame_is_too_deep() -> None:
    frame = '["event",{"payload":{"v":' + _nested(1100) + "}}]"
    assert too_deep(frame)
    with pytest.raises(NestingTooDeep):
        bounded(json.loads)(frame)


def test_the_bound_is_exact_for_arrays_objects_and_both() -> None:
    assert not too_deep(_nested(MAX_DEPTH))
    assert too_deep(_nested(MAX_DEPTH + 1))
    assert not too_deep('{"a":' * (MAX_DEPTH - 1) + "{}" + "}" * (MAX_DEPTH - 1))
    assert too_deep('{"a":' * MAX_DEPTH + "{}" + "}" * MAX_DEPTH)
    mixed = '[{"k":' * 17 + "1" + "}]" * 17  # 34 levels, never a run of 33 openers
    assert too_deep(mixed)
    assert not too_deep('[{"k":' * 16 + "1" + "}]" * 16)


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"name": "a" + "[" * 500, "payload": {"text": "{" * 500 + '\\"['}})
    assert not too_deep(text)
    assert bounded(json.loads)(text) == json.loads(text)


def test_wide_but_shallow_events_pass() -> None:
    text = json.dumps(["event", {"payload": {"rows": [[i, [i, {"x": [i]}]] for i in range(500)]}}])
    assert not too_deep(text)
    assert not too_deep(text.encode())


class Colour(enum.Enum):
    RED = "red"


def test_values_fit_the_hints_reflex_would_accept() -> None:
    assert fits({"email": "a", "password": "b"}, dict[str, str])
    assert not fits(["x"], dict[str, str])
    assert not fits({"email": ["x"]}, dict[str, str])
    assert fits({"a": 1, "b": [None]}, dict[str, Any])
    assert fits("12", int) and fits(12, int) and not fits("twelve", int)
    assert not fits(True, int) and not fits(1.5, int)
    assert fits(1, float) and fits("1.5", float) and not fits(None, float)
    assert fits(True, bool) and not fits("true", bool)
    assert fits(None, str | None) and fits("x", str | None) and not fits(3, str | None)
    assert fits([1, 2], list[int]) and not fits([1, "x"], list[int]) and not fits("ab", list)
    assert (
        fits([1, 2], set[int])
        and fits([1, "a"], tuple[int, str])
        and not fits([1], tuple[int, str])
    )
    assert fits("red", Colour) and not fits("blue", Colour)
    assert fits("a", Literal["a", "b"]) and not fits("c", Literal["a", "b"])
    assert fits("2024-01-02", __import__("datetime").date)
    assert fits(object(), Any)


def _parameters(fn: Any) -> dict[str, inspect.Parameter]:
    parameters = dict(inspect.signature(fn).parameters)
    parameters.pop("self")
    return parameters


def test_a_payload_must_fit_the_signature() -> None:
    def sign_in(self: object, form: dict[str, str], remember: bool = False) -> None: ...

    hints = {"form": dict[str, str], "remember": bool}
    parameters = _parameters(sign_in)
    assert misfit({"form": {"email": "a"}}, parameters, hints) is None
    assert misfit({"form": {"email": "a"}, "remember": True}, parameters, hints) is None
    assert misfit({"form": ["x"]}, parameters, hints) == "argument of the wrong type"
    assert misfit({}, parameters, hints) == "missing argument"
    assert misfit({"form": {}, "secret": 1}, parameters, hints) == "unexpected argument"
    assert misfit(["x"], parameters, hints) == "arguments not an object"

    def anything(self: object, **values: Any) -> None: ...

    assert misfit({"a": 1}, _parameters(anything), {}) is None
