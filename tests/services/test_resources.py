"""The resource library on a real SQLite database: seeding once, reading it as views, saving
to a founder's documents (scoped, no duplicates, shown on the dashboard), and the
document-style generator's run against the OpenAI-compatible test server (P-HUB-1, P-HUB-6,
P-HUB-7, P-HUB-8)."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, func, select

from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.prompts import solutions as prompts
from startup_toolkit.domain.resources_library import SEED_RESOURCES
from startup_toolkit.domain.tools import hub_document
from startup_toolkit.domain.tools.hub_document import DocumentForm, document_run
from startup_toolkit.models.resources import Resource
from startup_toolkit.models.results import UserDocument
from startup_toolkit.services import ai, dashboard
from startup_toolkit.services import resources as library
from startup_toolkit.services.tool_runs import RunStatus, run_tool
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.founders import signed_up
from tests.support.library import video


def count(session: Session, model: type) -> int:
    return int(session.exec(select(func.count()).select_from(model)).one())


def test_library_is_seeded_once(session: Session) -> None:
    assert library.ensure_seeded(session) == len(SEED_RESOURCES)
    assert library.ensure_seeded(session) == 0
    rows = library.list_resources(session)
    assert [r.id for r in rows] == [s.id for s in SEED_RESOURCES]
    assert rows == list(SEED_RESOURCES)  # every field as its file states it
    assert count(session, Resource) == len(SEED_RESOURCES)
    assert {r.category for r in rows} == set(rules.CATEGORIES)


def test_an_old_library_is_brought_in_line_with_the_files(session: Session) -> None:
    """A table seeded by an earlier release (short texts, sizes with nothing to download, no
    picture) gets the files' versions and the resources it lacked; other rows stay."""
    first = SEED_RESOURCES[1]
    session.add(
        Resource(id=first.id, title=first.title, type="Document", category="Finance",
                 content="Short.", file_size="180KB")
    )  # fmt: skip
    session.add(Resource(id=900, title="Added by hand", type="Article", category="Growth"))
    session.commit()
    assert library.ensure_seeded(session) == len(SEED_RESOURCES)
    by_id = {r.id: r for r in library.list_resources(session)}
    assert by_id[first.id] == first
    assert by_id[first.id].download_url.startswith("/library/files/")
    assert by_id[900].title == "Added by hand"
    assert len(by_id) == len(SEED_RESOURCES) + 1
    assert library.ensure_seeded(session) == 0


def test_a_concurrent_seed_does_not_duplicate(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes that both saw an empty table: the second insert is rolled back."""
    with Session(engine) as first:
        assert library.ensure_seeded(first) == len(SEED_RESOURCES)
    monkeypatch.setattr(library, "_stale", lambda _session: (list(SEED_RESOURCES), []))
    with Session(engine) as second:
        assert library.ensure_seeded(second) == 0
        assert count(second, Resource) == len(SEED_RESOURCES)  # still usable


def test_get_resource_and_missing_ids(session: Session) -> None:
    library.ensure_seeded(session)
    resource = library.get_resource(session, 1)
    assert isinstance(resource, rules.ResourceView)
    assert resource.title == SEED_RESOURCES[0].title
    assert resource.content == SEED_RESOURCES[0].content
    with pytest.raises(library.ResourceNotFound):
        library.get_resource(session, 999)
    with pytest.raises(library.ResourceNotFound):
        library.get_resource(session, "1")  # type: ignore[arg-type]
    for bad in (2**63, 2**64, -(2**64), 0, True):  # past BIGINT: no OverflowError
        with pytest.raises(library.ResourceNotFound):
            library.get_resource(session, bad)


def test_saving_a_resource_makes_one_dashboard_document(session: Session) -> None:
    """P-HUB-7: saved record = title, category, file size, format label, link; per user."""
    ada = signed_up(session)
    bob = signed_up(session, "bob@example.com")
    library.ensure_seeded(session)
    document = next(s for s in SEED_RESOURCES if s.type == "Document")
    article = next(s for s in SEED_RESOURCES if s.type == "Article")

    first = library.save_resource(session, ada, document.id)
    assert first.created
    again = library.save_resource(session, ada, document.id)
    assert not again.created and again.document_id == first.document_id
    library.save_resource(session, ada, article.id)
    library.save_resource(session, bob, article.id)

    rows = session.exec(select(UserDocument).where(UserDocument.user_id == ada)).all()
    by_name = {r.name: r for r in rows}
    assert set(by_name) == {document.title, article.title}
    saved = by_name[document.title]
    assert (saved.tool_name, saved.file_format, saved.file_size) == (
        document.category,
        "PDF",
        document.file_size,
    )
    assert saved.download_url == f"/solutions?resource={document.id}"
    assert by_name[article.title].file_format == "Article"

    view = dashboard.load_dashboard(session, ada)
    assert view is not None
    assert view.documents_total == 2
    shown = {d.name: d for d in view.documents}
    assert shown[document.title].kind == "Document"
    assert shown[document.title].download_url == f"/solutions?resource={document.id}"


def test_saving_an_unknown_resource_fails(session: Session) -> None:
    ada = signed_up(session)
    library.ensure_seeded(session)
    with pytest.raises(library.ResourceNotFound):
        library.save_resource(session, ada, 4242)
    assert count(session, UserDocument) == 0


def test_p_hub_6_views_say_how_a_resource_plays_and_links(session: Session) -> None:
    """P-HUB-6/7: a video's own file plays natively, a known video page framed; 'Watch' and
    'Download' only ever link http(s) addresses."""
    library.ensure_seeded(session)
    hosted = video(
        "Pitch",
        "Fundraising",
        video_file_url="/videos/pitch.mp4",
        video_url="https://youtu.be/dQw4w9WgXcQ",
        download_url="javascript:alert(1)",
    )
    linked = video("Talk", "Growth", url="https://ex.com/t")
    session.add_all([hosted, linked])
    session.commit()
    by_title = {r.title: r for r in library.list_resources(session)}
    assert by_title["Pitch"].player == ("file", "/videos/pitch.mp4")
    assert by_title["Pitch"].watch_url == "https://youtu.be/dQw4w9WgXcQ"
    assert by_title["Pitch"].download_link == ""
    assert by_title["Talk"].player == ("", "") and by_title["Talk"].watch_url == "https://ex.com/t"
    article = by_title[SEED_RESOURCES[0].title]
    assert article.player == ("", "") and article.watch_url == ""


def test_generator_prompt_follows_the_spec() -> None:
    """P-HUB-8: Article 1000-1500 words, video 5-10 minutes, recent sources or the note."""
    article = prompts.generator_prompt("Runway", "Article")
    video = prompts.generator_prompt("Pitching", "Video")
    assert "1000-1500 words" in article and "Runway" in article
    assert "5-10 minutes" in video
    for prompt in (article, video, prompts.generator_prompt("Terms", "Document")):
        assert "last 1-2 years" in prompt
        assert "No recent data/source available" in prompt


def test_p_hub_8_the_run_s_texts_name_the_resource_type() -> None:
    run = document_run(DocumentForm("Runway", "Video", "Own text"))
    assert run.tool == hub_document.TOOL_NAME and run.max_tokens == hub_document.GENERATE_MAX_TOKENS
    failed = run.texts.notice(RunStatus.FAILED)
    assert failed.title == rules.GENERATE_FAILED.format(type="video")
    assert run.texts.notice(RunStatus.BUDGET, "Limit") == failed  # reads like any failure
    assert run.texts.notice(RunStatus.NO_ACCESS).title == rules.NO_ACCESS
    assert "5-10 minutes" in run.prompt
    assert "1000-1500 words" in document_run(DocumentForm("Odd", "Podcast", "")).prompt


async def test_demo_mode_returns_the_resource_text(session: Session) -> None:
    ada = signed_up(session)
    get_settings.cache_clear()
    assert not ai.ai_available()
    outcome = await run_tool(ada, document_run(DocumentForm("Runway", "Article", "Own text")))
    assert outcome.sample and outcome.result == "Own text"


async def test_generation_with_the_model(fake_ai: FakeAiServer, session: Session) -> None:
    ada = signed_up(session)
    script = "Generated text for the presenter to say. " * 80  # a script's length
    fake_ai.reply(f"## Intro\n{script}\n## Sources\nNo recent data/source available")
    try:
        outcome = await run_tool(
            ada, document_run(DocumentForm("Runway", "Video", "fallback")), on_text=lambda _: True
        )
    finally:
        await ai.close_providers()
    assert outcome.status is RunStatus.AI and not outcome.sample
    assert outcome.result is not None and outcome.result.startswith("## Intro")
    assert "5-10 minutes" in str(fake_ai.requests[-1])


async def test_generation_streams_the_text_as_it_grows(
    fake_ai: FakeAiServer, session: Session
) -> None:
    """P-HUB-8: the caller sees the content while the model writes it; the request streams
    and is capped like any other generation."""
    ada = signed_up(session)
    long_part = "Runway is the months your company can live on what it has. " * 70
    fake_ai.stream(["## Intro\n", "First part. ", long_part, "Second part.\n", "## Sources\nNone"])
    seen: list[str] = []

    def on_text(piece: str) -> bool:
        seen.append((seen[-1] if seen else "") + piece)
        return True

    try:
        outcome = await run_tool(
            ada, document_run(DocumentForm("Runway", "Article", "fallback")), on_text=on_text
        )
    finally:
        await ai.close_providers()
    assert seen[0] == "## Intro\n" and seen[-1].strip() == outcome.result
    assert all(b.startswith(a) for a, b in itertools.pairwise(seen))
    body = fake_ai.requests[-1]
    assert body["stream"] is True and body["max_tokens"] == hub_document.GENERATE_MAX_TOKENS


async def test_p_hub_8_a_failing_model_gives_the_spec_text(
    fake_ai: FakeAiServer, session: Session
) -> None:
    ada = signed_up(session)
    fake_ai.status(503).status(503).status(503)
    try:
        outcome = await run_tool(
            ada, document_run(DocumentForm("Runway", "Article", "fallback")), on_text=lambda _: True
        )
    finally:
        await ai.close_providers()
    assert outcome.status is RunStatus.FAILED and outcome.result is None
    assert outcome.notice is not None
    assert "difficulties generating this article content" in outcome.notice.title
