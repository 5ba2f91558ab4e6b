"""The export download routes over real HTTP (`startup_toolkit.api.api` served by uvicorn on
127.0.0.1): a signed-in founder downloads their own run, saved result and idea timeline as
Markdown and PDF; founder B and a signed-out visitor get the same 404 for A's things; a share
link's file downloads signed out (noindex) until the link is revoked. The security and cache
middlewares wrap the app as in production, so their headers are checked too."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
import pypdf
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.api import api
from startup_toolkit.api.cache_control import CacheControl
from startup_toolkit.api.security_headers import SecurityHeaders
from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as rules
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.scanner_export import save_content
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.services import saved_results, share_links, workspace
from tests.support.asgi_server import LoopbackServer
from tests.support.founders import session_token, user

AT = datetime(2024, 11, 25, 1, 0, tzinfo=UTC)
IDEA = "Socks by subscription for busy parents"
STEM = "viability-analysis-1732496400000"


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    with LoopbackServer(SecurityHeaders(CacheControl(api))) as server:
        yield server.url


@dataclass
class Founder:
    user_id: str
    http: httpx.Client


def _client(api_url: str, token: str | None = None) -> httpx.Client:
    cookies = {SESSION_COOKIE: token} if token else None
    return httpx.Client(base_url=api_url, cookies=cookies, follow_redirects=False, timeout=30)


def _founder(engine: Engine, api_url: str, email: str) -> Founder:
    user_id = user(engine, email, email.split("@")[0])
    return Founder(user_id, _client(api_url, session_token(engine, user_id)))


@pytest.fixture
def ada(engine: Engine, api_url: str) -> Iterator[Founder]:
    founder = _founder(engine, api_url, "ada@example.com")
    with founder.http:
        yield founder


@pytest.fixture
def bob(engine: Engine, api_url: str) -> Iterator[Founder]:
    founder = _founder(engine, api_url, "bob@example.com")
    with founder.http:
        yield founder


@pytest.fixture
def anonymous(api_url: str) -> Iterator[httpx.Client]:
    with _client(api_url) as client:
        yield client


@dataclass
class Things:
    run: int
    result: int
    idea: int


@pytest.fixture
def adas(engine: Engine, ada: Founder) -> Things:
    """Ada's kept scan, her saved scan and the idea they belong to."""
    with Session(engine) as db:
        keep = rules.KeepRun(tools.SCANNER.key, {"idea": IDEA}, IDEA)
        run_id = workspace.keep_run(db, ada.user_id, keep, SAMPLE_SCAN, sample=True, now=AT)
        assert run_id is not None
        saved = saved_results.save_result(
            db,
            ada.user_id,
            SaveRequest(
                "Startup Viability Scanner",
                "Viability Analysis - Score: 72/100",
                save_content(SAMPLE_SCAN, IDEA, sample=True),
            ),
            now=AT,
        )
        run = workspace.get_run(db, ada.user_id, run_id)
        assert saved.result_id is not None and run is not None and run.idea_id is not None
        return Things(run_id, saved.result_id, run.idea_id)


def _pdf_text(body: bytes) -> str:
    return "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(body)).pages)


def test_a_founder_downloads_their_run_as_markdown_and_pdf(ada: Founder, adas: Things) -> None:
    md = ada.http.get(f"/api/export/run/{adas.run}.md")
    assert md.status_code == 200
    assert md.headers["content-type"] == "text/markdown; charset=utf-8"
    assert md.headers["content-disposition"] == f'attachment; filename="{STEM}.md"'
    assert md.headers["cache-control"] == "no-store"
    assert md.headers["x-content-type-options"] == "nosniff"
    assert md.text.startswith("# Viability Analysis - Score: 72/100")
    assert "| Problem Validation | 81/100 |" in md.text

    pdf = ada.http.get(f"/api/export/run/{adas.run}.pdf")
    assert pdf.status_code == 200
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.headers["content-disposition"] == f'attachment; filename="{STEM}.pdf"'
    assert pdf.headers["cache-control"] == "no-store"
    text = _pdf_text(pdf.content)
    assert "Viability Analysis - Score: 72/100" in text and "Incumbent Suite (sample)" in text


def test_a_founder_downloads_their_saved_result_and_idea_timeline(
    ada: Founder, adas: Things
) -> None:
    result = ada.http.get(f"/api/export/result/{adas.result}.md")
    assert result.status_code == 200 and "**Viability 72/100 (Potentially Viable)**" in result.text
    idea = ada.http.get(f"/api/export/idea/{adas.idea}.pdf")
    assert idea.status_code == 200
    assert (
        'filename="idea-socks-by-subscription-for-busy-parents-'
        in idea.headers["content-disposition"]
    )
    text = _pdf_text(idea.content)
    assert "Socks by subscription for busy parents" in text
    assert "Viability 72/100 (Potentially Viable)" in text


def test_another_founder_and_a_signed_out_visitor_get_the_same_404(
    ada: Founder, bob: Founder, anonymous: httpx.Client, adas: Things
) -> None:
    for kind, target in (("run", adas.run), ("result", adas.result), ("idea", adas.idea)):
        for fmt in ("md", "pdf"):
            for client in (bob.http, anonymous):
                reply = client.get(f"/api/export/{kind}/{target}.{fmt}")
                assert reply.status_code == 404, (kind, fmt)
                assert reply.text == "Not found."
                assert "content-disposition" not in reply.headers
    # A cookie that is no session is signed out.
    with _client(str(anonymous.base_url), "forged-token-" + "x" * 30) as forged:
        assert forged.get(f"/api/export/run/{adas.run}.md").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/api/export/run/999999.md",
        "/api/export/run/abc.md",
        "/api/export/run/1.docx",
        "/api/export/run/1",
        "/api/export/nothing/1.md",
        "/api/export/comparison/1-2.md",
        "/api/export/run/" + "9" * 40 + ".pdf",
    ],
)
def test_bad_addresses_are_404(ada: Founder, adas: Things, path: str) -> None:
    reply = ada.http.get(path)
    assert reply.status_code == 404 and reply.text == "Not found."


def test_a_share_link_downloads_signed_out_until_revoked(
    engine: Engine, ada: Founder, anonymous: httpx.Client, adas: Things
) -> None:
    with Session(engine) as db:
        token = share_links.create_link(db, ada.user_id, "run", adas.run, "30")
    assert token is not None
    for fmt, kind in (("md", "text/markdown; charset=utf-8"), ("pdf", "application/pdf")):
        reply = anonymous.get(f"/api/shared/{token}.{fmt}")
        assert reply.status_code == 200
        assert reply.headers["content-type"] == kind
        assert reply.headers["x-robots-tag"] == "noindex"
        assert reply.headers["cache-control"] == "no-store"
        assert reply.headers["content-disposition"] == f'attachment; filename="{STEM}.{fmt}"'
    assert "Incumbent Suite (sample)" in anonymous.get(f"/api/shared/{token}.md").text

    with Session(engine) as db:
        link = share_links.list_links(db, ada.user_id)[0]
        assert share_links.revoke_link(db, ada.user_id, link.id)
    gone = anonymous.get(f"/api/shared/{token}.pdf")
    assert gone.status_code == 404
    assert gone.headers["x-robots-tag"] == "noindex"
    assert "revoked" in gone.text
    assert anonymous.get(f"/api/shared/{'x' * 43}.md").status_code == 404
    assert anonymous.get(f"/api/shared/{token}.exe").status_code == 404
