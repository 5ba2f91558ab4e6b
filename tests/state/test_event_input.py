"""Issue 27, item 3: through Reflex's real event processor, a payload that does not fit its
handler (sign_in with a list for its form) never runs the handler, gets the malformed-event
answer and leaves at most one log line and no traceback; an `event` frame nested too deep is
decoded to a stand-in that is answered the same way."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from reflex.event import Event
from reflex.istate.manager.memory import StateManagerMemory
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from startup_toolkit.pages.login import LoginState
from startup_toolkit.providers import malformed_events
from startup_toolkit.providers.malformed_events import RateLimit
from startup_toolkit.state import event_input
from startup_toolkit.state.event_input import TOO_DEEP_EVENT, ArgumentCheck
from startup_toolkit.state.malformed_events import backend_exception_handler
from tests.support.tool_states import Recorder

SIGN_IN = f"{LoginState.get_full_name()}.sign_in"


class _Middlewares:
    """The app's middleware step, with only the argument check."""

    async def _preprocess(self, state: Any, event: Event) -> Any:
        return await ArgumentCheck().preprocess(app=None, state=state, event=event)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def fresh_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(malformed_events, "RATE", RateLimit(limit=1))


def _process(events: list[Event]) -> Recorder:
    async def go() -> Recorder:
        recorder = Recorder(LoginState)
        processor = BaseStateEventProcessor(
            middleware=_Middlewares(),  # type: ignore[arg-type]
            backend_exception_handler=backend_exception_handler,
        ).configure(state_manager=StateManagerMemory(), event_namespace=recorder)  # type: ignore[arg-type]
        async with processor:
            for event in events:
                await asyncio.wait_for(await processor.enqueue("tab-1", event), timeout=10)
        return recorder

    return asyncio.run(go())


def test_sign_in_with_a_list_is_refused_with_one_line(caplog: pytest.LogCaptureFixture) -> None:
    events = [Event(name=SIGN_IN, payload={"form": ["x"]}) for _ in range(20)]
    with caplog.at_level(logging.INFO):
        recorder = _process(events)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "Traceback" not in caplog.text and not any(r.exc_info for r in caplog.records)
    assert "AttributeError" not in text
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1, text
    assert "payload does not fit the handler" in lines[0].getMessage()
    assert "login_state.sign_in" in lines[0].getMessage()
    assert len(recorder.toasts()) == 20  # the malformed-event answer, each time
    assert all("An error occurred." in toast for toast in recorder.toasts())
    # The handler never ran: it would have set the form's error.
    assert "Enter your email and password." not in recorder.values("error")


def test_a_fitting_payload_still_reaches_the_handler(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        recorder = _process([Event(name=SIGN_IN, payload={"form": {"email": "", "password": ""}})])
    assert recorder.values("error")[-1] == "Enter your email and password."
    assert not caplog.records


def test_a_too_deep_event_frame_becomes_an_answered_stand_in(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loads = event_input._bounded_socket_loads(json.loads)
    frame = '["event",{"name":"x","payload":{"v":' + "[" * 1100 + "1" + "]" * 1100 + "}}]"
    name, data = loads(frame)
    assert name == "event" and data == TOO_DEEP_EVENT
    with caplog.at_level(logging.INFO):
        recorder = _process([Event(name=data["name"], payload=data["payload"]) for _ in range(5)])
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert lines == ["Malformed event ignored (nested too deep)"]
    assert len(recorder.toasts()) == 5
    assert loads('["event",{"name":"a"}]') == ["event", {"name": "a"}]
