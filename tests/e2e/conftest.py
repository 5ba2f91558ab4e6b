"""Browser tests: the app built and served in production mode, driven by Debian's chromium.

The project is copied to a temporary folder and served from there, so the tests never touch
a developer's `.web`, database or running `make run`.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect, sync_playwright

from bench.apps import copy_project, stop_process_group
from bench.cpu_use import tree_cpu_seconds
from tests.conftest import migrate
from tests.support.ai_server import FakeAiServer
from tests.support.feed_server import ATOM_TYPE, Entry, FeedServer, atom, recent, rss
from tests.support.smtp_server import RecordingSMTPServer, free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
#: Debian's headless shell: the same Blink as its chromium without the full browser around it
#: (Chromium's CPU over a run here: 105 CPU-seconds against 152).
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TEAM_ADDRESS = "team@unstuck.test"

# A page's first answer from the server (its on_load: a redirect, a toast) comes after the page
# has loaded, hydrated and connected: on two cores shared by three workers and their browsers
# that once took longer than Playwright's default 5 s. Waits end as soon as the page is right.
expect.set_options(timeout=10_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@dataclass
class LiveApp:
    url: str
    workdir: Path
    database: Path  # the app's own SQLite file
    smtp: RecordingSMTPServer
    ai: FakeAiServer  # the app's AI provider: queue replies before acting
    backend: Backend

    @property
    def database_url(self) -> str:
        return f"sqlite:///{self.database}"

    def path(self, route: str) -> str:
        return self.url + route


@dataclass
class Build:
    """A copy of the project whose frontend is built once, on `port`, for every backend: a
    lane's backends serve it on the lane's loopback `host` (`app_build`)."""

    workdir: Path
    port: int
    host: str = "127.0.0.1"
    built: bool = False
    ready: Path | None = None  # written once the build is served (the other lane waits on it)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def log(self) -> Path:
        """What the command that built the frontend printed until its app answered."""
        return self.workdir / "build.log"

    @property
    def built_for(self) -> str:
        """The public address the frontend was built with (the first lane's): what the pages
        name as their canonical address, whichever lane serves them."""
        return f"http://{BUILDER_HOST}:{self.port}"


class Backend:
    """A backend serving `build` with `env`: the first one started builds the frontend
    (`reflex run --env prod`), the others serve that build (tests/support/serve_build.py)."""

    def __init__(self, build: Build, env: dict[str, str], log: Path) -> None:
        self.build, self.env, self.log = build, env, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        port = str(self.build.port)
        if self.build.built:
            serve = ROOT / "tests/support/serve_build.py"
            command = [sys.executable, str(serve), port, self.build.host]
        else:
            command = [_reflex(), "run", "--env", "prod", "--frontend-port", port]
            command += ["--backend-port", port, "--backend-host", "127.0.0.1"]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                command,
                cwd=self.build.workdir,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        _wait_until_up(self.build.url, self.proc, self.log, timeout=600)
        if not self.build.built:
            # What `reflex run --env prod` printed while it compiled, built and started its
            # workers, kept apart from what the backend logs later (tests/e2e/test_clean_start.py).
            self.build.log.write_bytes(self.log.read_bytes())
        self.build.built = True
        if self.build.ready is not None:
            self.build.ready.touch()

    def stop(self) -> None:
        if self.proc is not None:
            stop_process_group(self.proc)
            self.proc = None


def _reflex() -> str:
    return str(Path(sys.executable).parent / "reflex")


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"app exited early:\n{log.read_text()[-4000:]}")
        try:
            if (
                httpx.get(url + "/ping", timeout=2).status_code == 200
                and httpx.get(url + "/", timeout=5).status_code == 200
            ):
                return
        except httpx.HTTPError:
            pass
        time.sleep(1)
    raise RuntimeError(f"app did not start in {timeout}s:\n{log.read_text()[-4000:]}")


#: The loopback address of the backends of the lane that builds (the first to start).
BUILDER_HOST = "127.0.0.1"
BUILD_WAIT_SECONDS = 900
_OTHER_HOSTS = itertools.count(1)


def beside(app: LiveApp) -> Build:
    """`app`'s build served on a loopback address of its own (127.0.<lane>.<n>), for an app
    with other settings running beside the lane's default app instead of pausing it."""
    build = app.backend.build
    lane = build.host.rsplit(".", 1)[1]
    return dataclasses.replace(build, host=f"127.0.{lane}.{next(_OTHER_HOSTS)}", ready=None)


@pytest.fixture(scope="session")
def app_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The project copy every browser test's app serves, built once per run by the first app
    started. Under `make test` several workers run browser tests (tests/conftest.py, the
    lanes): the first to get here copies and builds, serving on 127.0.0.1; the others wait for
    that build and serve the same one on addresses of their own (same port: the page names its
    backend by the host it was loaded from)."""
    basetemp = tmp_path_factory.getbasetemp()
    shared = basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp
    workdir, port_file, ready = shared / "app", shared / "app.port", shared / "app.ready"
    try:
        os.close(os.open(shared / "app.claim", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        deadline = time.monotonic() + BUILD_WAIT_SECONDS
        while not ready.exists():
            if time.monotonic() > deadline:
                raise RuntimeError("the other browser lane's build did not come up") from None
            time.sleep(1)
        return Build(workdir, int(port_file.read_text()), _waiting_lane_host(), built=True)
    workdir.mkdir()
    copy_project(workdir)
    port = free_port()
    port_file.write_text(str(port))
    return Build(workdir, port, BUILDER_HOST, ready=ready)


def _waiting_lane_host() -> str:
    """The loopback address of a lane that serves another lane's build: 127.0.0.<2 + its
    xdist worker's number>, so that each lane's backends have one of their own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return f"127.0.0.{2 + int(worker.removeprefix('gw'))}"


def _app_env(build: Build, database: Path, smtp: RecordingSMTPServer, ai: FakeAiServer) -> dict:
    venv_bin = Path(sys.executable).parent
    return {
        **{
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("SMTP_", "STRIPE_", "AI_", "GROQ_", "ACCESS_MODE", "CHECKOUT_"))
            and k != "REDIS_URL"
        },
        "PATH": os.pathsep.join(
            [str(ROOT / ".tools/node_modules/.bin"), str(venv_bin), os.environ["PATH"]]
        ),
        "REFLEX_USE_SYSTEM_BUN": "1",
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_CHECK_LATEST_VERSION": "false",
        "DATABASE_URL": f"sqlite:///{database}",
        "PUBLIC_BASE_URL": build.url,
        "CONTACT_EMAIL": TEAM_ADDRESS,
        "SMTP_HOST": smtp.host,
        "SMTP_PORT": str(smtp.port),
        "SMTP_SECURITY": "none",
        "SMTP_FROM": "noreply@unstuck.test",
        "OUTBOX_POLL_SECONDS": "1",
        "AI_API_KEY": "test-key",
        "AI_BASE_URL": ai.base_url,
        "AI_WEB_RESEARCH": "off",  # an app with research on: extra_env {"AI_WEB_RESEARCH": "on"}
    }


@contextmanager
def serve_app(
    build: Build, name: str, extra_env: Mapping[str, str] | None = None
) -> Iterator[LiveApp]:
    """Serve `build` with a backend of its own database (`<name>.db`), SMTP and AI peers;
    `extra_env` adds settings. One backend serves a build per host (`beside`)."""
    smtp = RecordingSMTPServer().start()
    ai = FakeAiServer().start()
    if build.host != BUILDER_HOST:
        name = f"{name}-{build.host}"  # the apps share the build's folder, not their data
    database = build.workdir / f"{name}.db"
    env = {**_app_env(build, database, smtp, ai), **(extra_env or {})}
    migrate(f"sqlite:///{database}")  # the project's migrations, as `reflex db migrate` runs them
    backend = Backend(build, env, build.workdir / f"{name}.log")
    try:
        backend.start()
        yield LiveApp(build.url, build.workdir, database, smtp, ai, backend)
    finally:
        backend.stop()
        smtp.stop()
        ai.stop()


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
def live_app(app_build: Build, news_feeds: FeedServer) -> Iterator[LiveApp]:
    """The app on its embedded defaults (open access, no Stripe), reading the local feeds."""
    with serve_app(app_build, "e2e", feed_settings(news_feeds)) as app:
        yield app


@pytest.fixture(scope="session")
def research_app(live_app: LiveApp, news_feeds: FeedServer) -> Iterator[LiveApp]:
    """The app with live research on, beside the default one (the Scanner's, Funding's and
    Growth's research tests and the brief's): the test queues its peer's replies."""
    env = {**feed_settings(news_feeds), "AI_WEB_RESEARCH": "on", "AI_RESEARCH_SECONDS": "8"}
    with serve_app(beside(live_app), "research", env) as app:
        yield app


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
        request.getfixturevalue("live_app").ai.reset()


#: Where `_browser_cost` writes each browser test's cost (unset: not measured), e.g.
#: `E2E_COST_LOG=costs.txt make test`, then `sort -rn costs.txt | head`.
COST_LOG = os.environ.get("E2E_COST_LOG", "")


@pytest.fixture(autouse=True)
def _browser_cost(request: pytest.FixtureRequest) -> Iterator[None]:
    """With E2E_COST_LOG set: a line per browser test with the CPU-seconds its worker's
    Chromium used during it, its wall seconds and its id (what a test costs the suite: a page
    load of the app is 1-2 CPU-seconds of Chromium on a 2-core machine here)."""
    if not COST_LOG or "browser" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("browser")
    (chromium, running), started = tree_cpu_seconds(os.getpid(), "chrom"), time.monotonic()
    yield
    wall = time.monotonic() - started
    deadline = time.monotonic() + 5
    while True:  # the test's tabs' renderers have ended and been reaped: their time is counted
        used, now_running = tree_cpu_seconds(os.getpid(), "chrom")
        if now_running <= running or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    with open(COST_LOG, "a") as log:
        log.write(f"{used - chromium:6.1f} {wall:6.1f} {request.node.nodeid}\n")


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
    """Wait until the page is hydrated, connected and its on_load handlers have run: events
    will work, and what the test types is not reset by the page's first state."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function(
        "() => document.querySelector('#main') !== null"
        " && document.getElementById('page-ready')?.dataset.hydrated === 'true'"
    )


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


#: Full-page screenshots for a human to look at (`SCREENSHOTS=1 make test`).
TAKE_SCREENSHOTS = os.environ.get("SCREENSHOTS", "") == "1"
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
    """Where a full-page screenshot of `name` goes (test-artifacts/screens, git-ignored), taken
    to look at when SCREENSHOTS=1: encoding full pages costs a tenth of the browser tests'
    time, and `make test` asserts what it checks without them."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    path = ARTIFACTS / "screens" / f"{name}-{width}.png"
    if TAKE_SCREENSHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True)
    return path


def at(live_app: LiveApp, route: str) -> re.Pattern[str]:
    """A URL pattern for `route` that also accepts the trailing slash the production server
    adds on full page loads (`/pricing` -> `/pricing/`)."""
    path, sep, query = route.partition("?")
    base = re.escape(live_app.url + path.rstrip("/"))
    return re.compile(f"^{base}/?{re.escape(sep + query)}$")
