"""Driving a tool page's State without a browser: a substate for the ordinary handlers, and
Reflex's real event processor (in-memory state manager) for the background ones, with a
recorder standing in for the websocket (a signed-in founder: `tests.support.founders`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import reflex as rx
from reflex.event import Event
from reflex.istate.data import HeaderData, ReflexURL, RouterData
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from startup_toolkit.services import ai
from tests.support.events import js

S = TypeVar("S", bound=rx.State)


def router(route: str, cookie: str) -> RouterData:
    return RouterData(
        headers=HeaderData(cookie=cookie), url=ReflexURL(f"http://localhost:3000{route}")
    )


def substate(cls: type[S], route: str, cookie: str = "") -> S:
    """The page's State inside a fresh state tree, as a tab at `route` would have it."""
    root = rx.State(_reflex_internal_init=True)
    root.router = router(route, cookie)
    return root.get_substate(cls.get_full_name().split("."))  # type: ignore[return-value]


def opened(cls: type[S], route: str, cookie: str = "") -> tuple[S, str]:
    """The page's State after its on_load `reopen` at `route` (`?run=`, `?saved=` or
    `?retry=`), and the toast it returned as the browser would run it."""
    s = substate(cls, route, cookie)
    return s, js(asyncio.run(s.reopen()))  # type: ignore[attr-defined]


@dataclass
class Recorder:
    """Stands in for the websocket namespace: what the browser would receive."""

    state: type[rx.State]
    updates: list[Any] = field(default_factory=list)

    async def emit_update(self, update: Any, token: str) -> None:
        self.updates.append(update)

    def values(self, name: str) -> list[Any]:
        """Every value sent for the state's var `name`, in order."""
        out = []
        for update in self.updates:
            for var, value in (update.delta or {}).get(self.state.get_full_name(), {}).items():
                if var == name or var.startswith(f"{name}_rx_state_"):
                    out.append(value)
        return out

    def toasts(self) -> list[str]:
        """The browser code of every toast sent, in order."""
        return [
            str(event.payload.get("function", ""))
            for update in self.updates
            for event in update.events or []
            if "toast" in str(event.payload.get("function", ""))
        ]


@dataclass
class Tab:
    """One browser tab's state in the processor: prepare it, fire events, read it back."""

    cls: type[rx.State]
    route: str
    manager: StateManagerMemory
    processor: BaseStateEventProcessor
    token: str = "tab-1"

    async def prepare(self, cookie: str, **values: Any) -> None:
        """Sign the tab in with `cookie` and set the state's vars."""
        async with self.manager.modify_state(BaseStateToken(ident=self.token, cls=State)) as root:
            root.router_data = {"pathname": self.route, "headers": {"cookie": cookie}}
            root.router = router(self.route, cookie)
            s = await root.get_state(self.cls)
            for name, value in values.items():
                setattr(s, name, value)

    async def state(self) -> Any:
        root = await self.manager.get_state(BaseStateToken(ident=self.token, cls=State))
        return await root.get_state(self.cls)

    async def start(self, handler: str) -> Any:
        """Run `handler` without waiting: await what this returns to wait for its end."""
        event = Event(name=f"{self.cls.get_full_name()}.{handler}", payload={})
        return await self.processor.enqueue(self.token, event)

    async def fire(self, handler: str, busy: str, timeout: float = 20) -> Any:
        """Run `handler` and wait until its background work is over (`busy` is false)."""
        await asyncio.wait_for(await self.start(handler), timeout=timeout)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            s = await self.state()
            if not getattr(s, busy):
                return s
            await asyncio.sleep(0.02)
        raise AssertionError(f"{handler} did not finish")


def in_processor(
    cls: type[rx.State], route: str, run: Callable[[Tab, Recorder], Awaitable[Any]]
) -> Any:
    """Run `run(tab, recorder)` against Reflex's event processor; returns what it returns."""

    async def go() -> Any:
        manager = StateManagerMemory()
        recorder = Recorder(cls)
        processor = BaseStateEventProcessor().configure(
            state_manager=manager,
            event_namespace=recorder,  # type: ignore[arg-type]
        )
        try:
            async with processor:
                return await run(Tab(cls, route, manager, processor), recorder)
        finally:
            await ai.close_providers()

    return asyncio.run(go())
