"""ContactState without a browser: validation, toasts, storing, and the 5 s panel timer.

Covers P-CONT-1 (required fields toast, field messages, busy flag), P-CONT-2 (stored before
'Message Sent!', panel text, form reset, panel closes), P-CONT-3 (error toasts).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from reflex.event import Event
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.pages import contact as page
from startup_toolkit.pages.contact import ContactState
from startup_toolkit.services.contact import ContactStorageError
from startup_toolkit.services.outbox import deliver_due_messages
from startup_toolkit.settings import get_settings
from tests.components.first_paint import painted_texts
from tests.services.test_outbox import TEAM, configure_smtp
from tests.support.events import events, toasts
from tests.support.smtp_server import RecordingSMTPServer
from tests.support.tool_states import substate

GOOD = {"name": "Ada Lovelace", "email": "ada@example.com", "message": "I need help with growth."}


@pytest.fixture
def state(engine: Engine) -> ContactState:
    return substate(ContactState, "/contact")


def rows(engine: Engine) -> list[ContactMessage]:
    with Session(engine) as s:
        return list(s.exec(select(ContactMessage)).all())


async def submit(s: ContactState, form: dict[str, Any]) -> list[Any]:
    """Run the submit handler to the end; returns what it yielded (None = state push)."""
    return [spec async for spec in s.submit(form)]


def toast_texts(specs: list[Any]) -> list[str]:
    """The JavaScript of every toast the handler showed (not the dismissals)."""
    return [c for c in toasts(specs) if "__toast" in c and ".dismiss(" not in c]


def toast_dismissals(specs: list[Any]) -> list[str]:
    return [c for c in toasts(specs) if "__toast" in c and ".dismiss(" in c]


def assert_toast(
    specs: list[Any], level: str, title: str, description: str, toast_id: str = "contact-form"
) -> None:
    texts = toast_texts(specs)
    assert len(texts) == 1, texts
    assert f'["{level}"]' in texts[0]
    assert f'"{title}"' in texts[0]
    assert description.replace('"', '\\"') in texts[0]
    assert f'"{toast_id}"' in texts[0]  # one id: a newer toast replaces an older one


def assert_sent_toast(specs: list[Any]) -> None:
    """'Message Sent!' under an id of its own, after the form's error toast is dismissed (the
    two ids: a toast merged into one leaving the screen goes with it)."""
    (dismissal,) = toast_dismissals(specs)
    assert ".dismiss('contact-form')" in dismissal
    assert_toast(specs, "success", "Message Sent!", page.SENT_DESCRIPTION, "contact-sent")


def test_p_cont_1_all_empty_shows_validation_toast_and_stores_nothing(
    state: ContactState, engine: Engine
) -> None:
    specs = asyncio.run(submit(state, {"name": "  ", "email": "", "message": "\n \t"}))
    assert_toast(specs, "error", "Validation Error", "Please fill in all fields before submitting.")
    assert state.errors == {
        "name": "Name is required.",
        "email": "Email is required.",
        "message": "Message is required.",
    }
    assert not state.submitting and not state.sent_note
    assert rows(engine) == []
    # Focus moves to the first field with an error.
    scripts = [e for e in events(specs) if e.name == "_call_script"]
    assert "contact-name" in scripts[0].payload["javascript_code"]


def test_p_cont_1_one_empty_field_also_shows_the_toast_and_keeps_the_rest(
    state: ContactState, engine: Engine
) -> None:
    specs = asyncio.run(submit(state, {**GOOD, "message": "   "}))
    assert_toast(specs, "error", "Validation Error", "Please fill in all fields before submitting.")
    assert state.errors == {"message": "Message is required."}  # none for name and email
    assert (state.name, state.email) == (GOOD["name"], GOOD["email"])
    assert rows(engine) == []


def test_p_cont_1_invalid_email_is_shown_next_to_the_field_and_input_kept(
    state: ContactState, engine: Engine
) -> None:
    specs = asyncio.run(submit(state, {**GOOD, "email": "ada@example"}))
    assert toast_texts(specs) == []
    (dismissal,) = toast_dismissals(specs)
    assert ".dismiss('contact-form')" in dismissal
    assert state.errors == {"email": "Enter a valid email address."}
    assert (state.name, state.email, state.message) == (
        GOOD["name"],
        "ada@example",
        GOOD["message"],
    )
    assert rows(engine) == []


def test_p_cont_1_too_long_fields_get_clear_messages(state: ContactState, engine: Engine) -> None:
    long_message = "x" * 5001
    asyncio.run(submit(state, {"name": "n" * 201, "email": GOOD["email"], "message": long_message}))
    assert state.errors["name"] == "Name must be at most 200 characters."
    assert state.errors["message"] == "Message must be at most 5000 characters (it has 5001)."
    assert state.message == long_message  # never lose what the user typed
    assert rows(engine) == []


def test_setters_clear_the_field_error_and_cap_huge_input(state: ContactState) -> None:
    state.errors = {"name": "Name is required.", "email": "Enter a valid email address."}
    state.set_email("ada@example.com")
    assert state.errors == {"name": "Name is required."} and state.email == "ada@example.com"
    state.set_message("m" * 100_000)
    assert len(state.message) == page.INPUT_CAP
    state.set_name(12345)  # type: ignore[arg-type]  # any JSON can arrive from a browser
    assert state.name == ""


def test_p_cont_1_submitting_flag_is_on_while_storing(state: ContactState, engine: Engine) -> None:
    async def run() -> list[bool]:
        seen = []
        async for spec in state.submit(dict(GOOD)):
            if spec is None:
                seen.append(state.submitting)
                assert len(rows(engine)) == 0  # the spinner shows before the write
        seen.append(state.submitting)
        return seen

    assert asyncio.run(run()) == [True, False]


def test_p_cont_2_success_stores_first_then_says_message_sent(
    state: ContactState, engine: Engine
) -> None:
    specs = asyncio.run(submit(state, {"name": " Ada  Lovelace ", **{
        k: v for k, v in GOOD.items() if k != "name"
    }}))  # fmt: skip
    (row,) = rows(engine)
    assert (row.name, row.email, row.message) == ("Ada Lovelace", GOOD["email"], GOOD["message"])
    assert row.status == "stored"  # no SMTP configured in this test
    assert_sent_toast(specs)
    assert page.SENT_DESCRIPTION == (
        "We've received your message and will get back to you within 24 hours."
    )
    assert state.sent_note == "Our team will reply to ada@example.com."
    # Issue 28, item 11: no mail is sent here, so nothing on the page speaks of one.
    said = painted_texts(page.contact(), {})
    assert not [t for t in said | {state.sent_note} if "confirmation" in t.lower()]
    assert (state.name, state.email, state.message) == ("", "", "")
    assert not state.submitting
    assert state.errors == {}
    # The panel timer is chained as a (background) event.
    chained = [s for s in specs if s is not None and getattr(s, "handler", None) is not None]
    names = [getattr(s.handler.fn, "__name__", "") for s in chained]
    assert "close_sent_panel" in names


def test_p_cont_2_with_smtp_the_panel_promises_a_confirmation_email(
    state: ContactState, engine: Engine, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("SMTP_HOST", "127.0.0.1")
    get_settings.cache_clear()
    asyncio.run(submit(state, dict(GOOD)))
    assert state.sent_note == "A confirmation email goes to ada@example.com (at most one a day)."
    assert rows(engine)[0].status == "pending"


def test_p_cont_2_a_suppressed_confirmation_looks_the_same_on_the_page(
    engine: Engine, settings_env: pytest.MonkeyPatch
) -> None:
    """issue 27, item 2: two tabs write to one address (cased differently); both see the
    same 'Message Sent!' toast and panel, the address gets one fixed confirmation (no name),
    and the team gets both messages."""
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port)
        seen = []
        for email in ("ada@example.com", "ADA@Example.com"):
            tab = substate(ContactState, "/contact")
            specs = asyncio.run(submit(tab, {**GOOD, "email": email}))
            assert_sent_toast(specs)
            seen.append(tab.sent_note.lower())
        # Both told the truth (issue 28, item 11), and the same (nothing said of the other).
        assert seen == ["a confirmation email goes to ada@example.com (at most one a day)."] * 2
        assert deliver_due_messages() == 2
        server.wait_for(3)
        time.sleep(0.2)
        mails = server.received
    confirmations = [m for m in mails if m.rcpt_tos != [TEAM]]
    assert len(confirmations) == 1 and len(mails) == 3
    assert "Ada" not in str(confirmations[0].message.get_content())


def test_a_second_submit_while_the_panel_shows_is_ignored(
    state: ContactState, engine: Engine
) -> None:
    asyncio.run(submit(state, dict(GOOD)))
    assert asyncio.run(submit(state, dict(GOOD))) == []
    assert len(rows(engine)) == 1


def test_on_load_clears_leftovers_but_keeps_typed_input(state: ContactState) -> None:
    state.name, state.message = "Ada", "Half-written message"
    state.submitting = True  # e.g. the server restarted mid-submit
    state.sent_note, state._sent_at = "note", time.time() - 60
    state.on_load()
    assert not state.submitting and not state.sent_note
    assert (state.name, state.message) == ("Ada", "Half-written message")
    # A panel that is still within its 5 s stays.
    state.sent_note, state._sent_at = "note", time.time()
    state.on_load()
    assert state.sent_note


def test_p_cont_3_storage_failure_toast_keeps_the_input(
    state: ContactState, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise ContactStorageError("database is locked")

    monkeypatch.setattr(page, "submit_contact_message", broken)
    specs = asyncio.run(submit(state, dict(GOOD)))
    assert_toast(
        specs,
        "error",
        "Error",
        "Failed to send your message. Please try again or contact us directly.",
    )
    assert not state.sent_note and not state.submitting
    assert (state.name, state.email, state.message) == (
        GOOD["name"],
        GOOD["email"],
        GOOD["message"],
    )


def test_p_cont_3_unexpected_error_toast(
    state: ContactState, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(page, "submit_contact_message", boom)
    specs = asyncio.run(submit(state, dict(GOOD)))
    assert_toast(specs, "error", "Error", "An unexpected error occurred. Please try again.")
    assert not state.sent_note and not state.submitting
    assert state.message == GOOD["message"]


def test_rate_limit_toast_after_five_messages(state: ContactState, engine: Engine) -> None:
    for _ in range(5):
        asyncio.run(submit(state, dict(GOOD)))
        assert state.sent_note
        state.sent_note = ""  # the panel closed
    specs = asyncio.run(submit(state, dict(GOOD)))
    assert_toast(
        specs,
        "error",
        "Too many messages",
        "Please wait a few minutes before sending another message.",
    )
    assert not state.sent_note
    assert state.message == GOOD["message"]
    assert len(rows(engine)) == 5


def test_form_values_win_over_stale_setter_values(state: ContactState, engine: Engine) -> None:
    state.set_name("Ad")  # the debounced setter lagged behind the last keystrokes
    asyncio.run(submit(state, dict(GOOD)))
    assert rows(engine)[0].name == "Ada Lovelace"


def test_non_dict_payload_is_treated_as_empty(state: ContactState, engine: Engine) -> None:
    specs = asyncio.run(submit(state, "garbage"))  # type: ignore[arg-type]
    assert_toast(specs, "error", "Validation Error", "Please fill in all fields before submitting.")
    assert rows(engine) == []


# --- The background panel timer, run through Reflex's real event processor.


async def _with_processor(run: Any) -> Any:
    manager = StateManagerMemory()
    processor = BaseStateEventProcessor().configure(state_manager=manager)
    async with processor:
        return await run(manager, processor)


async def _contact_state(manager: StateManagerMemory, token: str) -> ContactState:
    root = await manager.get_state(BaseStateToken(ident=token, cls=State))
    return await root.get_state(ContactState)  # type: ignore[return-value]


def _event(handler: str, **payload: Any) -> Event:
    return Event(name=f"{ContactState.get_full_name()}.{handler}", payload=payload)


def test_p_cont_2_panel_closes_after_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page, "SENT_PANEL_SECONDS", 0.2)

    async def run(manager: StateManagerMemory, processor: BaseStateEventProcessor) -> None:
        token = "panel-token"
        async with manager.modify_state(BaseStateToken(ident=token, cls=State)) as root:
            s = await root.get_state(ContactState)
            s.sent_note, s._sent_seq = "note", 2
        started = time.monotonic()
        future = await processor.enqueue(token, _event("close_sent_panel", seq=2))
        await asyncio.wait_for(future, timeout=5)
        assert time.monotonic() - started >= 0.2
        s = await _contact_state(manager, token)
        assert s.sent_note == ""

    asyncio.run(_with_processor(run))


def test_an_old_timer_does_not_close_a_newer_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page, "SENT_PANEL_SECONDS", 0.05)

    async def run(manager: StateManagerMemory, processor: BaseStateEventProcessor) -> None:
        token = "stale-token"
        async with manager.modify_state(BaseStateToken(ident=token, cls=State)) as root:
            s = await root.get_state(ContactState)
            s.sent_note, s._sent_seq = "note", 5
        future = await processor.enqueue(token, _event("close_sent_panel", seq=4))
        await asyncio.wait_for(future, timeout=5)
        assert (await _contact_state(manager, token)).sent_note

    asyncio.run(_with_processor(run))


def test_p_cont_2_full_cycle_idle_sent_idle(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Submit through the processor: stored, panel shown, then the reset form returns."""
    monkeypatch.setattr(page, "SENT_PANEL_SECONDS", 0.3)

    async def run(manager: StateManagerMemory, processor: BaseStateEventProcessor) -> None:
        token = "cycle-token"
        future = await processor.enqueue(token, _event("submit", form_data=dict(GOOD)))
        await asyncio.wait_for(future, timeout=10)
        s = await _contact_state(manager, token)
        assert s.sent_note and s.name == ""
        assert len(rows(engine)) == 1
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if not (await _contact_state(manager, token)).sent_note:
                break
            await asyncio.sleep(0.05)
        s = await _contact_state(manager, token)
        assert not s.sent_note
        assert (s.name, s.email, s.message) == ("", "", "")

    asyncio.run(_with_processor(run))


def test_a_field_without_an_error_shows_no_message() -> None:
    """Issue 25: the errors are one dict holding only the fields with one; a field missing
    from it reads "" (not undefined, which `!= ""` would take for a message)."""
    form = str(page.contact_form())
    for field in page.FIELD_IDS:
        assert f'errors_rx_state_?.["{field}"], () => (""))' in form
    assert "Message Sent!" in str(page.contact())
