"""What the idea and comparison pages share: the page is not found (not the founder's, or a
bad address) or failed, and the one read of the founder's rows that settles which. Until one
of these or the page's view (None until loaded) is set, the page is loading."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reflex.event import EventSpec

from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin


class PageLoadMixin(PrivateStateMixin, mixin=True):
    not_found: bool = False
    load_failed: bool = False

    def _nothing_here(self) -> None:
        self.not_found = True

    async def _read_mine(
        self, fn: Callable[..., Any], *args: Any, failed: str, what: str
    ) -> tuple[Any, EventSpec | None]:
        """`fn(session, user_id, *args)` for the signed-in founder: its value and the toast to
        show. None when the page has nothing to show: not found, failed (`failed` toasted), or
        signed out (the page guard sends the visitor to sign in; keep the skeleton)."""
        done = await for_user(
            self, fn, *args, signed_out=None, failed=toasts.error(failed), what=what
        )
        if not done.ok:
            self.load_failed = done.toast is not None
            return None, done.toast
        if done.value is None:
            self._nothing_here()
        return done.value, None
