"""The app's backend exception handler: a payload that does not fit the handler, or a
`setvar` of a var without a setter, leaves one rate-limited line (issue 13, finding 9)."""

from __future__ import annotations

import logging

import pytest

from startup_toolkit.providers import malformed_events
from startup_toolkit.providers.malformed_events import (
    PAYLOAD_MISFIT,
    RateLimit,
    Verdict,
    classify_exception,
)
from startup_toolkit.state.malformed_events import backend_exception_handler


@pytest.fixture
def fresh_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(malformed_events, "RATE", RateLimit(limit=2))


def sign_in(state: object, form: dict) -> None:
    raise ValueError("a bug in the handler")


def _reflex_call(handler: object, payload: dict) -> None:
    """Call `handler` the way Reflex's `process_event` does (`fn(state, **payload)`), from a
    frame of that name and file."""
    source = "def process_event(fn, payload):\n    return fn(None, **payload)\n"
    namespace: dict = {}
    exec(
        compile(source, "/x/reflex_base/event/processor/base_state_processor.py", "exec"), namespace
    )
    namespace["process_event"](handler, payload)


def test_the_backend_handler_condenses_a_signature_misfit(
    fresh_rate: None, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(TypeError) as misfit:
        _reflex_call(sign_in, {"form": {}, "password": "hunter2"})
    with pytest.raises(ValueError) as bug:
        _reflex_call(sign_in, {"form": {}})
    assert classify_exception(misfit.value) == Verdict(PAYLOAD_MISFIT, "sign_in")
    assert classify_exception(bug.value) is None

    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            toast = backend_exception_handler(misfit.value)
    assert toast is not None
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["Malformed event ignored (payload does not fit the handler): sign_in"] * 2
    assert "hunter2" not in caplog.text


def test_a_setvar_without_a_setter_is_one_line(
    fresh_rate: None, caplog: pytest.LogCaptureFixture
) -> None:
    """`setvar` naming a var with no setter (a backend var, a flag only the server sets) is a
    visitor's malformed event, not the app's error: one line, no traceback (issue 13)."""
    from startup_toolkit.pages.scanner.state import ScannerState

    with pytest.raises(AttributeError) as missing:
        ScannerState.setvar.fn(object(), "_pending", {"idea": "x"})  # type: ignore[attr-defined]
    assert classify_exception(missing.value) == Verdict(malformed_events.NO_SETTER, "set__pending")
    with caplog.at_level(logging.WARNING):
        backend_exception_handler(missing.value)
    assert [r.getMessage() for r in caplog.records] == [
        "Malformed event ignored (setvar of a var without a setter): set__pending"
    ]
