"""A browser tab without the browser: Reflex's event socket spoken over a plain websocket.

Engine.IO 4 over websocket, Socket.IO namespace `/_event`, event name `event` (see
reflex-notes, "Production and scale"). `Tab` connects with a tab token, sends events by their
full handler name and collects the state updates up to the one that changes the handler's
state. `serving_pid` tells which backend worker process holds the connection (through /proc).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import psutil
import websocket

NAMESPACE = "/_event"
ROOT_STATE = "reflex___state____state"
ROUTER_DATA = {"pathname": "/", "query": {}, "asPath": "/"}


class NewTokenError(RuntimeError):
    """The server gave the connection a new token, so the tab's state is not the one sent."""


@dataclass
class Tab:
    """One browser tab: a token kept across reconnects, and its current connection."""

    base_url: str  # http://127.0.0.1:PORT
    token: str = field(default_factory=lambda: str(uuid.uuid4()))
    timeout: float = 15.0
    cookie: str = ""  # the Cookie header the browser would send (a session, for a signed-in tab)
    _ws: websocket.WebSocket | None = None

    def connect(self) -> Tab:
        """Open a new connection for this tab's token (a reload, or a reconnect)."""
        self.close()
        url = self.base_url.replace("http", "ws", 1) + "/_event/"
        ws = websocket.create_connection(
            f"{url}?EIO=4&transport=websocket&token={self.token}",
            timeout=self.timeout,
            header=[f"Cookie: {self.cookie}"] if self.cookie else None,
        )
        opened = ws.recv()
        if not opened.startswith("0"):
            raise RuntimeError(f"not an Engine.IO open packet: {opened!r}")
        ws.send(f"40{NAMESPACE},{{}}")
        self._ws = ws
        self._wait_for(lambda p: p.startswith(f"40{NAMESPACE},"))
        return self

    def close(self) -> None:
        """Close the connection (the server drops its link to the token a moment later)."""
        if self._ws is not None:
            self._ws.close()
            self._ws = None

    @property
    def local_port(self) -> int:
        assert self._ws is not None and self._ws.sock is not None
        return self._ws.sock.getsockname()[1]

    def _wait_for(self, wanted: Any) -> str:
        assert self._ws is not None
        while True:
            packet = self._ws.recv()
            if packet == "2":  # the server's ping
                self._ws.send("3")
                continue
            if packet.startswith(f'42{NAMESPACE},["new_token"'):
                # The token was still linked to another connection (a duplicated tab, or a
                # reconnect faster than the server dropped the old socket): the server moved
                # this connection to a new token with a fresh state.
                raise NewTokenError(packet)
            if wanted(packet):
                return packet

    def emit(self, name: str, payload: dict[str, Any], path: str = "/") -> None:
        """Send one event frame as the page at `path` would, without waiting for replies."""
        assert self._ws is not None
        router = {**ROUTER_DATA, "pathname": path.partition("?")[0], "asPath": path}
        event = {"name": name, "payload": payload, "router_data": router}
        self._ws.send(f"42{NAMESPACE}," + json.dumps(["event", event]))

    def send(self, name: str, path: str = "/", **payload: Any) -> list[dict[str, Any]]:
        """Send one event (`<state full name>.<handler>`) from the page at `path`; the state
        updates received up to the first that changes the handler's state."""
        state = name.rsplit(".", 1)[0]
        self.emit(name, payload, path)
        return self.receive_until(lambda update: state in (update.get("delta") or {}))

    def receive_until(self, done: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
        """The state updates received up to the first one `done` accepts (the socket's
        timeout, when none does)."""
        updates = []
        while True:
            packet = self._wait_for(lambda p: p.startswith(f"42{NAMESPACE},"))
            _, update = json.loads(packet[len(NAMESPACE) + 3 :])
            update = json.loads(update) if isinstance(update, str) else update
            updates.append(update)
            if done(update):
                return updates

    def open_page(self, path: str) -> list[dict[str, Any]]:
        """Load the page at `path` as a browser's first connect does (hydrate, then its
        on_load handlers); the updates up to the end of the load."""
        self.emit(f"{ROOT_STATE}.hydrate_and_load", {}, path)
        return self.receive_until(is_hydrated)

    def serving_pid(self, worker_pids: list[int], server_port: int) -> int | None:
        """The worker process whose socket is this connection's other end."""
        mine = self.local_port
        for pid in worker_pids:
            for conn in psutil.Process(pid).net_connections(kind="tcp"):
                ours = conn.laddr and conn.laddr.port == server_port
                if ours and conn.raddr and conn.raddr.port == mine:
                    return pid
        return None


def is_hydrated(update: dict[str, Any]) -> bool:
    """Whether this update ends a page load: the root state's `is_hydrated` turned true once
    the page's on_load handlers have run."""
    for name, value in (update.get("delta") or {}).get(ROOT_STATE, {}).items():
        if name.startswith("is_hydrated") and value is True:
            return True
    return False


def delta_value(updates: list[dict[str, Any]], state: str, var: str) -> Any:
    """The last value of `var` (a state var's base name) in `state`'s deltas; KeyError if none."""
    found: list[Any] = []
    for update in updates:
        for name, value in (update.get("delta") or {}).get(state, {}).items():
            if name == var or name.startswith(f"{var}_rx_state_"):
                found.append(value)
    if not found:
        raise KeyError(f"{state}.{var} not in {updates!r}")
    return found[-1]


def reconnect(url: str, token: str, cookie: str = "") -> Tab:
    """The same tab token on a new connection (the server may take a moment to drop the
    old socket's link to it)."""
    deadline = time.monotonic() + 10
    while True:
        try:
            return Tab(url, token=token, cookie=cookie).connect()
        except NewTokenError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
