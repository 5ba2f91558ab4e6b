"""SolutionsState (with its digest) without a browser (P-HUB-1..8): filters and tabs directly,
the resource dialog and saving against a real database, and the digest, trends and content
generation through Reflex's real event processor with feeds served on 127.0.0.1 and the fake
OpenAI-compatible server."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import news as news_rules
from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.resources_library import SEED_RESOURCES
from startup_toolkit.models.resources import Resource, ResourceVersion
from startup_toolkit.models.results import UserDocument
from startup_toolkit.pages.solutions import ROUTE
from startup_toolkit.pages.solutions.digest_state import NOT_CONFIGURED_NOTE
from startup_toolkit.pages.solutions.state import (
    LOAD_LIBRARY_FAILED,
    Detail,
    Filters,
    SolutionsState,
)
from startup_toolkit.services import favorites
from startup_toolkit.services import news as news_service
from startup_toolkit.services import resources as library
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.events import drain, js
from tests.support.feed_server import Entry, FeedServer, recent, rss
from tests.support.founders import signed_in
from tests.support.library import video
from tests.support.tool_states import Recorder, Tab, in_processor, substate

Founder = tuple[str, str]


def loaded(engine: Engine, cookie: str = "") -> SolutionsState:
    s = substate(SolutionsState, ROUTE, cookie)
    drain(s.on_load())
    return s


async def until(tab: Tab, check: Callable[[Any], bool], timeout: float = 15) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = await tab.state()
        if check(s):
            return s
        await asyncio.sleep(0.02)
    raise AssertionError("condition not reached")


# --- Library, tabs, filters -------------------------------------------------------------------


def test_p_hub_1_a_library_that_fails_to_load_says_so(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise RuntimeError("database down")

    monkeypatch.setattr(library, "list_resources", broken)
    s = loaded(engine)
    assert s.library is not None and s.library.error == LOAD_LIBRARY_FAILED
    assert s.library.cards == [] and s.visible == []


def test_p_hub_1_library_loads_and_newest_comes_first(engine: Engine) -> None:
    assert substate(SolutionsState, ROUTE).library is None  # loading: the spinner shows
    s = loaded(engine)
    assert s.library is not None and s.library.error == ""
    assert len(s.library.cards) == len(SEED_RESOURCES)
    assert [c.id for c in s.visible] == sorted((c.id for c in s.library.cards), reverse=True)
    assert [c.id for c in s.popular] == [1, 3, 5]  # P-HUB-5
    assert s.library.cards[0].icon == "newspaper" and "gradient" in s.library.cards[0].gradient


def test_p_hub_1_tabs_search_sort_and_category_buttons(engine: Engine) -> None:
    s = loaded(engine)
    s.set_tab("videos")
    assert {c.type for c in s.visible} == {"Video"}
    s.set_tab("admin")
    assert s.filters.tab == "all"
    s.set_sort(rules.SORT_POPULAR)
    flags = [c.popular for c in s.visible]
    assert flags == sorted(flags, reverse=True)
    s.set_sort("random")
    assert s.filters.sort == rules.SORT_NEWEST
    s.toggle_category("Legal")
    assert s.filters.category == "Legal" and {c.category for c in s.visible} == {"Legal"}
    s.toggle_category("Legal")
    assert s.filters.category == rules.ALL
    s.set_query("RUNWAY math")
    assert [c.title for c in s.visible] == ["Runway Math for First-Time Founders"]
    s.set_query({"x": 1})  # type: ignore[arg-type]
    assert s.filters.query == ""


def test_p_hub_2_filters_empty_state_and_reset(engine: Engine) -> None:
    s = loaded(engine)
    s.set_category("Finance")
    s.set_type_filter("Video")
    assert [c.title for c in s.visible] == ["Reading Your Own P&L in Ten Minutes"]
    assert s.filters != Filters()  # "Clear all" shows (view.py works it out in the browser)
    s.set_type_filter("Spreadsheet")
    assert s.filters.type == rules.ALL
    s.set_query("nothing matches this")
    assert s.visible == []
    s.reset_filters()
    assert s.filters == Filters()
    assert (s.filters.tab, s.filters.category, s.filters.type, s.filters.sort) == (
        "all",
        rules.ALL,
        rules.ALL,
        rules.SORT_NEWEST,
    )
    assert len(s.visible) == len(SEED_RESOURCES)


def test_on_load_opens_a_resource_named_in_the_address(engine: Engine) -> None:
    s = substate(SolutionsState, "/solutions?resource=5")
    specs = drain(s.on_load())
    assert "open_resource" in js(specs) and "load_digest" in js(specs)


# --- Detail dialog and saving ------------------------------------------------------------------


def test_p_hub_7_detail_dialog_with_table_of_contents(engine: Engine) -> None:
    s = loaded(engine)
    drain(s.open_resource(1))
    assert s.detail is not None and not s.detail.loading and s.detail.error == ""
    assert s.detail.title == SEED_RESOURCES[0].title
    assert s.detail.type == "Article" and s.detail.category == "Finance"
    assert [t.text for t in s.detail.toc][:2] == ["Why runway comes first", "The simple formula"]
    assert s.detail.watch_url == ""  # no address: no Watch link
    s.set_detail_open(False)
    assert s.detail is None


def test_unknown_or_malformed_resource_ids_open_nothing(
    engine: Engine, caplog: pytest.LogCaptureFixture
) -> None:
    s = loaded(engine)
    drain(s.open_resource(999))
    assert s.detail is None
    drain(s.open_resource("1"))  # type: ignore[arg-type]
    assert s.detail is None
    for bad in (2**63, 2**64, -(2**64), 0, True, 1.0):  # finding 8 of issue 13
        drain(s.open_resource(bad))
        assert s.detail is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_dialog_events_with_no_dialog_open_do_nothing(engine: Engine, founder: Founder) -> None:
    """Both dialogs are None while closed; a late click on either does nothing."""
    s = loaded(engine, founder[1])
    assert s.detail is None and s.player is None
    assert drain(s.save_to_dashboard()) == []
    assert drain(s.show_version("0")) == []
    assert asyncio.run(s.generate_content()) is None and not s.running
    assert drain(s.show_details()) == []
    s.set_detail_open(False)
    s.set_player_open(False)
    assert s.detail is None and s.player is None
    with Session(engine) as db:
        assert db.exec(select(UserDocument)).all() == []


def test_an_oversized_resource_in_the_address_opens_nothing(engine: Engine) -> None:
    s = substate(SolutionsState, f"/solutions?resource={2**64}")
    assert "open_resource" not in js(drain(s.on_load()))


def test_p_hub_7_save_needs_a_signed_in_founder(engine: Engine) -> None:
    s = loaded(engine)
    drain(s.open_resource(2))
    specs = drain(s.save_to_dashboard())
    assert rules.SAVE_SIGN_IN in js(specs)
    with Session(engine) as db:
        assert db.exec(select(UserDocument)).all() == []


def test_p_hub_7_save_stores_a_document_for_the_session_user(
    engine: Engine, founder: Founder
) -> None:
    user_id, cookie = founder
    s = loaded(engine, cookie)
    drain(s.open_resource(2))
    assert rules.SAVED in js(drain(s.save_to_dashboard()))
    assert "Already saved." in js(drain(s.save_to_dashboard()))
    with Session(engine) as db:
        (row,) = db.exec(select(UserDocument)).all()
    assert (row.user_id, row.name, row.file_format, row.tool_name) == (
        user_id,
        "Unit Economics Worksheet",
        "PDF",
        "Finance",
    )
    assert not s.detail.saving


def test_p_hub_7_a_failing_save_says_failed_to_save(
    engine: Engine, founder: Founder, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, cookie = founder
    s = loaded(engine, cookie)
    drain(s.open_resource(2))

    def broken(*_args: Any) -> None:
        raise RuntimeError("database is gone")

    monkeypatch.setattr(library, "save_resource", broken)
    assert rules.SAVE_FAILED in js(drain(s.save_to_dashboard()))
    assert not s.detail.saving


def _add_video(engine: Engine, **fields: str) -> int:
    with Session(engine) as db:
        library.ensure_seeded(db)
        row = video("Pitch Walkthrough", "Fundraising", content="## Outline")
        for name, value in fields.items():
            setattr(row, name, value)
        db.add(row)
        db.commit()
        return row.id or 0


def test_p_hub_6_a_video_file_opens_the_full_screen_player(engine: Engine) -> None:
    """P-HUB-6: the native player, full screen, with close."""
    video_id = _add_video(engine, video_file_url="/videos/pitch.mp4")
    s = loaded(engine)
    card = next(c for c in s.library.cards if c.id == video_id)
    assert card.playable  # the card says 'Watch the video'

    async def first_step() -> None:
        opening = s.open_resource(video_id)
        await opening.__anext__()
        assert s.detail is None  # no detail dialog flashes up while the row loads
        async for _ in opening:
            pass

    asyncio.run(first_step())
    assert s.player is not None and s.detail is None
    assert (s.player.kind, s.player.src, s.player.title) == (
        "file",
        "/videos/pitch.mp4",
        "Pitch Walkthrough",
    )
    s.set_player_open(False)
    assert s.player is None


def test_p_hub_6_a_video_page_plays_framed_and_details_open_from_the_player(
    engine: Engine,
) -> None:
    video_id = _add_video(engine, video_url="https://youtu.be/dQw4w9WgXcQ")
    s = loaded(engine)
    drain(s.open_resource(video_id))
    assert (s.player.kind, s.player.src) == (
        "embed",
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    )
    drain(s.show_details())
    assert s.player is None and s.detail is not None
    assert s.detail.title == "Pitch Walkthrough" and s.detail.content == "## Outline"
    assert s.detail.watch_url == "https://youtu.be/dQw4w9WgXcQ"


def test_p_hub_6_a_video_without_a_playable_address_opens_its_outline(engine: Engine) -> None:
    video_id = _add_video(engine, video_url="https://example.com/some-talk")
    s = loaded(engine)
    assert not next(c for c in s.library.cards if c.id == video_id).playable
    drain(s.open_resource(video_id))
    assert s.detail is not None and s.player is None
    assert s.detail.watch_url == "https://example.com/some-talk"  # linked, never framed
    seeded_video = next(r.id for r in SEED_RESOURCES if r.type == "Video")
    drain(s.open_resource(seeded_video))
    assert s.detail is not None and s.player is None and s.detail.watch_url == ""


# --- The digest through the event processor ----------------------------------------------------


@pytest.fixture(scope="module")
def feeds() -> Iterator[FeedServer]:
    with FeedServer() as server:
        yield server


@pytest.fixture
def news_env(feeds: FeedServer, settings_env: pytest.MonkeyPatch) -> Iterator[FeedServer]:
    feeds.reset()
    news_service.reset_cache()
    yield feeds
    news_service.reset_cache()


def use_feeds(env: pytest.MonkeyPatch, *urls: str) -> None:
    env.setenv("NEWS_FEED_URLS", ",".join(urls))
    get_settings.cache_clear()


def many(count: int) -> bytes:
    return rss(
        "Startup Wire",
        [
            Entry(f"Story {i}", f"https://n.example/{i}", f"Summary {i}", recent(i))
            for i in range(count)
        ],
    )


def test_p_hub_4_live_digest_highlights_and_toast(
    engine: Engine, news_env: FeedServer, settings_env: pytest.MonkeyPatch
) -> None:
    use_feeds(settings_env, news_env.set("/feed.xml", many(30)))

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare("")
        assert (await tab.state()).digest is None  # nothing loaded yet
        await tab.fire("load_digest", busy="news_loading")
        s = await until(
            tab, lambda s: s.digest is not None and len(s.digest.news) > 0 and not s.news_loading
        )
        assert any(news_rules.LIVE_TOAST in t for t in recorder.toasts())
        assert True in recorder.values("news_loading")  # the spinner showed
        return s

    s = in_processor(SolutionsState, ROUTE, go)
    assert s.digest.live and s.digest.note == ""
    assert [n.title for n in s.digest.news] == [f"Story {i}" for i in range(6)]
    assert (
        s.digest.news[0].url == "https://n.example/0" and s.digest.news[0].source == "Startup Wire"
    )


def test_p_hub_4_failing_feeds_show_the_sample_with_the_spec_texts(
    engine: Engine, news_env: FeedServer, settings_env: pytest.MonkeyPatch
) -> None:
    use_feeds(
        settings_env,
        news_env.set("/500.xml", b"down", status=500),
        news_env.set("/broken.xml", b"<<<not a feed", content_type="text/html"),
    )

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare("")
        await tab.fire("load_digest", busy="news_loading")
        s = await until(
            tab, lambda s: s.digest is not None and len(s.digest.news) > 0 and not s.news_loading
        )
        toast = next(t for t in recorder.toasts() if news_rules.LOAD_FAILED in t)
        assert news_rules.USING_SAMPLE in toast
        return s

    s = in_processor(SolutionsState, ROUTE, go)
    assert not s.digest.live and len(s.digest.news) == 6
    assert s.digest.note == "Failed to load startup news. Using sample data instead."
    assert all(n.url == "" for n in s.digest.news)


def test_p_hub_4_no_feed_configured_shows_the_labelled_sample_quietly(
    engine: Engine, news_env: FeedServer, settings_env: pytest.MonkeyPatch
) -> None:
    use_feeds(settings_env)

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare("")
        await tab.fire("load_digest", busy="news_loading")
        s = await until(
            tab, lambda s: s.digest is not None and len(s.digest.news) > 0 and not s.news_loading
        )
        assert recorder.toasts() == []
        return s

    s = in_processor(SolutionsState, ROUTE, go)
    assert not s.digest.live
    assert s.digest.note == f"{NOT_CONFIGURED_NOTE} {news_rules.USING_SAMPLE}."


def test_p_hub_4_view_all_trends_lists_25(
    engine: Engine, news_env: FeedServer, settings_env: pytest.MonkeyPatch
) -> None:
    use_feeds(settings_env, news_env.set("/feed.xml", many(40)))

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare("")
        assert (await tab.state()).trends is None  # until View All Trends is pressed
        await tab.fire("load_trends", busy="trends_loading")
        return await until(
            tab, lambda s: s.trends is not None and len(s.trends.news) > 0 and not s.trends_loading
        )

    s = in_processor(SolutionsState, ROUTE, go)
    assert len(s.trends.news) == 25 and s.trends.error == ""


def test_p_hub_4_trends_failure_says_failed_to_fetch_all_trends(
    engine: Engine, news_env: FeedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("cache exploded")

    monkeypatch.setattr(news_service, "fetch_startup_news", broken)

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare("")
        await tab.fire("load_trends", busy="trends_loading")
        s = await until(tab, lambda s: s.trends is not None and s.trends.error != "")
        assert any(news_rules.TRENDS_FAILED in t for t in recorder.toasts())
        return s

    s = in_processor(SolutionsState, ROUTE, go)
    assert s.trends.news == [] and s.trends.error == news_rules.TRENDS_FAILED


# --- Generate content (P-HUB-8) ---------------------------------------------------------------


def detail_values(resource_id: int = 1, **fields: Any) -> dict[str, Any]:
    """The open resource dialog of the seeded resource `resource_id` (`fields`: changed)."""
    seed = next(s for s in SEED_RESOURCES if s.id == resource_id)
    values = {"title": seed.title, "type": seed.type, "content": seed.content, **fields}
    return {"detail": Detail(id=seed.id, **values)}


#: Generated texts long enough to be kept (a script, an article: `rules.MIN_WORDS`).
SCRIPT_BODY = "Say what the experiment tests and why it matters now. " * 50
ARTICLE_BODY = "Runway is the months your company can live on what it has. " * 70


def seeded(engine: Engine) -> None:
    with Session(engine) as db:
        library.ensure_seeded(db)


def test_p_hub_8_generated_content_is_a_new_version_beside_the_original(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer
) -> None:
    """Issue 16: the new text is kept as the founder's version, listed and shown; the original
    is one step back; the prompt carries the founder's journey (P-HUB-8)."""
    seeded(engine)
    user_id, cookie = founder
    with Session(engine) as db:
        assert favorites.toggle_favorite(db, user_id, "Growth Engine", "/growth-engine")
    script = f"## Hook\n{SCRIPT_BODY}\n## Sources\nNo recent data/source available"
    fake_ai.reply(script)

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(4))
        await tab.fire("generate_content", busy="running")
        s = await until(tab, lambda s: s.detail.content.startswith("## Hook"))
        assert any("Content generated" in t for t in recorder.toasts())
        assert any(rules.VERSION_KEPT in t for t in recorder.toasts())
        return s

    s = in_processor(SolutionsState, ROUTE, go)
    assert not s.detail.sample and [t.text for t in s.detail.toc] == ["Hook", "Sources"]
    (version,) = s.detail.versions
    assert version.label == f"Version 1 ({rules.word_count(script):,} words)"
    assert s.detail.version_shown == version.id
    prompt = fake_ai.requests[-1]["messages"][-1]["content"]
    assert "5-10 minutes" in prompt and "Designing a Growth Experiment" in prompt
    assert "<founder_journey>" in prompt and "Favourite tools: Growth Engine" in prompt
    with Session(engine) as db:
        (row,) = db.exec(select(ResourceVersion)).all()
        assert (row.user_id, row.resource_id) == (user_id, 4)
        assert db.get(Resource, 4).content == detail_values(4)["detail"].content  # untouched

    # Later, the founder opens the resource again: the original, with the version listed.
    again = loaded(engine, cookie)
    drain(again.open_resource(4))
    assert again.detail.content == detail_values(4)["detail"].content
    assert [v.id for v in again.detail.versions] == [version.id] and again.detail.version_shown == 0
    drain(again.show_version(str(version.id)))
    assert again.detail.content.startswith("## Hook") and again.detail.version_shown == version.id
    drain(again.show_version("0"))  # the way back
    assert again.detail.content == detail_values(4)["detail"].content
    assert again.detail.version_shown == 0 and again.detail.toc[0].text != "Hook"

    # Another founder sees none of it, even by asking for the version's id.
    _, bob_cookie = signed_in(engine, "bob@example.com")
    bob = loaded(engine, bob_cookie)
    drain(bob.open_resource(4))
    assert bob.detail.versions == []
    drain(bob.show_version(str(version.id)))
    assert (
        bob.detail.content == detail_values(4)["detail"].content and bob.detail.version_shown == 0
    )


def test_cards_say_what_they_offer(engine: Engine) -> None:
    """Issue 16: a video with nothing to play is a 'Video script' and offers the script; a
    document names its file and size; each category has its own picture."""
    s = loaded(engine)
    by_id = {c.id: c for c in s.library.cards}
    script = by_id[4]
    assert (script.badge, script.script, script.playable) == ("Video script", True, False)
    assert script.note.endswith("min to present · script to download")
    sheet = by_id[2]
    assert sheet.note == f"Excel · {SEED_RESOURCES[1].file_size}" and sheet.badge == "Document"
    assert by_id[1].note == f"{rules.reading_minutes(SEED_RESOURCES[0].content)} min read"
    assert int(by_id[1].note.split()[0]) >= 4
    assert {c.image for c in s.library.cards} == {
        f"/library/img/{c.lower()}.svg" for c in rules.CATEGORIES
    }
    drain(s.open_resource(4))
    assert s.detail.badge == "Video script" and s.detail.script
    assert s.detail.download_url == "/library/scripts/growth-experiment-script.md"
    assert s.detail.download_label.startswith("Download script (Markdown, ")
    drain(s.open_resource(2))
    assert not s.detail.script
    assert s.detail.download_url == "/library/files/unit-economics-worksheet.xlsx"
    assert s.detail.download_label == f"Download Excel, {SEED_RESOURCES[1].file_size}"


def test_p_hub_8_content_shows_while_it_is_written(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer
) -> None:
    seeded(engine)
    _, cookie = founder
    fake_ai.stream(["## Hook\n", "The first lines. ", ARTICLE_BODY, "The rest."], hold_after=2)

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(1))
        started = await tab.start("generate_content")
        assert await asyncio.to_thread(fake_ai.wait_held, 10)
        deadline = time.monotonic() + 10
        while not any("The first lines." in v for v in recorder.values("generated_text")):
            assert time.monotonic() < deadline, "the partial text never reached the browser"
            await asyncio.sleep(0.02)
        assert recorder.values("running")[-1] is True
        # The old text stays until the new one is complete.
        assert not any("## Hook" in v.content for v in recorder.values("detail"))
        fake_ai.release()
        await asyncio.wait_for(started, timeout=10)
        s = await until(tab, lambda s: not s.running, timeout=10)
        assert s.detail.content == f"## Hook\nThe first lines. {ARTICLE_BODY}The rest."
        assert recorder.values("generated_text")[-1] == ""
        assert recorder.values("running")[-1] is False
        return s

    in_processor(SolutionsState, ROUTE, go)


def test_p_hub_8_a_reply_far_shorter_than_asked_is_no_version(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer
) -> None:
    """Issue 28, item 11: the prompt asks for 1000-1500 words; a 21-word "article" is not
    kept as a version, and the founder is told why."""
    seeded(engine)
    _, cookie = founder
    short = (
        "## Runway\nKeep twelve months of runway. Cut your costs early. Raise before you "
        "need it. ## Sources\nNo recent data/source available"
    )
    assert rules.word_count(short) == 21
    fake_ai.reply(short)

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(1))
        await tab.fire("generate_content", busy="running")
        await until(tab, lambda s: len(recorder.toasts()) > 0 and not s.running, timeout=30)
        (toast,) = recorder.toasts()
        assert "The new article was too short" in toast
        assert "It had 21 words; an article needs at least 700. Please try again." in toast
        return await tab.state()

    s = in_processor(SolutionsState, ROUTE, go)
    assert s.detail.content == SEED_RESOURCES[0].content and s.detail.versions == []
    with Session(engine) as db:
        assert db.exec(select(ResourceVersion)).all() == []


def test_p_hub_8_failure_shows_the_spec_text(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer
) -> None:
    seeded(engine)
    _, cookie = founder
    fake_ai.status(503).status(503).status(503)

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(1))
        await tab.fire("generate_content", busy="running")
        await until(tab, lambda s: len(recorder.toasts()) > 0, timeout=30)
        (toast,) = recorder.toasts()
        assert "difficulties generating this article content" in toast
        return await tab.state()

    s = in_processor(SolutionsState, ROUTE, go)
    assert s.detail.content == SEED_RESOURCES[0].content and not s.running


def test_p_hub_8_demo_mode_labels_the_sample(
    engine: Engine, founder: Founder, settings_env: pytest.MonkeyPatch
) -> None:
    seeded(engine)
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    _, cookie = founder

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(1, content=""))
        await tab.fire("generate_content", busy="running")
        return await until(tab, lambda s: s.detail.sample)

    s = in_processor(SolutionsState, ROUTE, go)
    assert s.detail.content == SEED_RESOURCES[0].content


def test_p_hub_8_signed_out_is_asked_to_log_in(engine: Engine, fake_ai: FakeAiServer) -> None:
    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare("", **detail_values(1))
        await tab.fire("generate_content", busy="running")
        await until(tab, lambda s: len(recorder.toasts()) > 0)
        assert rules.SIGN_IN_TO_GENERATE in recorder.toasts()[0]
        return await tab.state()

    in_processor(SolutionsState, ROUTE, go)
    assert fake_ai.requests == []


def test_p_hub_8_an_empty_answer_is_a_failure(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer
) -> None:
    """P-HUB-8: a model that writes nothing leaves the text as it was and says so."""
    seeded(engine)
    _, cookie = founder
    fake_ai.stream(["  ", "\n"])

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(4))
        await tab.fire("generate_content", busy="running")
        await until(tab, lambda s: len(recorder.toasts()) > 0)
        (toast,) = recorder.toasts()
        assert "difficulties generating this video content" in toast
        return await tab.state()

    s = in_processor(SolutionsState, ROUTE, go)
    assert s.detail.content == detail_values(4)["detail"].content and s.generated_text == ""
