"""What a State's handler sends the browser, read in the tests: the browser code of its client
events, its events, the toasts among them, and an async-generator handler run to its end."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Iterable
from typing import Any

from reflex.event import Event
from reflex_base.utils import format


def js(spec: Any) -> str:
    """The browser-side code of a client event or a list of them ('' for None)."""
    if spec is None:
        return ""
    if isinstance(spec, list):
        spec = [s for s in spec if s is not None]
    return str(format.format_queue_events(spec))


def events(specs: Iterable[Any]) -> list[Event]:
    """The events of what a handler yielded or returned (None: a state push, no event)."""
    return [event for spec in specs if spec is not None for event in Event.from_event_type(spec)]


def toasts(specs: Iterable[Any]) -> list[str]:
    """The browser code of every toast among `specs`' events, in order."""
    calls = [str(event.payload.get("function", "")) for event in events(specs)]
    return [call for call in calls if "toast" in call]


def drain(gen: AsyncIterator[Any]) -> list[Any]:
    """Run an async-generator handler to its end; what it yielded (None: a state push)."""

    async def collect() -> list[Any]:
        return [spec async for spec in gen]

    return asyncio.run(collect())


def call(coro: Awaitable[Any]) -> list[Event]:
    """Run an ordinary async handler; the events it returned."""
    return events([asyncio.run(coro)])  # type: ignore[arg-type]


def toast_text(evs: Iterable[Event]) -> str:
    """The browser code of `evs`' client calls, one string (where a toast's words are)."""
    return " ".join(str(event.payload.get("function", "")) for event in evs)
