"""A light first load over HTTP: the app's own middleware stack around Reflex's real frontend
mount, serving a small production build laid out as Reflex writes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from reflex.utils.exec import get_frontend_mount
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.types import ASGIApp

from startup_toolkit.api import api
from startup_toolkit.api.cache_control import IMMUTABLE, REVALIDATE
from startup_toolkit.api.security_headers import HEADERS
from startup_toolkit.startup_toolkit import app
from tests.support.asgi_server import LoopbackServer

HASHED = "/assets/entry.client-BA3f7H5g.js"
PAGES = ("pricing", "login", "subscribe/success")


def _write_build(web: Path) -> None:
    """What `reflex run --env prod` leaves in .web/build/client (prerendered pages twice)."""
    client = web / "build" / "client"
    for page in PAGES:
        (client / page).mkdir(parents=True)
        html = f"<!doctype html><title>{page}</title>"
        (client / page / "index.html").write_text(html)
        (client / f"{page}.html").write_text(html)
    (client / "index.html").write_text("<!doctype html><title>home</title>")
    (client / "404.html").write_text("<!doctype html><title>404</title>")
    (client / "assets").mkdir()
    (client / HASHED.lstrip("/")).write_text("export {};")
    (client / "css").mkdir()
    (client / "css" / "base.css").write_text("body{}")


def _stack() -> ASGIApp:
    """The frontend mount wrapped the way App.__call__ applies `app.api_transformer`."""
    asgi: ASGIApp = Starlette(routes=[get_frontend_mount()])
    for transformer in app.api_transformer:
        if isinstance(transformer, Starlette):
            # A fresh copy of our routes: mounting onto the shared `api` would change it.
            asgi = Starlette(routes=[*api.routes, Mount("", asgi)])
        else:
            asgi = transformer(asgi)
    return asgi


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    monkeypatch.setenv("REFLEX_WEB_WORKDIR", str(tmp_path))
    _write_build(tmp_path)
    with LoopbackServer(_stack()) as server, httpx.Client(base_url=server.url) as http:
        yield http


def test_the_app_wires_the_middlewares_outside_its_routes() -> None:
    names = [getattr(t, "__name__", type(t).__name__) for t in app.api_transformer]
    assert names == ["Starlette", "PagePaths", "CacheControl", "SecurityHeaders"]


@pytest.mark.parametrize("page", PAGES)
def test_a_page_answers_200_at_the_address_the_app_links_to(
    client: httpx.Client, page: str
) -> None:
    """No 307 to `/<page>/`: the first request gets the page, the address stays the same."""
    for method in ("GET", "HEAD"):
        reply = client.request(method, f"/{page}")
        assert reply.status_code == 200, reply.headers.get("location")
        assert "location" not in reply.headers
    assert client.get(f"/{page}?ref=nav").text == client.get(f"/{page}/").text
    assert f"<title>{page}</title>" in client.get(f"/{page}").text


def test_other_paths_are_untouched(client: httpx.Client) -> None:
    assert client.get("/").status_code == 200
    assert client.get("/nowhere").status_code == 404
    assert client.get("/css/base.css").text == "body{}"
    assert client.post("/pricing").status_code == 405


def test_hashed_build_files_are_cached_for_a_year(client: httpx.Client) -> None:
    first = client.get(HASHED, headers={"accept-encoding": "identity"})
    assert first.status_code == 200
    assert first.headers["cache-control"] == IMMUTABLE == "public, max-age=31536000, immutable"
    again = client.get(HASHED, headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.headers["cache-control"] == IMMUTABLE


def test_pages_and_unhashed_files_are_revalidated(client: httpx.Client) -> None:
    for path in ("/", "/pricing", "/login/", "/css/base.css", "/nowhere"):
        reply = client.get(path)
        assert reply.headers["cache-control"] == REVALIDATE == "no-cache", path
    assert client.get("/assets/missing-XXXX.js").headers["cache-control"] == REVALIDATE


def test_security_headers_still_wrap_every_answer(client: httpx.Client) -> None:
    for path in (HASHED, "/pricing", "/nowhere"):
        reply = client.get(path)
        for name, value in HEADERS.items():
            assert reply.headers[name] == value
