"""/signup: name, email and password; then straight to the dashboard (P-MISC-3, P-MISC-4)."""

from __future__ import annotations

import asyncio

import reflex as rx

from startup_toolkit.components import auth_layout as auth_ui
from startup_toolkit.db import in_worker
from startup_toolkit.services import accounts, visitor_limits
from startup_toolkit.state.sign_in import complete_sign_in

FIELDS = ("name", "email", "password", "confirm")
TOO_MANY_SIGN_UPS = "Too many new accounts from your network. Please try again later."


class SignupState(rx.State):
    errors: dict[str, str] = {}
    error: str = ""
    busy: bool = False

    @rx.event
    def load(self) -> None:
        self.errors, self.error, self.busy = {}, "", False

    @rx.event
    async def sign_up(self, form: dict[str, str]) -> rx.event.EventSpec | None:
        values = {k: str(form.get(k, "")) for k in FIELDS}
        allowed = visitor_limits.sign_ups.allow  # a Redis round trip with several workers
        if not await asyncio.to_thread(allowed, self.router.session.client_ip):
            self.errors, self.error = {}, TOO_MANY_SIGN_UPS
            return None
        self.busy = True
        result = await in_worker(accounts.sign_up, *(values[k] for k in FIELDS))
        self.busy = False
        if not result.ok or not result.user_id:
            self.errors = dict(result.errors)
            self.error = "" if result.errors else (result.message or accounts.SIGN_UP_FAILED)
            return None
        self.errors, self.error = {}, ""
        return await complete_sign_in(result.user_id, "/dashboard")


def _err(name: str) -> rx.Var:
    return SignupState.errors.get(name, "")


@auth_ui.guest_route(
    "/signup",
    "Create your account",
    "Create an Unstuck account: AI tools that diagnose, plan and grow your startup.",
    SignupState.load,
)
def signup() -> rx.Component:
    form = auth_ui.auth_form(
        SignupState.error,
        auth_ui.field(
            "Full name",
            "name",
            error=_err("name"),
            auto_complete="name",
            required=True,
            max_length=200,
        ),
        auth_ui.email_field(_err("email")),
        *auth_ui.new_password_fields("Password", "password", "Confirm password", _err),
        auth_ui.form_footer(
            "Create Account", SignupState.busy, "Already have an account? ", "Sign in", "/login"
        ),
        on_submit=SignupState.sign_up,
    )
    return auth_ui.auth_layout(
        "Start Your Journey",
        "Create your account in under a minute.",
        form,
        "Everything you need to get unstuck",
        [
            ("users", "Join 10,000+ entrepreneurs building with Unstuck"),
            ("brain", "AI business insights tailored to your stage and industry"),
            ("crown", "Premium tools: scanner, co-founder, funding and growth"),
        ],
    )
