"""Security headers over real HTTP: the middleware around a small app served by uvicorn."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from startup_toolkit.api import security_headers
from startup_toolkit.api.security_headers import HEADERS, HSTS, SecurityHeaders
from startup_toolkit.settings import get_settings
from tests.support.asgi_server import LoopbackServer


async def page(_request: Request) -> PlainTextResponse:
    return PlainTextResponse("hello")


async def html_page(_request: Request) -> HTMLResponse:
    return HTMLResponse("<script>ok()</script>")


async def not_modified(_request: Request) -> Response:
    return Response(status_code=304)


async def framable(_request: Request) -> PlainTextResponse:
    return PlainTextResponse("mine", headers={"X-Frame-Options": "SAMEORIGIN"})


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    inner = Starlette(
        routes=[
            Route("/", page),
            Route("/own", framable),
            Route("/page", html_page),
            Route("/same", not_modified),
        ]
    )
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
        assert reply.headers["content-security-policy"] == security_headers.base_policy()
        assert "strict-transport-security" not in reply.headers  # not behind https
    csp = security_headers.base_policy()
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


def test_pages_allow_the_builds_inline_scripts_by_hash(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13, finding 9: HTML responses carry the hashes of the built pages' inline
    scripts (read once from the build); other responses the base policy."""
    (tmp_path / "index.html").write_text("<script>theme()</script>")
    monkeypatch.setattr(security_headers, "built_pages_dir", lambda: tmp_path)
    monkeypatch.setattr(security_headers, "_page_hashes", None)
    policy = httpx.get(url + "/page").headers["content-security-policy"]
    expected = security_headers.content_security_policy(
        security_headers.inline_script_hashes("<script>theme()</script>")
    )
    assert policy == expected != security_headers.base_policy()
    # A revalidated page (304) keeps its policy: the browser copies these headers onto it.
    assert httpx.get(url + "/same").headers["content-security-policy"] == expected
    assert "script-src 'self' 'unsafe-eval' 'sha256-" in policy
    assert httpx.get(url + "/").headers["content-security-policy"] == (
        security_headers.base_policy()
    )
