"""Issue 13, finding 7 (CORS): the default answered any Origin with credentials allowed. Now
the one allowed origin is PUBLIC_BASE_URL (here the backend's own address), over HTTP and on
the event socket; a wildcard is never paired with credentials."""

from __future__ import annotations

import httpx
import pytest
import websocket

from tests.security.conftest import ProdApp

EVIL = "https://evil.example"


def test_another_origin_gets_no_cors_grant(prod: ProdApp, make_founder) -> None:
    """A page on another site reading the API with the visitor's cookies: no grant, for a
    plain request or a preflight."""
    founder = make_founder()
    with httpx.Client(base_url=prod.url, timeout=15) as client:
        for reply in (
            client.get("/ping", headers={"Origin": EVIL, "Cookie": founder.cookie}),
            client.options(
                "/api/auth/nonce",
                headers={
                    "Origin": EVIL,
                    "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": "content-type",
                },
            ),
        ):
            allowed = reply.headers.get("access-control-allow-origin")
            assert allowed not in (EVIL, "*"), reply.headers


def test_the_public_origin_is_granted_without_a_wildcard(prod: ProdApp) -> None:
    with httpx.Client(base_url=prod.url, timeout=15) as client:
        reply = client.options(
            "/api/auth/nonce",
            headers={
                "Origin": prod.url,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type",
            },
        )
    assert reply.status_code == 200
    assert reply.headers["access-control-allow-origin"] == prod.url
    assert reply.headers["access-control-allow-credentials"] == "true"


def test_the_event_socket_refuses_another_origin(prod: ProdApp) -> None:
    """The websocket carries the session cookie: another site's page may not open it."""
    url = prod.url.replace("http", "ws", 1) + "/_event/?EIO=4&transport=websocket&token=t1"
    with pytest.raises(websocket.WebSocketException):
        ws = websocket.create_connection(url, timeout=10, origin=EVIL)
        try:
            assert not ws.recv().startswith("0")  # an Engine.IO open packet: accepted
        finally:
            ws.close()
    ws = websocket.create_connection(url.replace("t1", "t2"), timeout=10, origin=prod.url)
    try:
        assert ws.recv().startswith("0")
    finally:
        ws.close()
