"""The Security tab's part of ProfileState: security settings (P-PROF-4), two-factor setup and
removal with its recovery codes, and the password change (P-PROF-5). Turning two-factor or
login notifications off asks for the password (or a code) in a dialog, new recovery codes ask
for the password; the services check it. New recovery codes are held only while their dialog
shows them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
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
from startup_toolkit.pages.profile.views import SecurityView, TotpSetup, updated
from startup_toolkit.services import account_security, accounts, user_settings
from startup_toolkit.state.auth import session_token
from startup_toolkit.state.private import attempt

SECURITY_FAILED = accounts.Result(ok=False, message=user_settings.SECURITY_FAILED)
CODES_FAILED = account_security.CodesResult(
    ok=False, message=account_security.RECOVERY_CODES_FAILED
)


@dataclass(frozen=True)
class ProofChange:
    """A security change made once the password (or a code) typed in its dialog is accepted."""

    change: Callable[..., Any]  # the service: (session, user_id, proof) -> a result
    failed: accounts.Result  # the answer when the service itself fails
    what: str  # for the log
    field: str  # the dialog's proof field, where a refusal shows
    busy: str  # the busy marker of the dialog's button
    select_id: str = ""  # the input selected after a refusal, to type again
    cap: int = SECRET_CAP
    #: The recovery codes left become the result's codes (none once two-factor is off).
    renews_codes: bool = False


NOTIFICATIONS_OFF = ProofChange(
    account_security.turn_off_login_notifications,
    SECURITY_FAILED,
    "turn login notifications off",
    field="proof",
    busy="notifications_off",
    select_id="notifications-off-proof",
)
TWO_FACTOR_ON = ProofChange(
    account_security.confirm_totp,
    SECURITY_FAILED,
    "confirm two-factor setup",
    field="code",
    busy="totp_setup",
    select_id="totp-code",
    cap=32,
    renews_codes=True,
)
TWO_FACTOR_OFF = ProofChange(
    account_security.disable_totp,
    SECURITY_FAILED,
    "turn two-factor off",
    field="code_or_password",
    busy="totp_disable",
    renews_codes=True,
)
NEW_RECOVERY_CODES = ProofChange(
    account_security.new_recovery_codes,
    CODES_FAILED,
    "make new recovery codes",
    field="password",
    busy="recovery_codes_new",
    select_id="recovery-codes-password",
    renews_codes=True,
)


class SecurityMixin(SettingsBase, mixin=True):
    security: SecurityView | None = None  # None until the page has loaded it
    #: The two-factor setup waiting for its first code; its dialog is open while there is one.
    totp_setup: TotpSetup | None = None
    #: The dialog the server opened to ask for the password (or a code): "totp_disable",
    #: "notifications_off" or "recovery_codes_new"; "" when none is.
    dialog: str = ""
    #: New recovery codes, shown once: their dialog is open while there are some, and closing
    #: it (or any other dialog, or a reload) drops them.
    recovery_codes: list[str] = []
    _toast_after_reload: str = ""  # a success to show once the page has reloaded

    def _close_dialogs(self) -> None:
        """Close the dialogs the server opened, drop a pending two-factor secret, the recovery
        codes on show and every dialog message; nothing is busy."""
        self.dialog = self.busy = ""
        self.totp_setup = None
        self.recovery_codes = []
        self.dialog_errors = {}

    def _open_dialog(self, name: str) -> None:
        self.dialog_errors = {}
        self.dialog = name

    @rx.event
    def close_dialog(self, value: bool) -> None:
        """A dialog the server opened was closed: two-factor and login notifications stay as
        they are, a pending two-factor secret and the recovery codes on show are dropped."""
        if value is False:
            self._close_dialogs()

    # ------------------------------------------------------------------ settings (P-PROF-4)

    async def _save_security(self, values: dict[str, Any]) -> AsyncIterator[EventSpec]:
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        result = await self._save_settings("security", user_id, values)
        if result.ok and result.row is not None:
            stored = {
                "login_notifications": bool(result.row.login_notifications),
                "session_timeout": str(result.row.session_timeout),
            }
            self.security = updated(self.security, stored)
        yield outcome_toast(result.ok, result.message, first_error(result.errors))

    @rx.event
    async def set_login_notifications(self, value: bool) -> AsyncIterator[EventSpec]:
        """Turning on is saved at once (P-PROF-4); turning off opens a dialog that asks for
        the password (or a code), and the switch changes when the server accepts."""
        if not isinstance(value, bool):
            return
        if not value and self.security is not None and self.security.login_notifications:
            user_id, refusal = await self._editor()
            if user_id is None:
                yield refusal
                return
            self._open_dialog("notifications_off")
            return
        async for spec in self._save_security({"login_notifications": value}):
            yield spec

    @rx.event
    async def turn_off_login_notifications(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Turn login notifications off once the password (or a code) is accepted."""
        async for spec in self._change_with_proof(
            form_data, NOTIFICATIONS_OFF, {"login_notifications": False}
        ):
            yield spec

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
        if self.security is None:
            return
        if value and not self.security.two_factor_enabled:
            started = await attempt(
                account_security.begin_totp_setup,
                user_id,
                failed=account_security.SetupResult(ok=False, message=SECURITY_FAILED.message),
                what="start two-factor setup",
            )
            setup = started.setup
            if setup is None:
                if started.message == account_security.TOTP_ALREADY_ON:
                    # turned on in another tab
                    self.security = updated(self.security, {"two_factor_enabled": True})
                yield outcome_toast(False, started.message)
                return
            self.dialog_errors = {}
            self.totp_setup = TotpSetup(secret=setup.secret, qr=setup.qr_svg_data_uri)
        elif not value and self.security.two_factor_enabled:
            self._open_dialog("totp_disable")

    @rx.event
    async def confirm_two_factor(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Turn two-factor on once a code from the authenticator app matches."""
        async for spec in self._change_with_proof(
            form_data, TWO_FACTOR_ON, {"two_factor_enabled": True}
        ):
            yield spec

    @rx.event
    async def disable_two_factor(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Turn two-factor off with a current code or the account password."""
        async for spec in self._change_with_proof(
            form_data, TWO_FACTOR_OFF, {"two_factor_enabled": False}
        ):
            yield spec

    async def _change_with_proof(
        self, form_data: dict[str, Any], how: ProofChange, changes: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Make a change that a dialog asked the password (or a code) for: a refusal stays in
        the dialog under the field; on success the settings take `changes`, the dialog closes
        and any new recovery codes are shown once."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        proof = text(form(form_data).get(how.field), how.cap)
        self.busy = how.busy
        yield
        result = await attempt(how.change, user_id, proof, failed=how.failed, what=how.what)
        self.busy = ""
        if not result.ok:
            self.dialog_errors = {how.field: result.message}
            if how.select_id:
                yield rx.call_script(f"document.getElementById('{how.select_id}')?.select()")
            return
        codes = list(getattr(result, "codes", ()))
        if how.renews_codes:
            changes = {**changes, "recovery_codes_left": len(codes)}
        self.security = updated(self.security, changes)
        self._close_dialogs()
        self.recovery_codes = codes
        yield outcome_toast(True, result.message)

    # ------------------------------------------------------------------ recovery codes

    @rx.event
    async def ask_new_recovery_codes(self) -> AsyncIterator[EventSpec]:
        """Open the dialog that asks for the password before new recovery codes are made."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        if self.security is not None and self.security.two_factor_enabled:
            self._open_dialog("recovery_codes_new")

    @rx.event
    async def create_new_recovery_codes(
        self, form_data: dict[str, Any]
    ) -> AsyncIterator[EventSpec | None]:
        """Replace the recovery codes once the password is accepted, and show the new ones."""
        async for spec in self._change_with_proof(form_data, NEW_RECOVERY_CODES, {}):
            yield spec

    # ------------------------------------------------------------------ password (P-PROF-5)

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
        self.busy = "password_dialog"
        yield
        result = await attempt(
            accounts.change_password,
            user_id,
            current,
            new,
            confirm,
            keep,
            failed=accounts.Result(ok=False, message=accounts.PASSWORD_CHANGE_FAILED),
            what="change a password",
        )
        self.busy = ""
        if not result.ok:
            self.dialog_errors = dict(result.errors)
            detail = result.message if result.message != accounts.PASSWORD_CHANGE_FAILED else ""
            yield outcome_toast(False, accounts.PASSWORD_CHANGE_FAILED, detail)
            return
        self.dialog_errors = {}
        self._toast_after_reload = result.message
        yield rx.call_script("window.location.reload()")
