"""/forgot-password and /reset-password: a way back in for a founder who forgot the password.

The forgot form answers the same for every well-formed email; the outbox mails the link.
Without SMTP the page says so, once, and how to get a link instead: a message through the
contact page to the person who runs the server, who prints one (`python -m
startup_toolkit.admin reset-link EMAIL`). Which of the two it shows is decided at page load
(`email_ready` is None until then), so the built frontend serves any settings (issue 28,
item 10). The link lands on `/api/auth/reset` (api/recovery.py), which binds it to
the browser with an HttpOnly, SameSite=Strict nonce cookie and goes on to `/reset-password`.
The reset page reads that cookie from the event socket's handshake at each event and keeps
nothing of the link in the tab's state, so a reset finishes only in the browser that opened
the link, never from another connection holding the tab token (issue 27, item 4).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components import auth_layout as auth_ui
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.props import WIDE_CONTROL
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.db import in_worker
from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain.cookies import RESET_NONCE_COOKIE, cookie_from_header
from startup_toolkit.domain.passwords import MAX_LENGTH
from startup_toolkit.services import account_recovery
from startup_toolkit.services.outbox import wake_outbox
from startup_toolkit.settings import get_settings

_POINTS = [
    ("mail", f"A link that works once, within {rules.LINK_MINUTES} minutes"),
    ("shield-check", "Every session is signed out when the password changes"),
    ("bell", "A notification tells you the password was reset"),
]
_PANEL_TITLE = "Get back to building"


def _text(form: Any, name: str) -> str:
    value = form.get(name, "") if isinstance(form, dict) else ""
    return value if isinstance(value, str) else ""


class ForgotPasswordState(rx.State):
    """The forgot form: whether email is set up, its errors, and the answer once a link is
    on its way (`sent_note`: "" while the form shows)."""

    email_ready: bool | None = None  # None until the page's load has asked the settings
    sent_note: str = ""
    error: str = ""
    errors: dict[str, str] = {}
    busy: bool = False

    @rx.event
    def load(self) -> None:
        self.email_ready = get_settings().smtp_enabled
        self.sent_note, self.error, self.errors, self.busy = "", "", {}, False

    @rx.event
    async def request_link(self, form: dict[str, Any]) -> None:
        self.busy = True
        ip = self.router.session.client_ip
        outcome = await in_worker(account_recovery.request_reset, _text(form, "email")[:1000], ip)
        self.busy = False
        self.errors, self.error = dict(outcome.errors), ""
        if outcome.status == "sent":
            self.sent_note = outcome.message
            wake_outbox()
        elif outcome.status == "unavailable":
            self.email_ready = False
        elif not outcome.errors:
            self.error = outcome.message


class ResetPasswordState(rx.State):
    """The reset form. The tab's state holds no token and no nonce: each event reads the
    browser's reset cookie (`RESET_NONCE_COOKIE`) from this connection's handshake, so a
    connection without it (another tab or client with the same tab token) cannot finish the
    reset (issue 27, item 4)."""

    stage: str = "checking"  # checking | form | invalid | done
    invalid_reason: str = ""  # set with the "invalid" stage
    error: str = ""
    errors: dict[str, str] = {}
    busy: bool = False

    def _nonce(self) -> str:
        """The reset nonce this connection's browser holds ('' when none)."""
        return cookie_from_header(self.router.headers.cookie, RESET_NONCE_COOKIE)

    def _refuse(self, reason: str) -> None:
        self.stage, self.invalid_reason, self.busy = "invalid", reason, False

    @rx.event
    async def load(self) -> EventSpec | None:
        self.error, self.errors, self.busy = "", {}, False
        token = self.router.url.query_parameters.get("token", "")
        if token:
            # An address with the token in it (a link mailed before links went through
            # `rules.OPEN_PATH`): send it there to bind it to this browser; keep nothing.
            if not isinstance(token, str) or not await in_worker(
                account_recovery.link_is_valid, token
            ):
                self._refuse(rules.LINK_INVALID)
                return None
            self.stage = "checking"
            target = json.dumps(f"{rules.OPEN_PATH}?token={quote(token, safe='')}")
            return rx.call_script(f"window.location.replace({target})")
        nonce = self._nonce()
        if not nonce:
            self._refuse(rules.OPEN_IN_THIS_BROWSER)
        elif await in_worker(account_recovery.opened_link_is_valid, nonce):
            self.stage = "form"
        else:
            self._refuse(rules.LINK_INVALID)
        return None

    @rx.event
    async def set_new_password(self, form: dict[str, Any]) -> None:
        nonce = self._nonce()  # the link this connection's browser opened, checked below
        if not nonce:
            self._refuse(rules.OPEN_IN_THIS_BROWSER)
            return
        self.busy = True
        outcome = await in_worker(
            account_recovery.reset_password,
            nonce,
            _text(form, "new")[: MAX_LENGTH + 1],
            _text(form, "confirm")[: MAX_LENGTH + 1],
        )
        self.busy = False
        self.errors, self.error = dict(outcome.errors), ""
        if outcome.ok:
            self.stage = "done"
        elif outcome.message == rules.LINK_INVALID:
            self._refuse(rules.LINK_INVALID)
        elif not outcome.errors:
            self.error = outcome.message


def _note(message: rx.Var[str] | str, icon: str, scheme: str) -> rx.Component:
    return rx.callout(message, icon=icon, color_scheme=scheme, role="status", width="100%")


def _back_to_sign_in() -> rx.Component:
    return auth_ui.other_way_in("Remembered it? ", "Back to sign in", "/login")


def _forgot_form() -> rx.Component:
    return auth_ui.auth_form(
        ForgotPasswordState.error,
        rx.text(
            "Enter the email of your account and we will send you a link to choose a new password.",
            size="2",
        ),
        auth_ui.email_field(ForgotPasswordState.errors.get("email", "")),
        auth_ui.submit_button("Send reset link", ForgotPasswordState.busy),
        _back_to_sign_in(),
        on_submit=ForgotPasswordState.request_link,
    )


def _forgot_content() -> rx.Component:
    return rx.cond(
        ForgotPasswordState.email_ready.is_none(),
        _forgot_loading(),
        _forgot_ways(),
    )


def _forgot_ways() -> rx.Component:
    """The form (and its answer) with email; without it, the note."""
    return rx.cond(
        ForgotPasswordState.email_ready,
        rx.cond(
            ForgotPasswordState.sent_note,
            full_width_stack(
                _note(ForgotPasswordState.sent_note, "mail-check", "green"), _back_to_sign_in()
            ),
            _forgot_form(),
        ),
        rx.vstack(_no_email_note(), _back_to_sign_in(), width="100%"),
    )


def _no_email_note() -> rx.Component:
    """Without email: the one true sentence, and the way to a link (the contact page)."""
    return rx.callout.root(
        rx.callout.icon(rx.icon("mail-x")),
        rx.callout.text(
            rules.EMAIL_NOT_CONFIGURED,
            " ",
            rx.link(rules.CONTACT_LINK_TEXT, href=rules.CONTACT_PATH, weight="medium"),
            " ",
            rules.CONTACT_FOR_LINK,
        ),
        color_scheme="amber",
        role="status",
        width="100%",
        class_name="forgot-no-email",
    )


def _forgot_loading() -> rx.Component:
    return rx.text("One moment...", size="2", color_scheme="gray")


@auth_ui.guest_route(
    rules.FORGOT_PATH,
    "Forgot password",
    "Get a link to reset the password of your Unstuck account.",
    ForgotPasswordState.load,
)
def forgot_password() -> rx.Component:
    return auth_ui.auth_layout(
        "Forgot your password?",
        "A reset link lets you choose a new one.",
        _forgot_content(),
        _PANEL_TITLE,
        _POINTS,
    )


def _err(name: str) -> rx.Var:
    return ResetPasswordState.errors.get(name, "")


def _reset_form() -> rx.Component:
    return auth_ui.auth_form(
        ResetPasswordState.error,
        *auth_ui.new_password_fields("New password", "new", "Confirm new password", _err),
        auth_ui.submit_button("Reset password", ResetPasswordState.busy),
        on_submit=ResetPasswordState.set_new_password,
    )


def _reset_content() -> rx.Component:
    return rx.match(
        ResetPasswordState.stage,
        ("form", _reset_form()),
        (
            "done",
            full_width_stack(
                _note(rules.PASSWORD_RESET, "circle-check", "green"),
                link_button("Sign in", "/login", **WIDE_CONTROL),
            ),
        ),
        (
            "invalid",
            full_width_stack(
                _note(ResetPasswordState.invalid_reason, "circle-alert", "red"),
                auth_ui.other_way_in("Need a new one? ", "Send another link", rules.FORGOT_PATH),
            ),
        ),
        rx.text("Checking your link...", size="2", color_scheme="gray"),
    )


@page_route(
    rules.RESET_PATH,
    "Reset password",
    "Choose a new password for your Unstuck account.",
    on_load=ResetPasswordState.load,
)
def reset_password() -> rx.Component:
    return auth_ui.auth_layout(
        "Choose a new password",
        "Pick a password you do not use anywhere else.",
        _reset_content(),
        _PANEL_TITLE,
        _POINTS,
    )
