"""A light first load on the production build: no redirects, long-lived hashed files."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.e2e.conftest import LiveApp

IMMUTABLE = "public, max-age=31536000, immutable"


@pytest.mark.parametrize("route", ["/pricing", "/login", "/subscribe/success"])
def test_the_app_s_links_answer_200_on_the_first_request(live_app: LiveApp, route: str) -> None:
    reply = httpx.get(live_app.path(route), follow_redirects=False, timeout=10)
    assert reply.status_code == 200, reply.headers.get("location")
    assert reply.headers["cache-control"] == "no-cache"


def test_hashed_scripts_and_styles_are_cached_for_a_year(live_app: LiveApp) -> None:
    html = httpx.get(live_app.path("/"), timeout=10).text
    # Styles are linked; scripts are named in the module loader (components/paint_first.mjs).
    files = set(re.findall(r'"(/assets/[^"]+\.(?:js|css))"', html))
    assert any(f.endswith(".css") for f in files) and any(f.endswith(".js") for f in files)
    with httpx.Client(base_url=live_app.url, timeout=10) as client:
        for path in sorted(files):
            assert client.get(path).headers["cache-control"] == IMMUTABLE, path


def test_the_page_paints_before_its_scripts_download_and_run(live_app: LiveApp) -> None:
    """No module is preloaded ahead of the stylesheet; the loader waits for the first frame."""
    html = httpx.get(live_app.path("/"), timeout=10).text
    assert '<link rel="modulepreload"' not in html
    loader = re.search(r'<script type="module" async="">(.*?)</script>', html, re.S)
    assert loader and "requestAnimationFrame(()=>setTimeout(load))" in loader.group(1)
    assert not re.search(r"^\s*import ", loader.group(1), re.M)
