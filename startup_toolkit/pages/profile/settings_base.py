"""What every handler of the profile page repeats: who is signed in (from the server-side
session), the way back to /login, the database work in a worker thread, the outcome toast."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.passwords import MAX_LENGTH as PASSWORD_MAX
from startup_toolkit.domain.profile import URL_MAX
from startup_toolkit.services import user_settings
from startup_toolkit.services.user_settings import SettingsResult
from startup_toolkit.state import toasts
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private import attempt
from startup_toolkit.state.private_state import PrivateStateMixin

ROUTE = "/profile"
TOAST_ID = "profile-settings"
#: The refusal of a change from a tab that has not loaded the profile of the signed-in user.
NOT_LOADED = "This page is out of date. Reload it and try again."
#: What a text field keeps of what the browser sends (above every limit, so nothing typed is
#: cut, while a script cannot park megabytes in the state).
INPUT_CAP = 4 * URL_MAX
SECRET_CAP = 4 * PASSWORD_MAX
#: Each part of the settings: the service call that saves it, the message when that raised,
#: and what the log says could not be done.
SAVES: dict[str, tuple[Callable[..., SettingsResult], str, str]] = {
    "profile": (user_settings.update_profile, user_settings.PROFILE_FAILED, "save a profile"),
    "preferences": (
        user_settings.update_preferences,
        user_settings.PREFERENCES_FAILED,
        "save a preference",
    ),
    "ai": (user_settings.update_ai_settings, user_settings.AI_FAILED, "save AI settings"),
    "security": (
        user_settings.update_security_settings,
        user_settings.SECURITY_FAILED,
        "save security settings",
    ),
}


def text(value: Any, cap: int = INPUT_CAP) -> str:
    return value[:cap] if isinstance(value, str) else ""


def form(data: Any) -> dict[str, Any]:
    """The submitted form, or nothing when the browser sent something else."""
    return data if isinstance(data, dict) else {}


def outcome_toast(ok: bool, message: str, description: str = "") -> EventSpec:
    """An outcome toast. Errors share one id so a repeated mistake shows one toast; a success
    gets none, as Sonner can drop a toast that re-uses the id of one leaving the screen."""
    kind = toasts.success if ok else toasts.error
    extra: dict[str, Any] = {} if ok else {"id": TOAST_ID}
    if description and description != message:
        extra["description"] = description
    return kind(message, **extra)


def first_error(errors: dict[str, str]) -> str:
    return next(iter(errors.values()), "")


class SettingsBase(PrivateStateMixin, mixin=True):
    """The plumbing of the profile page's handlers."""

    #: What is being saved or checked ("profile", "ai", or a form dialog's name), else "".
    #: A tab's handlers run one at a time, so one name is enough.
    busy: str = ""
    #: The messages of the open form dialog, by field (only one dialog is open at a time).
    dialog_errors: dict[str, str] = {}
    _loaded_for: str = ""

    @rx.event
    def clear_dialog_errors(self, value: bool = True) -> None:
        """A dialog opened or closed in the browser starts without the last one's messages."""
        self.dialog_errors = {}

    async def _user_id(self) -> str | None:
        """The signed-in user's id; when there is none, forget what the page showed."""
        user_id = await signed_in_user_id(self)
        if user_id is None and self._loaded_for:
            self._start_over()
        return user_id

    async def _editor(self) -> tuple[str, None] | tuple[None, EventSpec]:
        """The signed-in user's id when this tab loaded the page for that user; otherwise None
        and what to send instead (the way to /login, or a toast asking for a reload), so a
        change cannot come from a tab that never showed the user's settings."""
        user_id = await self._user_id()
        if user_id is None:
            return None, self._to_login()
        if self._loaded_for != user_id:
            return None, outcome_toast(False, NOT_LOADED)
        return user_id, None

    def _to_login(self) -> EventSpec:
        query = self.router.url.query
        on_page = self.router.url.path.rstrip("/") == ROUTE
        target = ROUTE + (f"?{query}" if query and on_page else "")
        return rx.redirect(f"/login?next={quote(target, safe='')}")

    async def _save_settings(self, part: str, user_id: str, values: Any) -> SettingsResult:
        """Save `values` of the settings `part` (a key of SAVES) in a worker thread; a failed
        result with the part's message (logged) when that raised."""
        save, failed, what = SAVES[part]
        return await attempt(
            save, user_id, values, failed=SettingsResult(ok=False, message=failed), what=what
        )
