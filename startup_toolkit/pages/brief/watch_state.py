"""WatchMixin (issue 30, item 2): the watch panel of the brief on screen, part of `BriefState`
(a state of its own would cost its name in every tab's snapshot). "Watch this idea" (off by
default), Pause, Resume and Stop; "Next check <date>" and the watch's history. One typed view
var (`watch`, the service's `WatchPanel`); the idea is the brief's own (`_idea_id`), never one
the browser names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.services import watch as service
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

TOAST_ID = "brief-watch"
SIGNED_OUT = "Please sign in to watch an idea"
FAILED = "The watch could not be changed. Please try again."


class WatchMixin(PrivateStateMixin, mixin=True):
    """The brief's watch panel (None: no brief with an idea on the page, or not loaded)."""

    watch: service.WatchPanel | None = None
    _idea_id: int | None = None  # the idea the brief on screen belongs to (BriefState's)

    @rx.event
    async def load_watch(self) -> None:
        """The panel of the brief's idea (kept as it was while that does not load)."""
        idea_id = self._idea_id
        if idea_id is None:
            self.watch = None
            return
        if self.watch is not None and self.watch.idea_id != idea_id:
            self.watch = None  # another idea's panel never shows beside this brief
        done = await for_user(
            self, service.panel, idea_id, signed_out=None, failed=None, what="Loading a watch"
        )
        if done.ok and done.value is not None:
            self.watch = done.value

    async def _change(self, fn: Callable[..., service.WatchResult]) -> EventSpec | None:
        idea_id = self._idea_id
        if idea_id is None:
            return None
        done = await for_user(
            self,
            fn,
            idea_id,
            signed_out=toasts.error(SIGNED_OUT, id=TOAST_ID),
            failed=toasts.error(FAILED, id=TOAST_ID),
            what="Changing a watch",
        )
        if not done.ok or done.value is None:
            return done.toast
        result: Any = done.value
        if result.panel is not None:
            self.watch = result.panel
        if result.ok:
            return toasts.success(result.message, id=TOAST_ID)
        return toasts.error(result.message, id=TOAST_ID)

    @rx.event
    async def start_watch(self) -> EventSpec | None:
        """Watch this idea."""
        return await self._change(service.start_watch)

    @rx.event
    async def pause_watch(self) -> EventSpec | None:
        return await self._change(service.pause_watch)

    @rx.event
    async def resume_watch(self) -> EventSpec | None:
        return await self._change(service.resume_watch)

    @rx.event
    async def stop_watch(self) -> EventSpec | None:
        return await self._change(service.stop_watch)
