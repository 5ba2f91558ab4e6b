"""A visitor's malformed event leaves one line with no client data, rate-limited per kind
(issue 13, finding 9)."""

from __future__ import annotations

import logging

import pytest
from reflex_base.utils.exceptions import EventDeserializationError

from startup_toolkit.providers import log_redaction, malformed_events
from startup_toolkit.providers.malformed_events import (
    GARBAGE_FRAME,
    PAYLOAD_MISFIT,
    UNDECODABLE,
    UNKNOWN_HANDLER,
    RateLimit,
    Verdict,
    classify,
    classify_exception,
    short_name,
)

STALE = "reflex___state____state.startup_toolkit___pages___login____login_state.gone"


def _record(name: str, msg: str, error: BaseException | None = None) -> logging.LogRecord:
    exc_info = (type(error), error, error.__traceback__) if error is not None else None
    return logging.LogRecord(name, logging.ERROR, __file__, 1, msg, (), exc_info)


def _raised(error: BaseException) -> BaseException:
    try:
        raise error
    except BaseException as caught:
        return caught


def test_an_unknown_handler_is_named_without_its_event() -> None:
    error = _raised(KeyError(f"No registered handler found for event: {STALE}"))
    verdict = classify(
        _record(malformed_events._QUEUE, "Error processing Event(password='x')", error)
    )
    assert verdict == Verdict(UNKNOWN_HANDLER, "login_state.gone")


def test_socket_decoding_errors_are_malformed_frames() -> None:
    undecodable = _raised(EventDeserializationError("Failed to deserialize event data: x"))
    garbage = _raised(ValueError("Expecting value"))
    runtime = _raised(RuntimeError("Socket.IO is not initialized."))
    sockets = "socketio.server"
    assert classify(_record(sockets, "handler error", undecodable)).kind == UNDECODABLE
    assert classify(_record(sockets, "handler error", garbage)).kind == GARBAGE_FRAME
    assert classify(_record(sockets, "handler error", runtime)) is None


def test_records_of_other_loggers_are_not_classified() -> None:
    error = _raised(KeyError(f"No registered handler found for event: {STALE}"))
    assert classify(_record("startup_toolkit.services.accounts", "x", error)) is None


def test_a_payload_that_does_not_fit_the_handler() -> None:
    record = _record(
        malformed_events._PROCESS,
        "Error transforming event payload for handler LoginState.sign_in: 'str' object",
    )
    assert classify(record) == Verdict(PAYLOAD_MISFIT, "LoginState.sign_in")


def test_an_apps_own_error_is_not_a_malformed_event() -> None:
    assert classify_exception(_raised(ValueError("a bug"))) is None


def test_short_names_keep_only_word_characters() -> None:
    assert short_name("a.b\nFAKE LINE: admin logged in.c") == "bFAKELINEadminloggedin.c"
    assert short_name(5) == "5"


def test_the_rate_limit_counts_what_it_leaves_out() -> None:
    now = [0.0]
    limit = RateLimit(limit=2, window=60, clock=lambda: now[0])
    assert [limit.admit("k") for _ in range(4)] == [(True, 0), (True, 0), (False, 0), (False, 0)]
    assert limit.admit("other") == (True, 0)
    now[0] = 61
    assert limit.admit("k") == (True, 2)
    assert limit.admit("k") == (True, 0)


@pytest.fixture
def fresh_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(malformed_events, "RATE", RateLimit(limit=2))


def test_a_flood_through_logging_leaves_the_rate(
    fresh_rate: None, caplog: pytest.LogCaptureFixture
) -> None:
    log_redaction.install()
    queue = logging.getLogger(malformed_events._QUEUE)
    with caplog.at_level(logging.WARNING, logger=malformed_events._QUEUE):
        for _ in range(5):
            try:
                raise KeyError(f"No registered handler found for event: {STALE}")
            except KeyError:
                queue.exception("Error processing event queue entry for Event(cookie='c')")
    lines = [r.getMessage() for r in caplog.records if r.name == malformed_events._QUEUE]
    assert lines == ["Malformed event ignored (unknown handler): login_state.gone"] * 2
    assert all(r.exc_info is None for r in caplog.records)
