"""Issue 13, finding 1 and the last part of finding 9: the server log, as the production
backend writes it, holds no secret a visitor sent, and a visitor's malformed events leave at
most one line each (rate-limited), never a traceback.

Canary values (unique strings) travel where the review saw secrets leak: the session cookie
and an Authorization header in the websocket handshake, a password, TOTP code, ticket, token
and secret in the payload of a handler that does not exist (a stale tab), of the real sign-in
handlers, and of malformed frames. Then the real server log is grepped for them.
"""

from __future__ import annotations

import json
import time
import uuid

import httpx
import websocket

from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.pages.login import LoginState
from startup_toolkit.providers.malformed_events import PER_MINUTE
from tests.security.conftest import ProdApp
from tests.support.reflex_socket import NAMESPACE, Tab

LOGIN = LoginState.get_full_name()
SIGN_IN = f"{LOGIN}.sign_in"
VERIFY = f"{LOGIN}.verify_code"
STALE = f"{LOGIN}.handler_of_an_older_deploy"


def _canary(kind: str) -> str:
    return f"canary{kind}{uuid.uuid4().hex[:12]}"


class HeaderTab(Tab):
    """A tab whose handshake carries extra headers (an Authorization header)."""

    def __init__(self, base_url: str, cookie: str, headers: list[str]) -> None:
        super().__init__(base_url, cookie=cookie)
        self.headers = headers

    def connect(self) -> HeaderTab:
        url = self.base_url.replace("http", "ws", 1) + "/_event/"
        ws = websocket.create_connection(
            f"{url}?EIO=4&transport=websocket&token={self.token}",
            timeout=self.timeout,
            header=[f"Cookie: {self.cookie}", *self.headers],
        )
        assert ws.recv().startswith("0")
        ws.send(f"40{NAMESPACE},{{}}")
        self._ws = ws
        self._wait_for(lambda p: p.startswith(f"40{NAMESPACE},"))
        return self


def _frame(tab: Tab, data: object) -> None:
    """One `event` frame whose data is `data` as it stands (not an event object)."""
    assert tab._ws is not None
    tab._ws.send(f"42{NAMESPACE}," + json.dumps(["event", data]))


def _raw(tab: Tab, text: str) -> None:
    assert tab._ws is not None
    tab._ws.send(text)


def _settled_log(prod: ProdApp, quiet: float = 1.5, timeout: float = 20) -> str:
    """The server log once it has stopped growing for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    text, since = prod.backend.log_text(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = prod.backend.log_text()
        if now != text:
            text, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return text


def _round_trip(tab: Tab) -> None:
    """Wait until the tab's earlier events have been handled (one real event answered)."""
    tab.send(SIGN_IN, "/login", form={"email": "", "password": ""})


def _malformed_events(tab: Tab, canary: str) -> int:
    """Send one malformed event of each kind a visitor can send on a live tab; how many."""
    sent = [
        lambda: tab.emit(STALE, {"form": {"password": canary}}, "/login"),  # unknown handler
        lambda: tab.emit(SIGN_IN, {"form": {}, "password": canary}, "/login"),  # extra argument
        lambda: tab.emit(SIGN_IN, {}, "/login"),  # a missing argument
        lambda: _frame(tab, {"name": SIGN_IN, "payload": canary}),  # payload not an object
        lambda: _frame(tab, f"not an event {canary}"),  # text that is not JSON
        lambda: _frame(tab, json.dumps({"name": STALE, "payload": {"secret": canary}})),
        lambda: _frame(tab, [canary]),  # not an object
        lambda: _frame(tab, {"name": 5, "payload": canary}),  # a name that is not text
        lambda: _frame(tab, {"name": STALE, "payload": {}, "router_data": canary}),
    ]
    for send in sent:
        send()
    return len(sent)


def _garbage_frames(prod: ProdApp, canary: str) -> int:
    """Frames that are not Socket.IO events at all, each on its own connection (the server
    may close it); how many."""
    frames = [
        f"42{NAMESPACE},[not json {canary}",
        f"9garbage {canary}",
        f"42{NAMESPACE},{{}}",
    ]
    for frame in frames:
        tab = prod.tab()
        try:
            _raw(tab, frame)
            time.sleep(0.2)
        finally:
            tab.close()
    return len(frames)


def test_no_secret_a_visitor_sends_reaches_the_server_log(prod: ProdApp, make_founder) -> None:
    """Finding 1: cookie, Authorization header, password, TOTP code, ticket, token and secret
    canaries sent through the real app process never appear in its log."""
    founder = make_founder()
    canaries = {
        kind: _canary(kind)
        for kind in ("session", "auth", "password", "totp", "ticket", "token", "secret", "cookie")
    }
    signed_in = HeaderTab(
        prod.url,
        f"{founder.cookie}; theme_cookie={canaries['cookie']}",
        [f"Authorization: Bearer {canaries['auth']}"],
    ).connect()
    stranger = prod.tab(f"{SESSION_COOKIE}={canaries['session']}")
    secrets = {
        "password": canaries["password"],
        "code": canaries["totp"],
        "ticket": canaries["ticket"],
        "token": canaries["token"],
        "secret": canaries["secret"],
    }
    try:
        for tab in (signed_in, stranger):
            tab.open_page("/login")
            # A stale tab: the handler is gone, the payload carries every kind of secret.
            tab.emit(STALE, {"form": {"email": founder.email, **secrets}}, "/login")
            # The real sign-in handlers: a wrong password and a code out of turn.
            tab.send(
                SIGN_IN, "/login", form={"email": founder.email, "password": secrets["password"]}
            )
            tab.send(VERIFY, "/login", form={"code": secrets["code"]})
            # The same handlers with payloads that do not fit them.
            tab.emit(SIGN_IN, {"form": [secrets["password"]]}, "/login")
            tab.emit(SIGN_IN, {"form": {"password": secrets["password"]}, **secrets}, "/login")
            _frame(tab, {"name": SIGN_IN, "payload": json.dumps(secrets)})
            _frame(tab, json.dumps({"name": STALE, "payload": secrets}))
            _frame(tab, f'{{"name": "{STALE}", "payload": {{"password": "{secrets["password"]}"')
            _round_trip(tab)
        _garbage_frames(prod, canaries["secret"])
        # A ticket in a URL (the sign-in hand-off) and a session in a plain HTTP request.
        httpx.get(
            f"{prod.url}/api/auth/complete",
            params={"ticket": canaries["ticket"]},
            headers={"Cookie": f"{SESSION_COOKIE}={canaries['session']}"},
        )
    finally:
        signed_in.close()
        stranger.close()
    log = _settled_log(prod)
    leaked = {kind: value for kind, value in canaries.items() if value in log}
    if founder.token in log:
        leaked["the founder's live session token"] = founder.token
    assert not leaked, f"secrets in the server log: {sorted(leaked)}\n{prod.backend.tail()}"


def test_malformed_events_leave_one_line_each_and_no_traceback(prod: ProdApp) -> None:
    """Finding 9: each malformed event a visitor can send leaves at most one log line."""
    tab = prod.tab()
    tab.open_page("/login")
    before = len(_settled_log(prod, quiet=1.0))
    try:
        sent = _malformed_events(tab, _canary("malformed"))
        _round_trip(tab)
    finally:
        tab.close()
    sent += _garbage_frames(prod, _canary("garbage"))
    added = _settled_log(prod)[before:]
    lines = [line for line in added.splitlines() if line.strip()]
    assert "Traceback" not in added, added
    assert len(lines) <= sent, f"{sent} malformed events left {len(lines)} lines:\n{added}"


def test_a_flood_of_malformed_events_is_rate_limited(prod: ProdApp) -> None:
    """Finding 9: a flood of one kind leaves at most PER_MINUTE lines a minute."""
    count = 4 * PER_MINUTE
    tab = prod.tab()
    tab.open_page("/login")
    before = len(_settled_log(prod, quiet=1.0))
    try:
        for number in range(count):
            tab.emit(f"{STALE}_{number}", {}, "/login")
        _round_trip(tab)
    finally:
        tab.close()
    added = _settled_log(prod)[before:]
    lines = [line for line in added.splitlines() if "unknown handler" in line]
    assert len(lines) <= PER_MINUTE, added
    assert len(added.splitlines()) <= PER_MINUTE + 1, added
