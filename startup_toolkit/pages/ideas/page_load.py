"""What the idea and comparison pages share: the page is loading, not found (not the founder's,
or a bad address) or failed, and the one read of the founder's rows that settles which."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reflex.event import EventSpec

from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin


class PageLoadMixin(PrivateStateMixin, mixin=True):
    loading: bool = True
    not_found: bool = False
    load_failed: bool = False

    def _nothing_here(self) -> None:
        self.loading, self.not_found = False, True

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
            self.loading = done.toast is None
            return None, done.toast
        if done.value is None:
            self._nothing_here()
        return done.value, None
