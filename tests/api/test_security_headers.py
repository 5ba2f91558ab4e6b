"""Security headers over real HTTP: the middleware around a small app served by uvicorn."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from startup_toolkit.api.security_headers import HEADERS, HSTS, SecurityHeaders
from startup_toolkit.settings import get_settings
from tests.support.asgi_server import LoopbackServer


async def page(_request: Request) -> PlainTextResponse:
    return PlainTextResponse("hello")


async def framable(_request: Request) -> PlainTextResponse:
    return PlainTextResponse("mine", headers={"X-Frame-Options": "SAMEORIGIN"})


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    inner = Starlette(routes=[Route("/", page), Route("/own", framable)])
    with LoopbackServer(SecurityHeaders(inner)) as server:
        yield server.url


def test_every_response_carries_the_headers(url: str, settings_env: pytest.MonkeyPatch) -> None:
    settings_env.setenv("PUBLIC_BASE_URL", "http://localhost:3000")
    get_settings.cache_clear()
    for path, status in (("/", 200), ("/missing", 404)):
        reply = httpx.get(url + path)
        assert reply.status_code == status
        for name, value in HEADERS.items():
            assert reply.headers[name] == value
        assert "strict-transport-security" not in reply.headers  # not behind https
    csp = HEADERS["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    assert "frame-src https://www.youtube-nocookie.com https://player.vimeo.com" in csp


def test_a_route_keeps_its_own_header_and_https_adds_hsts(
    url: str, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("PUBLIC_BASE_URL", "https://unstuck.example")
    get_settings.cache_clear()
    reply = httpx.get(url + "/own")
    assert reply.headers["x-frame-options"] == "SAMEORIGIN"
    assert reply.headers["strict-transport-security"] == HSTS


def test_websockets_pass_through() -> None:
    """The app's event channel is a websocket: its messages go through untouched (the browser
    tests drive every page over it)."""
    sent: list[dict[str, object]] = []

    async def app(scope: dict[str, object], receive: object, send: object) -> None:
        await send({"type": "websocket.accept", "headers": []})  # type: ignore[operator]

    async def record(message: dict[str, object]) -> None:
        sent.append(message)

    async def nothing() -> dict[str, object]:
        return {}

    asyncio.run(SecurityHeaders(app)({"type": "websocket"}, nothing, record))  # type: ignore[arg-type]
    assert sent == [{"type": "websocket.accept", "headers": []}]
