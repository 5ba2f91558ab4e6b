"""A simulated browser tab speaking Reflex's Socket.IO protocol (python-socketio client).

The frames are the ones Reflex 0.10's `state.js` sends: the socket connects to
`/_event/?token=<uuid>` (namespace `/_event`, websocket only) with the hydrate event in the
CONNECT packet's auth data, then emits `event` frames `{name, payload, router_data}`; the
server answers with `event` frames `{delta, events}`.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import socketio

NAMESPACE = "/_event"
ROOT_STATE = "reflex___state____state"
HYDRATE = f"{ROOT_STATE}.hydrate_and_load"
HYDRATED_VAR = "is_hydrated_rx_state_"

Update = dict[str, Any]
Done = Callable[[Update], bool]


def event(name: str, route: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    """An event frame as the browser sends it from `route`."""
    return {
        "name": name,
        "payload": payload or {},
        "router_data": {"pathname": route, "asPath": route},
    }


def hydrate_event(route: str, hashes: list[str] | None = None) -> dict[str, Any]:
    """The hydrate a page sends when it connects: with `hashes` (the per-state hashes of the
    compiled defaults) on a page's first connect, so only what differs comes back; without
    them on a reconnect, which gets the full state."""
    return event(HYDRATE, route, {"hashes": hashes} if hashes else None)


def hydrated(update: Update) -> bool:
    """Whether this update ends a hydrate: the root state's `is_hydrated` turned true."""
    return (update.get("delta") or {}).get(ROOT_STATE, {}).get(HYDRATED_VAR) is True


def touches(state_name: str) -> Done:
    """A reply predicate: the update's delta carries `state_name`."""
    return lambda update: state_name in (update.get("delta") or {})


@dataclass
class Reply:
    """What one event cost: milliseconds until the awaited update, bytes received meanwhile."""

    ms: float
    received: int


class Tab:
    """One browser tab: a token, a socket and the updates it receives."""

    def __init__(self, base_url: str, cookie: str = "", count_bytes: bool = True) -> None:
        self.base_url = base_url
        self.cookie = cookie
        self.count_bytes = count_bytes  # False: replies say 0 bytes (no re-encoding per update)
        self.token = str(uuid.uuid4())
        self.seen: dict[str, dict[str, Any]] = {}  # every var received, by state
        self._sio = socketio.AsyncClient(reconnection=False)
        self._updates: asyncio.Queue[Update] = asyncio.Queue()
        self._sio.on("event", self._received, namespace=NAMESPACE)

    async def _received(self, update: Update) -> None:
        for state, changes in (update.get("delta") or {}).items():
            self.seen.setdefault(state, {}).update(changes)
        await self._updates.put(update)

    def value(self, state: str, var: str) -> Any:
        """The last value received for `var` of `state` (None if never sent)."""
        return self.seen.get(state, {}).get(f"{var}_rx_state_")

    async def open(
        self, route: str = "/", timeout: float = 60, hashes: list[str] | None = None
    ) -> Reply:
        """Connect with the hydrate of `route` in the CONNECT packet (with the compiled state's
        `hashes`, as a browser's first connect sends them); wait until hydrated."""
        self._drain()
        start = time.perf_counter()
        await self._sio.connect(
            f"{self.base_url}?token={self.token}",
            headers={"Cookie": self.cookie} if self.cookie else {},
            auth={"event": hydrate_event(route, hashes)},
            transports=["websocket"],
            namespaces=[NAMESPACE],
            socketio_path="_event",
            wait_timeout=timeout,
        )
        received = await self._until(hydrated, timeout)
        return Reply((time.perf_counter() - start) * 1000, received)

    async def call(self, frame: dict[str, Any], done: Done, timeout: float = 60) -> Reply:
        """Send one event frame and wait for the update `done` accepts."""
        self._drain()
        start = time.perf_counter()
        await self._sio.emit("event", frame, namespace=NAMESPACE)
        received = await self._until(done, timeout)
        return Reply((time.perf_counter() - start) * 1000, received)

    async def hydrate(self, route: str, timeout: float = 60) -> Reply:
        """Hydrate `route` again on the open socket (what a reconnect sends)."""
        return await self.call(event(HYDRATE, route), hydrated, timeout)

    async def close(self) -> None:
        """Disconnect (the tab closes)."""
        await self._sio.disconnect()

    def _drain(self) -> None:
        while not self._updates.empty():
            self._updates.get_nowait()

    async def _until(self, done: Done, timeout: float) -> int:
        received = 0
        async with asyncio.timeout(timeout):
            while True:
                update = await self._updates.get()
                if self.count_bytes:
                    received += len(json.dumps(update, separators=(",", ":")))
                if done(update):
                    return received
