"""Browser tests: the app built and served in production mode, driven by Debian's chromium.

The project is copied to a temporary folder and served from there, so the tests never touch
a developer's `.web`, database or running `make run`. The apps and how two workers share the
default one: tests/e2e/apps.py.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, sync_playwright

from bench.apps import copy_project
from tests.e2e.apps import (
    ROOT,
    TEAM_ADDRESS,
    Build,
    LiveApp,
    exchange,
    publish,
    serve_app,
    shared_app,
    wait_for_users,
)
from tests.support import lanes
from tests.support.feed_server import ATOM_TYPE, Entry, FeedServer, atom, recent, rss
from tests.support.smtp_server import free_port

__all__ = ["TEAM_ADDRESS", "LiveApp", "serve_app"]  # what browser test modules import here

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@dataclass
class _Run:
    """What this process knows of the run: the lanes among the selected tests, the test being
    set up now (a session fixture's first user), and whether it ran the shared lane itself."""

    lanes: frozenset[str] = frozenset()
    setting_up: str = ""
    ran_shared: bool = False


_RUN = _Run()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


def pytest_collection_finish(session: pytest.Session) -> None:
    _RUN.lanes = frozenset(lanes.lane(item.nodeid) for item in session.items)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _RUN.setting_up = item.nodeid
    if lanes.lane(item.nodeid) == lanes.SHARED:
        _RUN.ran_shared = True


@pytest.fixture(scope="session")
def app_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The project copy every browser test's app serves: built by the first app started."""
    workdir = tmp_path_factory.mktemp("app")
    copy_project(workdir)
    return Build(workdir, free_port())


class AppHost:
    """The build's port: the default app while it serves, and the apps that take it over."""

    def __init__(self, build: Build) -> None:
        self.build = build
        self.default: LiveApp | None = None

    @contextmanager
    def other_app(self, name: str, extra_env: Mapping[str, str]) -> Iterator[LiveApp]:
        """An app with other settings (its own database and peers) on the build's port; the
        default app, if it serves, pauses meanwhile (the browser lane runs these first)."""
        paused = self.default.backend if self.default else None
        if paused is not None:
            paused.stop()
        try:
            with serve_app(self.build, name, extra_env) as app:
                yield app
        finally:
            if paused is not None:
                paused.start()


@pytest.fixture(scope="session")
def app_host(app_build: Build) -> AppHost:
    return AppHost(app_build)


@pytest.fixture(scope="session")
def news_feeds() -> Iterator[FeedServer]:
    """The news feeds every app under test reads (NEWS_FEED_URLS): two good ones, one
    answering 500 and one that is not a feed."""
    with FeedServer() as server:
        server.set(
            "/wire.xml",
            rss(
                "Startup Wire",
                [
                    Entry(
                        f"Wire story {i}",
                        f"https://wire.example/{i}",
                        f"What happened in story {i}.",
                        recent(2 * i),
                    )
                    for i in range(20)
                ],
            ),
        )
        server.set(
            "/notes.xml",
            atom(
                "Founder Notes",
                [
                    Entry(
                        f"Notes story {i}", f"https://notes.example/{i}", "Notes", recent(2 * i + 1)
                    )
                    for i in range(15)
                ],
            ),
            content_type=ATOM_TYPE,
        )
        server.set("/down.xml", b"down", status=500, content_type="text/plain")
        server.set("/broken.xml", b"<html><body>not a feed", content_type="text/html")
        yield server


def feed_settings(feeds: FeedServer) -> dict[str, str]:
    urls = (feeds.url(p) for p in ("/down.xml", "/wire.xml", "/broken.xml", "/notes.xml"))
    return {"NEWS_FEED_URLS": ",".join(urls)}


@pytest.fixture(scope="session")
def live_app(app_host: AppHost, news_feeds: FeedServer) -> Iterator[LiveApp]:
    """The app on its embedded defaults (open access, no Stripe), reading the local feeds.
    Under `make test` the shared lane's worker drives the one the browser lane's serves."""
    folder = exchange()
    lane = lanes.lane(_RUN.setting_up)
    if folder is not None and lane == lanes.SHARED and lanes.BROWSER in _RUN.lanes:
        with shared_app(folder) as app:
            yield app
        return
    with serve_app(app_host.build, "e2e", feed_settings(news_feeds)) as app:
        app_host.default = app
        shared_elsewhere = folder is not None and lanes.SHARED in _RUN.lanes
        if shared_elsewhere:
            publish(folder, app)
        try:
            yield app
        finally:
            if shared_elsewhere and not _RUN.ran_shared:
                wait_for_users(folder)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def _context(browser: Browser, width: int) -> BrowserContext:
    return browser.new_context(
        viewport={"width": width, "height": 900 if width > 600 else 844},
        reduced_motion="no-preference",
    )


@pytest.fixture(autouse=True)
def _fresh_ai_script(request: pytest.FixtureRequest) -> None:
    """Each browser test starts with an empty AI reply queue."""
    if "live_app" in request.fixturenames:
        app = request.getfixturevalue("live_app")
        if app.peers is not None:
            app.ai.reset()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    ctx = _context(browser, 1280)
    pg = ctx.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    ctx.close()


@pytest.fixture
def mobile_page(browser: Browser) -> Iterator[Page]:
    ctx = _context(browser, 390)
    pg = ctx.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    ctx.close()


def wait_for_app(page: Page) -> None:
    """Wait until the page is hydrated and its websocket is connected (events will work)."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => document.querySelector('#main') !== null")


def toast(page: Page, text: str) -> Locator:
    """The toasts on the page that say `text`."""
    return page.locator("[data-sonner-toast]").filter(has_text=text)


def assert_fully_in_view(page: Page, selector: str) -> None:
    """Every element matching `selector` lies inside the viewport's width: nothing cut off at
    either edge (a phone user could not reach it)."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.textContent, r.left, r.right]; })"
    )
    assert boxes, f"nothing matches {selector}"
    for text, left, right in boxes:
        assert left >= 0 and right <= width + 0.5, f"{text!r} spans {left}..{right} of {width}px"


#: A phone's viewport: the 390 px layout is checked on pages already open (`at_phone_width`).
PHONE = {"width": 390, "height": 844}


def no_horizontal_overflow(page: Page) -> None:
    """Nothing sticks out sideways: a phone user never has to scroll the page left and right."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the viewport"


def next_frames(page: Page) -> None:
    """Wait until the browser has drawn two more frames: scroll, resize and media-change
    handlers (and the observers they wake) have run, so what did not change will not."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def settled(page: Page) -> None:
    """Wait until the page's finite animations and transitions (fades, accordions, dialogs)
    have finished: what a screenshot or a position check should see."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect?.getComputedTiming().iterations === Infinity)"
    )


def at_phone_width(
    page: Page,
    screenshot_name: str = "",
    *reachable: str,
    check: Callable[[Page], None] | None = None,
) -> None:
    """The page already open, checked at 390 px: no sideways overflow, every element matching
    each of `reachable` inside the viewport, `check(page)` when given, a screenshot when named;
    then back at the width it had, so a desktop flow goes on."""
    before = page.viewport_size
    page.set_viewport_size(PHONE)
    try:
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        settled(page)
        no_horizontal_overflow(page)
        for selector in reachable:
            assert_fully_in_view(page, selector)
        if check is not None:
            check(page)
        if screenshot_name:
            screenshot(page, screenshot_name)
    finally:
        if before:
            page.set_viewport_size(before)


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/screens (git-ignored) to look at."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    path = ARTIFACTS / "screens" / f"{name}-{width}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


def at(live_app: LiveApp, route: str) -> re.Pattern[str]:
    """A URL pattern for `route` that also accepts the trailing slash the production server
    adds on full page loads (`/pricing` -> `/pricing/`)."""
    path, sep, query = route.partition("?")
    base = re.escape(live_app.url + path.rstrip("/"))
    return re.compile(f"^{base}/?{re.escape(sep + query)}$")
