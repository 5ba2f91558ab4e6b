"""/login: email and password, then a TOTP code when two-factor is on (P-MISC-3, P-MISC-4)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components import auth_layout as auth_ui
from startup_toolkit.components.props import ONE_TIME_CODE
from startup_toolkit.db import in_worker
from startup_toolkit.domain.redirects import safe_next_path
from startup_toolkit.services import accounts
from startup_toolkit.state.sign_in import complete_sign_in


class LoginState(rx.State):
    stage: str = "password"  # password | code
    error: str = ""
    notice: str = ""
    busy: bool = False
    _next_path: str = ""  # where a sign-in goes on to (safe_next_path; "": the dashboard)
    _pending_user_id: str = ""

    @rx.event
    def load(self) -> None:
        params = self.router.url.query_parameters
        self._next_path = safe_next_path(params.get("next", ""))
        self.notice = (
            "Your sign-in link expired. Please sign in again." if params.get("expired") else ""
        )
        self.stage, self.error, self.busy, self._pending_user_id = "password", "", False, ""

    @rx.event
    async def sign_in(self, form: dict[str, str]) -> rx.event.EventSpec | None:
        email, password = str(form.get("email", "")), str(form.get("password", ""))
        if not email.strip() or not password:
            self.error = "Enter your email and password."
            return None
        self.busy = True
        ip = self.router.session.client_ip
        result = await in_worker(accounts.authenticate, email, password, ip)
        self.busy = False
        if not result.ok or not result.user_id:
            self.error = result.message or accounts.INVALID_CREDENTIALS
            return None
        self.error = ""
        if result.totp_required:
            self.stage, self._pending_user_id = "code", result.user_id
            return None
        return await complete_sign_in(result.user_id, self._next_path)

    @rx.event
    async def verify_code(self, form: dict[str, str]) -> rx.event.EventSpec | None:
        if self.stage != "code" or not self._pending_user_id:
            self.stage, self.error = "password", "Please sign in again."
            return None
        code = str(form.get("code", ""))
        result = await in_worker(accounts.verify_totp_for_sign_in, self._pending_user_id, code)
        if not result.ok:
            self.error = result.message
            return None
        user_id, self._pending_user_id, self.error = self._pending_user_id, "", ""
        return await complete_sign_in(user_id, self._next_path)

    @rx.event
    def back_to_password(self) -> None:
        self.stage, self.error, self._pending_user_id = "password", "", ""


def _password_form() -> rx.Component:
    return auth_ui.auth_form(
        LoginState.error,
        rx.cond(LoginState.notice != "", rx.callout(LoginState.notice, icon="info", width="100%")),
        auth_ui.email_field(),
        auth_ui.password_field("Password", "password", "current-password", max_length=128),
        rx.link("Forgot password?", href="/forgot-password", size="2", align_self="end"),
        auth_ui.form_footer(
            "Sign In", LoginState.busy, "New here? ", "Create an account", "/signup"
        ),
        on_submit=LoginState.sign_in,
    )


def _code_form() -> rx.Component:
    return auth_ui.auth_form(
        LoginState.error,
        rx.text("Enter the 6-digit code from your authenticator app.", size="2"),
        auth_ui.field(
            "Authentication code",
            "code",
            **ONE_TIME_CODE,
            max_length=8,
            required=True,
        ),
        rx.button("Verify", type="submit", size="3", width="100%"),
        rx.button(
            "Use a different account",
            type="button",
            variant="ghost",
            on_click=LoginState.back_to_password,
        ),
        on_submit=LoginState.verify_code,
    )


@auth_ui.guest_route(
    "/login",
    "Sign In",
    "Sign in to Unstuck to use your AI startup tools, saved results and dashboard.",
    LoginState.load,
)
def login() -> rx.Component:
    return auth_ui.auth_layout(
        "Welcome Back",
        "Sign in to pick up where you left off.",
        rx.cond(LoginState.stage == "code", _code_form(), _password_form()),
        "Your AI business architect is ready",
        [
            ("sparkles", "AI-powered diagnosis, plans and answers"),
            ("zap", "Instant access to every tool in your plan"),
            ("layout-dashboard", "Your saved results, activity and notifications"),
        ],
    )
