"""The Security tab's part of ProfileState: security settings (P-PROF-4), two-factor setup and
removal, and the password change (P-PROF-5). Turning two-factor or login notifications off asks
for the password (or a code) in a dialog; the services check it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.pages.profile.settings_base import (
    SECRET_CAP,
    SettingsBase,
    first_error,
    form,
    outcome_toast,
    text,
)
from startup_toolkit.services import account_security, accounts, user_settings
from startup_toolkit.state.auth import session_token

NEVER = "Never"
SECURITY_VARS = ("two_factor_enabled", "login_notifications", "session_timeout")
SECURITY_FAILED = accounts.Result(ok=False, message=user_settings.SECURITY_FAILED)


class SecurityMixin(SettingsBase, mixin=True):
    two_factor_enabled: bool = False
    login_notifications: bool = True
    session_timeout: str = "30"
    password_last_changed: str = NEVER
    totp_setup_open: bool = False
    totp_qr: str = ""
    totp_secret: str = ""
    totp_error: str = ""
    totp_disable_open: bool = False
    totp_disable_error: str = ""
    totp_busy: bool = False
    notifications_off_open: bool = False
    notifications_off_error: str = ""
    notifications_off_busy: bool = False
    password_dialog_open: bool = False
    password_errors: dict[str, str] = {}
    password_busy: bool = False
    _toast_after_reload: str = ""  # a success to show once the page has reloaded

    def _close_security_dialogs(self) -> None:
        self.totp_setup_open = self.totp_disable_open = self.password_dialog_open = False
        self.totp_qr = self.totp_secret = self.totp_error = self.totp_disable_error = ""
        self.password_errors = {}
        self.totp_busy = self.password_busy = False
        self._close_notifications_off()

    # ------------------------------------------------------------------ settings (P-PROF-4)

    async def _save_security(self, values: dict[str, Any]) -> AsyncIterator[EventSpec]:
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        result = await self._save_settings("security", user_id, values)
        if result.ok and result.row is not None:
            self.login_notifications = bool(result.row.login_notifications)
            self.session_timeout = str(result.row.session_timeout)
        yield outcome_toast(result.ok, result.message, first_error(result.errors))

    @rx.event
    async def set_login_notifications(self, value: bool) -> AsyncIterator[EventSpec]:
        """Turning on is saved at once (P-PROF-4); turning off opens a dialog that asks for
        the password (or a code), and the switch changes when the server accepts."""
        if not isinstance(value, bool):
            return
        if not value and self.login_notifications:
            user_id, refusal = await self._editor()
            if user_id is None:
                yield refusal
                return
            self.notifications_off_error = ""
            self.notifications_off_open = True
            return
        async for spec in self._save_security({"login_notifications": value}):
            yield spec

    def _close_notifications_off(self) -> None:
        self.notifications_off_open = self.notifications_off_busy = False
        self.notifications_off_error = ""

    @rx.event
    def set_notifications_off_open(self, value: bool) -> None:
        """Closing the dialog leaves login notifications on."""
        if value is False:
            self._close_notifications_off()

    @rx.event
    async def turn_off_login_notifications(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Turn login notifications off once the password (or a code) is accepted."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        proof = text(form(form_data).get("proof"), SECRET_CAP)
        self.notifications_off_busy = True
        yield
        result = await self._call(
            account_security.turn_off_login_notifications,
            user_id,
            proof,
            failed=SECURITY_FAILED,
            what="turn login notifications off",
        )
        self.notifications_off_busy = False
        if not result.ok:
            self.notifications_off_error = result.message
            yield rx.call_script("document.getElementById('notifications-off-proof')?.select()")
            return
        self.login_notifications = False
        self._close_notifications_off()
        yield outcome_toast(True, result.message)

    @rx.event
    async def set_session_timeout(self, value: str) -> AsyncIterator[EventSpec]:
        """1, 7, 30 or 90 days, saved at once; open sessions are re-dated (P-PROF-4)."""
        if not isinstance(value, str):
            return
        async for spec in self._save_security({"session_timeout": value}):
            yield spec

    # ------------------------------------------------------------------ two-factor

    @rx.event
    async def toggle_two_factor(self, value: bool) -> AsyncIterator[EventSpec]:
        """Turning on opens the setup dialog; turning off asks for a code or the password.
        The switch changes only when the server accepts (confirm_totp / disable_totp); the
        server also refuses a new setup while two-factor is on."""
        if not isinstance(value, bool):
            return
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        if value and not self.two_factor_enabled:
            started = await self._call(
                account_security.begin_totp_setup,
                user_id,
                failed=account_security.SetupResult(ok=False, message=SECURITY_FAILED.message),
                what="start two-factor setup",
            )
            setup = started.setup
            if setup is None:
                if started.message == account_security.TOTP_ALREADY_ON:
                    self.two_factor_enabled = True  # turned on in another tab
                yield outcome_toast(False, started.message)
                return
            self.totp_secret = setup.secret
            self.totp_qr = setup.qr_svg_data_uri
            self.totp_error = ""
            self.totp_setup_open = True
        elif not value and self.two_factor_enabled:
            self.totp_disable_error = ""
            self.totp_disable_open = True

    def _close_totp_setup(self) -> None:
        """Close the setup dialog and drop the pending secret (2FA stays as it is)."""
        self.totp_setup_open = False
        self.totp_secret = self.totp_qr = self.totp_error = ""

    def _close_totp_disable(self) -> None:
        self.totp_disable_open = False
        self.totp_disable_error = ""

    @rx.event
    def set_totp_setup_open(self, value: bool) -> None:
        """Closing the setup dialog abandons the pending secret (2FA stays off)."""
        if value is False:
            self._close_totp_setup()

    @rx.event
    async def confirm_two_factor(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Turn two-factor on once a code from the authenticator app matches."""
        code = text(form(form_data).get("code"), 32)
        async for spec in self._change_two_factor(True, code, "confirm two-factor setup"):
            yield spec

    @rx.event
    def set_totp_disable_open(self, value: bool) -> None:
        if value is False:
            self._close_totp_disable()

    @rx.event
    async def disable_two_factor(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Turn two-factor off with a current code or the account password."""
        proof = text(form(form_data).get("code_or_password"), SECRET_CAP)
        async for spec in self._change_two_factor(False, proof, "turn two-factor off"):
            yield spec

    async def _change_two_factor(
        self, turn_on: bool, proof: str, what: str
    ) -> AsyncIterator[EventSpec | None]:
        """Confirm the setup (`turn_on`) or turn two-factor off with `proof`; the switch and
        the dialog follow the server's answer."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        change = account_security.confirm_totp if turn_on else account_security.disable_totp
        self.totp_busy = True
        yield
        result = await self._call(change, user_id, proof, failed=SECURITY_FAILED, what=what)
        self.totp_busy = False
        if not result.ok:
            message = result.message
            if turn_on:
                self.totp_error = message
                yield rx.call_script("document.getElementById('totp-code')?.select()")
            else:
                self.totp_disable_error = message
            return
        self.two_factor_enabled = turn_on
        if turn_on:
            self._close_totp_setup()
        else:
            self._close_totp_disable()
        yield outcome_toast(True, result.message)

    # ------------------------------------------------------------------ password (P-PROF-5)

    @rx.event
    def set_password_dialog_open(self, value: bool) -> None:
        if isinstance(value, bool):
            self.password_dialog_open = value
            self.password_errors = {}

    @rx.event
    async def change_password(self, form_data: dict[str, Any]) -> AsyncIterator[EventSpec | None]:
        """Check the current password, store the new one and end the other sessions; on
        success close the dialog and reload the page (the toast shows after the reload)."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        data = form(form_data)
        current, new, confirm = (
            text(data.get(name), SECRET_CAP)
            for name in ("current_password", "new_password", "confirm_password")
        )
        keep = session_token(self)
        self.password_busy = True
        yield
        result = await self._call(
            accounts.change_password,
            user_id,
            current,
            new,
            confirm,
            keep,
            failed=accounts.Result(ok=False, message=accounts.PASSWORD_CHANGE_FAILED),
            what="change a password",
        )
        self.password_busy = False
        if not result.ok:
            self.password_errors = dict(result.errors)
            detail = result.message if result.message != accounts.PASSWORD_CHANGE_FAILED else ""
            yield outcome_toast(False, accounts.PASSWORD_CHANGE_FAILED, detail)
            return
        self.password_errors = {}
        self.password_dialog_open = False
        self._toast_after_reload = result.message
        yield rx.call_script("window.location.reload()")
