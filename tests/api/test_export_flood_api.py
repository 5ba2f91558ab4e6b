"""A flood of exports stalls no one (issue 27, item 6), over real HTTP (`startup_toolkit.api.api`
served by uvicorn on 127.0.0.1, wrapped in the production middlewares):

* a founder past the export limit gets 429 with Retry-After and a plain message, another
  founder does not; share-link downloads count per client address (real source addresses
  127.0.0.1 and 127.0.0.2, and a trusted proxy's X-Forwarded-For), not per link;
* a full render queue, or a full lookup queue, answers 503 with Retry-After at once;
* while every render thread is busy and more renders wait, the database work of pages
  (`in_worker`) and of other downloads (the lookup lane) is answered: renders run on the
  export pool's render threads, not on the event loop or `in_worker`'s;
* a shared file is rendered once and served byte for byte; a revoked or expired link is never
  served from the cache; an edited idea is rendered again.

PDF renders are counted, and held when a test needs them busy, at fpdf's own seam
(`FPDF.output`, which every PDF render ends with)."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import fpdf
import httpx
import pypdf
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit import export_pool
from startup_toolkit.api import api
from startup_toolkit.api.cache_control import CacheControl
from startup_toolkit.api.exports import LINK_GONE, busy_message
from startup_toolkit.api.security_headers import SecurityHeaders
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.models.workspace import ShareLink
from startup_toolkit.services import export_cache, export_limits, share_links, workspace
from startup_toolkit.settings import get_settings
from tests.support.asgi_server import LoopbackServer
from tests.support.founders import session_token, user
from tests.support.kept import idea_of, saved_result

IDEA = "Socks by subscription for busy parents"
WAIT = 10.0


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    with LoopbackServer(SecurityHeaders(CacheControl(api))) as server:
        yield server.url


class Renders:
    """Every PDF render, counted where fpdf writes the file; `hold()` makes renders wait
    there until `release()`."""

    def __init__(self) -> None:
        self.count = 0
        self.threads: list[str] = []
        self._open = threading.Event()
        self._open.set()
        self._lock = threading.Lock()

    def wrap(self, output: Callable[..., Any]) -> Callable[..., Any]:
        def counted(pdf: fpdf.FPDF, *args: Any, **kwargs: Any) -> Any:
            with self._lock:
                self.count += 1
                self.threads.append(threading.current_thread().name)
            self._open.wait(WAIT * 3)
            return output(pdf, *args, **kwargs)

        return counted

    def hold(self) -> None:
        self._open.clear()

    def release(self) -> None:
        self._open.set()


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[Renders]:
    seen = Renders()
    monkeypatch.setattr(fpdf.FPDF, "output", seen.wrap(fpdf.FPDF.output))
    yield seen
    seen.release()


@pytest.fixture(autouse=True)
def _fresh_limits_and_cache() -> Iterator[None]:
    export_limits.reset()
    export_cache.cache().clear()
    yield
    export_limits.reset()
    export_cache.cache().clear()


def _set(env: pytest.MonkeyPatch, **values: str) -> None:
    for name, value in values.items():
        env.setenv(name, value)
    get_settings.cache_clear()


def _until(done: Callable[[], bool]) -> None:
    """Wait (at most `WAIT` s) until `done()`: an ordering of events, not a timing."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def _client(url: str, token: str = "", address: str = "") -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address) if address else None
    cookies = {SESSION_COOKIE: token} if token else None
    return httpx.Client(base_url=url, cookies=cookies, transport=transport, timeout=WAIT * 4)


def _get(url: str, path: str, token: str = "", **headers: str) -> httpx.Response:
    """One GET on a client of its own (for requests sent from several threads at once)."""
    with _client(url, token) as client:
        return client.get(path, headers=headers)


class Founder:
    """A founder with a session, a kept scan on an idea and a saved result."""

    def __init__(self, engine: Engine, url: str, email: str) -> None:
        self.url = url
        self.id = user(engine, email, email.split("@")[0])
        self.token = session_token(engine, self.id)
        with Session(engine) as db:
            keep = keys.KeepRun("scanner", {"idea": IDEA}, IDEA)
            run_id = workspace.keep_run(db, self.id, keep, SAMPLE_SCAN, sample=True)
        assert run_id is not None
        self.run = run_id
        self.idea = idea_of(engine, self.id, run_id)
        self.result = saved_result(engine, self.id, "Startup Viability Scanner", "Body")

    def get(self, path: str) -> httpx.Response:
        return _get(self.url, path, self.token)

    def share(self, engine: Engine, kind: str, target: int) -> str:
        with Session(engine) as db:
            token = share_links.create_link(db, self.id, kind, target, "30")
        assert token is not None
        return token


@pytest.fixture
def ada(engine: Engine, api_url: str) -> Founder:
    return Founder(engine, api_url, "ada@example.com")


@pytest.fixture
def bob(engine: Engine, api_url: str) -> Founder:
    return Founder(engine, api_url, "bob@example.com")


def _retry_after(reply: httpx.Response) -> int:
    seconds = int(reply.headers["retry-after"])
    assert seconds >= 1
    return seconds


def _plain_refusal(reply: httpx.Response, status: int) -> None:
    assert reply.status_code == status
    assert reply.headers["content-type"].startswith("text/plain")
    assert reply.headers["cache-control"] == "no-store"
    assert "content-disposition" not in reply.headers


def _pdf_text(body: bytes) -> str:
    return "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(body)).pages)


# --- rate limits ------------------------------------------------------------------------------


def test_a_founder_past_the_export_limit_gets_429_and_another_founder_does_not(
    settings_env: pytest.MonkeyPatch, ada: Founder, bob: Founder, renders: Renders
) -> None:
    _set(settings_env, EXPORT_LIMIT_COUNT="3", EXPORT_LIMIT_WINDOW_SECONDS="60")
    assert [ada.get(f"/api/export/run/{ada.run}.md").status_code for _ in range(3)] == [200] * 3
    limited = ada.get(f"/api/export/run/{ada.run}.pdf")
    _plain_refusal(limited, 429)
    seconds = _retry_after(limited)
    assert seconds <= 60
    assert limited.text == export_limits.founder_message(seconds)
    assert "Too many exports" in limited.text
    assert renders.count == 0  # refused before any render
    assert bob.get(f"/api/export/run/{bob.run}.pdf").status_code == 200
    assert ada.get(f"/api/export/idea/{ada.idea}.md").status_code == 429  # every kind counts


def test_share_link_downloads_are_limited_per_client_address(
    engine: Engine, settings_env: pytest.MonkeyPatch, api_url: str, ada: Founder
) -> None:
    _set(settings_env, SHARED_EXPORT_LIMIT_COUNT="2")
    token = ada.share(engine, "run", ada.run)
    other = ada.share(engine, "idea", ada.idea)
    with (
        _client(api_url, address="127.0.0.1") as here,
        _client(api_url, address="127.0.0.2") as there,
    ):
        statuses = [here.get(f"/api/shared/{token}.pdf").status_code for _ in range(2)]
        limited = here.get(f"/api/shared/{other}.md")  # another link: the address counts
        assert statuses == [200, 200]
        _plain_refusal(limited, 429)
        assert limited.headers["x-robots-tag"] == "noindex"
        assert limited.text == export_limits.address_message(_retry_after(limited))
        assert there.get(f"/api/shared/{token}.pdf").status_code == 200
    # The founder's own exports are counted apart (per founder).
    assert ada.get(f"/api/export/run/{ada.run}.md").status_code == 200


def test_behind_a_trusted_proxy_the_forwarded_address_is_limited(
    engine: Engine, settings_env: pytest.MonkeyPatch, api_url: str, ada: Founder
) -> None:
    _set(settings_env, SHARED_EXPORT_LIMIT_COUNT="1", TRUSTED_PROXY_HOPS="1")
    path = f"/api/shared/{ada.share(engine, 'run', ada.run)}.md"
    first = {"X-Forwarded-For": "203.0.113.7"}
    assert _get(api_url, path, **first).status_code == 200
    assert _get(api_url, path, **first).status_code == 429
    assert (
        _get(api_url, path, **{"X-Forwarded-For": "198.51.100.4, 203.0.113.8"}).status_code == 200
    )
    # Without a trusted proxy the header is the client's own word: the socket's address counts.
    _set(settings_env, TRUSTED_PROXY_HOPS="0")
    assert _get(api_url, path, **{"X-Forwarded-For": "192.0.2.1"}).status_code == 200
    assert _get(api_url, path, **{"X-Forwarded-For": "192.0.2.2"}).status_code == 429


# --- the export pool --------------------------------------------------------------------------


def test_a_full_render_queue_answers_503_with_retry_after(
    engine: Engine, settings_env: pytest.MonkeyPatch, api_url: str, ada: Founder, renders: Renders
) -> None:
    _set(settings_env, EXPORT_THREADS="1", EXPORT_QUEUE="1")
    token = ada.share(engine, "run", ada.run)
    renders.hold()
    with ThreadPoolExecutor(2) as threads:
        running = threads.submit(ada.get, f"/api/export/run/{ada.run}.pdf")
        _until(lambda: renders.count == 1)
        waiting = threads.submit(ada.get, f"/api/export/idea/{ada.idea}.pdf")
        _until(lambda: export_pool.renders().in_flight == 2)
        busy = ada.get(f"/api/export/result/{ada.result}.pdf")
        shared = _get(api_url, f"/api/shared/{token}.pdf")
        renders.release()
        assert running.result().status_code == 200 and waiting.result().status_code == 200
    _plain_refusal(busy, 503)
    assert busy.headers["retry-after"] == str(export_pool.BUSY_RETRY_SECONDS)
    assert busy.text == busy_message(export_pool.BUSY_RETRY_SECONDS)
    _plain_refusal(shared, 503)
    assert shared.headers["x-robots-tag"] == "noindex"
    assert renders.count == 2  # the refused ones never rendered
    assert ada.get(f"/api/export/result/{ada.result}.pdf").status_code == 200  # room again


def test_a_full_lookup_queue_answers_503_before_any_database_work(
    engine: Engine, settings_env: pytest.MonkeyPatch, api_url: str, ada: Founder
) -> None:
    _set(settings_env, EXPORT_THREADS="1", EXPORT_LOOKUP_QUEUE="0")
    token = ada.share(engine, "run", ada.run)
    gate = threading.Event()
    lane = export_pool.lookups()
    occupied = lane.submit(gate.wait, WAIT)  # the lane's one thread, busy
    try:
        busy = ada.get(f"/api/export/run/{ada.run}.md")
        shared = _get(api_url, f"/api/shared/{token}.md")
    finally:
        gate.set()
    assert occupied.result(timeout=WAIT) is True
    _plain_refusal(busy, 503)
    assert busy.text == busy_message(export_pool.BUSY_RETRY_SECONDS)
    _plain_refusal(shared, 503)
    _until(lambda: lane.in_flight == 0)
    assert _get(api_url, f"/api/shared/{token}.md").status_code == 200


def test_pages_database_work_is_answered_while_exports_render(
    engine: Engine,
    settings_env: pytest.MonkeyPatch,
    api_url: str,
    ada: Founder,
    bob: Founder,
    renders: Renders,
) -> None:
    """Ten PDF exports held in their render: two on the render threads, eight queued for
    them (more than `in_worker` has threads: 6 on 2 cores). Meanwhile twelve sign-in
    completions (a page's database work on `in_worker`) and twelve downloads that need the
    database but no render (the lookup lane) are all answered, and one more PDF is refused at
    once: the event loop and both kinds of database threads stay free."""
    _set(settings_env, EXPORT_THREADS="2", EXPORT_QUEUE="8")
    revoked = ada.share(engine, "run", ada.run)
    with Session(engine) as db:
        assert share_links.revoke_link(db, ada.id, share_links.list_links(db, ada.id)[0].id)
    renders.hold()
    with ThreadPoolExecutor(24) as threads:
        held = [threads.submit(ada.get, f"/api/export/run/{ada.run}.pdf") for _ in range(10)]
        _until(lambda: renders.count == 2 and export_pool.renders().in_flight == 10)
        pages = [
            threads.submit(_get, api_url, "/api/auth/complete?ticket=stale") for _ in range(12)
        ]
        lookups = [
            threads.submit(_get, api_url, f"/api/shared/{revoked}.pdf") for _ in range(6)
        ] + [threads.submit(bob.get, f"/api/export/run/{ada.run}.pdf") for _ in range(6)]
        signed_in = [f.result(timeout=WAIT * 2) for f in pages]
        answers = [f.result(timeout=WAIT * 2) for f in lookups]
        refused = bob.get(f"/api/export/run/{bob.run}.pdf")
        assert not any(f.done() for f in held) and renders.count == 2  # still held
        renders.release()
        assert [f.result().status_code for f in held] == [200] * 10
    assert [a.status_code for a in answers] == [404] * 12
    assert answers[0].text == LINK_GONE and answers[-1].text == "Not found."
    assert {(r.status_code, r.headers["location"]) for r in signed_in} == {
        (303, "/login?expired=1")
    }
    assert refused.status_code == 503
    assert renders.count == 10
    assert all(name.startswith("export-render") for name in renders.threads)


# --- the cache of shared files ----------------------------------------------------------------


def test_a_shared_file_is_rendered_once_and_served_byte_for_byte(
    engine: Engine, api_url: str, ada: Founder, renders: Renders
) -> None:
    token = ada.share(engine, "run", ada.run)
    with ThreadPoolExecutor(6) as threads:
        replies = list(threads.map(lambda _: _get(api_url, f"/api/shared/{token}.pdf"), range(6)))
    again = _get(api_url, f"/api/shared/{token}.pdf")
    assert [r.status_code for r in replies] == [200] * 6 and again.status_code == 200
    assert {r.content for r in replies} == {again.content}
    assert again.headers["content-disposition"] == replies[0].headers["content-disposition"]
    assert renders.count == 1
    assert "Viability Analysis" in _pdf_text(again.content)
    markdown = _get(api_url, f"/api/shared/{token}.md")
    assert markdown.status_code == 200 and markdown.text.startswith("# Viability Analysis")
    assert renders.count == 1  # Markdown is a file of its own, no PDF render
    # The founder's own export is never taken from the share links' cache.
    assert ada.get(f"/api/export/run/{ada.run}.pdf").status_code == 200
    assert renders.count == 2


def test_a_revoked_or_expired_link_is_not_served_from_the_cache(
    engine: Engine, api_url: str, ada: Founder, renders: Renders
) -> None:
    revoked, expiring = ada.share(engine, "run", ada.run), ada.share(engine, "run", ada.run)
    for token in (revoked, expiring):
        assert _get(api_url, f"/api/shared/{token}.pdf").status_code == 200
    assert renders.count == 2 and len(export_cache.cache()) == 2
    with Session(engine) as db:
        links = {link.id: link for link in share_links.list_links(db, ada.id)}
        first, second = sorted(links)
        assert share_links.revoke_link(db, ada.id, first)
        row = db.get(ShareLink, second)
        assert row is not None
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.add(row)
        db.commit()
    for token, why in ((revoked, "revoked"), (expiring, "expired")):
        gone = _get(api_url, f"/api/shared/{token}.pdf")
        assert gone.status_code == 404 and gone.text == LINK_GONE, why
        assert gone.headers["x-robots-tag"] == "noindex"
        assert "content-disposition" not in gone.headers
    assert renders.count == 2


def test_an_edited_idea_is_rendered_again(
    engine: Engine, api_url: str, ada: Founder, renders: Renders
) -> None:
    token = ada.share(engine, "idea", ada.idea)
    before = _get(api_url, f"/api/shared/{token}.pdf")
    assert before.status_code == 200 and _pdf_text(before.content).startswith(IDEA)
    assert renders.count == 1
    with Session(engine) as db:
        assert workspace.rename_idea(db, ada.id, ada.idea, "Shoes for tired parents")
    after = _get(api_url, f"/api/shared/{token}.pdf")
    assert after.status_code == 200 and renders.count == 2
    assert _pdf_text(after.content).startswith("Shoes for tired parents\n")  # the new title
    # A new run on the idea changes its timeline: rendered again too.
    with Session(engine) as db:
        keep = keys.KeepRun("scanner", {"idea": IDEA}, IDEA, idea_id=ada.idea)
        assert workspace.keep_run(db, ada.id, keep, SAMPLE_SCAN, sample=True) is not None
    newest = _get(api_url, f"/api/shared/{token}.pdf")
    assert newest.status_code == 200 and renders.count == 3
    assert "2 runs" in _pdf_text(newest.content)
