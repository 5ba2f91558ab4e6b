"""/login: email and password, then a TOTP code, or a recovery code, when two-factor is on
(P-MISC-3, P-MISC-4; recovery codes: issue 27, item 9)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components import auth_layout as auth_ui
from startup_toolkit.components.props import FILL_COLUMN, ONE_TIME_CODE, WIDE_CONTROL
from startup_toolkit.db import in_worker
from startup_toolkit.domain.redirects import safe_next_path
from startup_toolkit.services import accounts
from startup_toolkit.state.sign_in import complete_sign_in


class LoginState(rx.State):
    stage: str = "password"  # password | code
    use_recovery_code: bool = False  # the code step asks for a recovery code instead
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
        self.use_recovery_code = False

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
            self.use_recovery_code = False
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
    def switch_code_kind(self) -> None:
        """Ask for a recovery code instead of the app's code, or back (the service takes
        either in the one field)."""
        self.use_recovery_code = not self.use_recovery_code
        self.error = ""

    @rx.event
    def back_to_password(self) -> None:
        self.stage, self.error, self._pending_user_id = "password", "", ""
        self.use_recovery_code = False


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


def _app_code_field() -> rx.Component:
    """The 6-digit code from the authenticator app."""
    return rx.vstack(
        rx.text("Enter the 6-digit code from your authenticator app.", size="2"),
        auth_ui.field("Authentication code", "code", **ONE_TIME_CODE, max_length=8, required=True),
        key="app-code",
        spacing="3",
        **FILL_COLUMN,
    )


def _recovery_code_field() -> rx.Component:
    """One of the recovery codes saved when two-factor was turned on."""
    return rx.vstack(
        rx.text(
            "Enter one of the recovery codes you saved when you turned on two-factor "
            "authentication. Each code works once.",
            size="2",
        ),
        auth_ui.field(
            "Recovery code",
            "code",
            auto_complete="off",
            auto_capitalize="none",
            spell_check=False,
            placeholder="abcde-fghij",
            max_length=24,
            required=True,
        ),
        key="recovery-code",
        spacing="3",
        **FILL_COLUMN,
    )


def _code_form() -> rx.Component:
    return auth_ui.auth_form(
        LoginState.error,
        rx.cond(LoginState.use_recovery_code, _recovery_code_field(), _app_code_field()),
        rx.button("Verify", type="submit", **WIDE_CONTROL),
        rx.button(
            rx.cond(
                LoginState.use_recovery_code,
                "Use your authenticator app",
                "Use a recovery code",
            ),
            type="button",
            variant="ghost",
            id="switch-code-kind",
            on_click=LoginState.switch_code_kind,
        ),
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
