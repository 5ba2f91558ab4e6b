"""The Solutions Hub in a browser (P-HUB-1..8, issue 16): library, tabs, search, sort,
filters, empty state, each category's picture, the resource dialog with its table of contents,
its download and Save to dashboard, a video script labelled as one, the full-screen video
player, Quick Tips, the live Daily Startup Digest with View All Trends, generated versions with
the way back to the original, and the 390 px layout.

One flow: the hub signed out, then signed in (a sign-in and each page load cost more than all
the clicks). What the state decides alone (each filter's results, the toasts' texts, what a
save writes, the digest's fallbacks) is checked in tests/pages/solutions/test_state.py.

The app's NEWS_FEED_URLS point at the feeds `news_feeds` serves on 127.0.0.1 (see
conftest): a good RSS feed, a good Atom feed, a feed answering 500 and a broken one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.resources_library import SEED_RESOURCES, asset_path
from startup_toolkit.models.resources import Resource
from startup_toolkit.services import resources as library
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in
from tests.e2e.conftest import (
    LiveApp,
    at_phone_width,
    no_horizontal_overflow,
    screenshot,
    toast,
    wait_for_app,
)
from tests.support.library import video

SEEDS = len(SEED_RESOURCES)


def open_hub(page: Page, app: LiveApp, query: str = "") -> None:
    page.goto(app.path(f"/solutions{query}"))
    wait_for_app(page)
    expect(page.locator("#hub-grid .hub-card").first).to_be_visible()


def cards(page: Page) -> Locator:
    return page.locator("#hub-grid .hub-card")


def card(page: Page, resource_id: int | None) -> Locator:
    return page.locator(f'.hub-card[data-resource-id="{resource_id}"]')


def live_digest(page: Page) -> None:
    """P-HUB-4: the live digest, newest first from both feeds, links opening a new tab."""
    digest = page.locator("#hub-digest")
    expect(digest.get_by_text("LIVE", exact=True)).to_be_visible()
    expect(toast(page, "Live startup news loaded")).to_be_visible()
    items = digest.locator(".hub-news-item")
    expect(items).to_have_count(6)
    first = items.first
    expect(first).to_contain_text("Wire story 0")
    expect(first).to_contain_text("Startup Wire")
    expect(first).to_have_attribute("href", "https://wire.example/0")
    expect(first).to_have_attribute("target", "_blank")
    expect(first).to_have_attribute("rel", re.compile("noopener"))
    expect(items.nth(1)).to_contain_text("Notes story 0")  # both feeds, newest first


def browse_tabs_search_sort_filters_and_empty_state(page: Page) -> None:
    """P-HUB-1, P-HUB-2 through the page's own controls."""
    expect(page.get_by_role("heading", level=1)).to_contain_text("startup stage")
    expect(cards(page)).to_have_count(SEEDS)
    clear_all = page.get_by_role("button", name="Clear all")
    expect(clear_all).to_have_count(0)  # nothing narrows the grid yet
    newest = max(s.id for s in SEED_RESOURCES)
    expect(cards(page).first).to_have_attribute("data-resource-id", str(newest))

    page.get_by_role("tab", name="Videos").click()
    expect(cards(page)).to_have_count(sum(s.type == "Video" for s in SEED_RESOURCES))
    page.get_by_role("tab", name="All Resources").click()

    search = page.get_by_label("Search")
    expect(search).to_have_attribute("placeholder", "Search solutions...")
    search.fill("runway math")
    expect(cards(page)).to_have_count(1)
    expect(cards(page).first).to_contain_text("Runway Math for First-Time Founders")
    expect(clear_all).to_be_visible()
    search.fill("   ")  # blanks narrow nothing
    expect(cards(page)).to_have_count(SEEDS)
    expect(clear_all).to_have_count(0)

    page.get_by_label("Sort by").select_option(label="Most Popular")
    expect(cards(page).first).to_contain_text("Popular")

    page.locator("#hub-categories").get_by_role("button", name="Legal").click()
    expect(cards(page)).to_have_count(sum(s.category == "Legal" for s in SEED_RESOURCES))

    page.get_by_role("button", name="Filters", exact=True).click()
    expect(page.get_by_label("Category")).to_have_value("Legal")
    page.get_by_label("Type").select_option("Video")
    expect(cards(page)).to_have_count(1)  # a script, and it says so
    expect(cards(page).first).to_contain_text("Video script")
    expect(cards(page).first).to_contain_text("min to present · script to download")
    search.fill("no such topic anywhere")
    expect(page.locator("#hub-empty")).to_contain_text("No resources found")
    screenshot(page, "solutions-empty")
    page.get_by_role("button", name="Reset filters").click()
    expect(cards(page)).to_have_count(SEEDS)
    expect(page.get_by_label("Category")).to_have_value("All")
    expect(clear_all).to_have_count(0)


def pictures_cards_downloads_and_a_script(page: Page) -> None:
    """Issue 16: each category has its picture, cards say what they offer, a document and a
    video script download from their dialog."""
    assert SEEDS >= 24
    pictures = page.locator("#hub-grid .hub-tile").evaluate_all(
        "els => els.map(e => getComputedStyle(e).backgroundImage)"
    )
    used = {re.search(r"/library/img/(\w+)\.svg", p).group(1) for p in pictures}  # type: ignore[union-attr]
    assert used == {c.lower() for c in rules.CATEGORIES}
    loaded = page.evaluate(
        """async () => { const r = await fetch('/library/img/legal.svg');
        return [r.status, (await r.text()).slice(0, 4)]; }"""
    )
    assert loaded == [200, "<svg"]
    sheet = card(page, 2)
    expect(sheet).to_contain_text(f"Excel · {SEED_RESOURCES[1].file_size}")
    expect(card(page, 1)).not_to_contain_text("1 min read")
    expect(page.locator("#hub-grid")).not_to_contain_text("min read of the outline")
    screenshot(page, "solutions-library")

    sheet.click()
    dialog = page.locator("#resource-dialog")
    download_link = dialog.locator("#resource-download")
    expect(download_link).to_have_text(f"Download Excel, {SEED_RESOURCES[1].file_size}")
    with page.expect_download() as info:
        download_link.click()
    download = info.value
    assert download.suggested_filename == "unit-economics-worksheet.xlsx"
    got = Path(download.path()).read_bytes()
    assert got == asset_path(SEED_RESOURCES[1].download_url).read_bytes()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)

    card(page, 4).click()  # a video with nothing to play
    expect(page.locator("#player-dialog")).to_have_count(0)
    expect(dialog.locator("#resource-script")).to_contain_text("no recording of it yet")
    expect(dialog.locator("#resource-content h2").first).to_have_text("About this script")
    with page.expect_download() as info:
        dialog.get_by_role("link", name=re.compile("Download script")).click()
    assert info.value.suggested_filename == "growth-experiment-script.md"
    screenshot(page, "solutions-script")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def all_trends(page: Page) -> None:
    """P-HUB-4: View All Trends lists 25 stories in a dialog that Escape closes."""
    page.get_by_role("button", name="View All Trends").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name="Startup Trends")).to_be_visible()
    expect(dialog.locator(".hub-news-item")).to_have_count(25)
    screenshot(page, "solutions-trends")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def detail_dialog_and_save_signed_out(page: Page) -> None:
    """P-HUB-7: a card opens from the keyboard; the dialog's table of contents hides and
    shows; Save asks a signed-out visitor to log in."""
    card(page, 1).focus()
    page.keyboard.press("Enter")  # keyboard reachable
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name=SEED_RESOURCES[0].title)).to_be_visible()
    toc = dialog.locator("#resource-toc")
    expect(toc.get_by_role("button", name="The simple formula")).to_be_visible()
    expect(dialog.locator("#resource-content h2").first).to_have_text("Why runway comes first")
    dialog.get_by_role("button", name="Hide contents").click()
    expect(toc).to_be_hidden()
    dialog.get_by_role("button", name="Show contents").click()
    expect(toc).to_be_visible()
    expect(dialog.locator("#resource-watch")).to_have_count(0)
    screenshot(page, "solutions-detail")

    dialog.get_by_role("button", name="Save to dashboard").click()
    expect(toast(page, "You must be logged in to save this.")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def phone_layout(page: Page) -> None:
    """At 390 px: the filters, the digest and both kinds of dialog fit the screen."""
    filters = page.get_by_role("button", name="Filters", exact=True)
    expect(filters).to_have_attribute("aria-expanded", "true")  # still open from browsing
    filters.click()
    expect(page.get_by_label("Type")).to_be_hidden()
    filters.click()
    expect(page.get_by_label("Type")).to_be_visible()
    expect(page.locator("#hub-digest .hub-news-item")).to_have_count(6)
    no_horizontal_overflow(page)
    screenshot(page, "solutions")
    card(page, 1).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    no_horizontal_overflow(page)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    card(page, 15).click()  # a document: its download fits
    expect(page.locator("#resource-download")).to_be_visible()
    no_horizontal_overflow(page)
    screenshot(page, "solutions-document")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)


def generated_content_appears_as_it_is_written(app: LiveApp, page: Page) -> None:
    """P-HUB-8, issue 16: the new text streams in, becomes a version beside the original,
    listed, with the way back."""
    dialog = page.locator("#resource-dialog")
    expect(dialog.get_by_role("heading", name=SEED_RESOURCES[0].title)).to_be_visible()
    chunks = ["## Runway in one page\n\n", "Count your months ", "before you count features.\n\n"]
    # Long enough to be kept (issue 28, item 11: an article needs at least 700 words).
    body = "Runway is the months your company can live on what it has. " * 70 + "\n\n"
    sources = "## Sources\n\nNo recent data/source available"
    app.ai.stream([*chunks, body, sources], hold_after=3)
    dialog.get_by_role("button", name="Generate content").click()

    assert app.ai.wait_held(10)
    streaming = dialog.locator("#resource-streaming")
    expect(streaming.get_by_role("status")).to_have_text("Writing...")
    expect(streaming.get_by_role("heading", name="Runway in one page")).to_be_visible()
    expect(streaming).to_contain_text("before you count features.")
    expect(dialog.get_by_role("button", name="Generating...")).to_be_disabled()
    screenshot(page, "solutions-generating")

    app.ai.release()
    expect(streaming).to_have_count(0)
    content = dialog.locator("#resource-content")
    expect(content.locator("h2").first).to_have_text("Runway in one page")
    expect(content).to_contain_text("No recent data/source available")
    expect(dialog.locator("#resource-toc")).to_contain_text("Sources")
    expect(toast(page, "Content generated")).to_be_visible()

    picker = dialog.get_by_label("Version")
    expect(picker.locator("option")).to_have_text(["Original (library)", re.compile("Version 1")])
    expect(picker).not_to_have_value("0")
    screenshot(page, "solutions-versions")
    dialog.get_by_role("button", name="Back to the original").click()
    expect(content.locator("h2").first).to_have_text("Why runway comes first")
    expect(picker).to_have_value("0")
    picker.select_option(picker.locator("option").nth(1).get_attribute("value"))
    expect(content.locator("h2").first).to_have_text("Runway in one page")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


def videos_play_full_screen(page: Page, own_id: int | None, hosted_id: int | None) -> None:
    """P-HUB-6: a video's own file plays in the browser's player, a YouTube page in a
    sandboxed frame; both fill the screen, close with the button or Escape, and lead to the
    outline."""
    player = page.locator("#player-dialog")
    own_card = card(page, own_id)
    expect(own_card).to_contain_text("Watch the video")
    own_card.click()
    expect(page.locator("#resource-dialog")).to_have_count(0)
    expect(player).to_be_visible()
    expect(player.get_by_role("heading", name="Pitch Walkthrough")).to_be_visible()
    video = player.locator("video#player-video")
    expect(video).to_have_attribute("src", "/videos/pitch-walkthrough.mp4")
    expect(video).to_have_attribute("controls", "")
    page.wait_for_function(  # the whole viewport, once the opening animation is over
        """() => { const r = document.querySelector('#player-dialog').getBoundingClientRect();
        return r.left === 0 && r.top === 0 && r.width === innerWidth
          && r.height === innerHeight; }""",
        timeout=5_000,
    )
    screenshot(page, "solutions-player")
    player.get_by_role("button", name="Close video").click()
    expect(player).to_be_hidden()

    card(page, hosted_id).click()
    frame = player.locator("iframe#player-frame")
    expect(frame).to_have_attribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")
    expect(frame).to_have_attribute("sandbox", re.compile("allow-scripts"))
    expect(frame).to_have_attribute("title", "Founder Q&A")
    page.keyboard.press("Escape")
    expect(player).to_be_hidden()

    card(page, hosted_id).click()
    player.get_by_role("button", name="Details").click()
    expect(player).to_be_hidden()
    dialog = page.locator("#resource-dialog")
    expect(dialog.get_by_role("heading", name="Founder Q&A")).to_be_visible()
    expect(dialog.locator("#resource-content h2")).to_have_text("Outline")
    expect(dialog.locator("#resource-watch")).to_have_attribute(
        "href", "https://youtu.be/dQw4w9WgXcQ"
    )
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


@contextmanager
def added_videos(app: LiveApp) -> Iterator[tuple[int | None, int | None]]:
    """Two videos added to the library, one with its own file, one on YouTube; removed after."""
    with app_db(app) as db:
        library.ensure_seeded(db)
        own = video(
            "Pitch Walkthrough",
            "Fundraising",
            content="## Outline\nThe deck, slide by slide.",
            video_file_url="/videos/pitch-walkthrough.mp4",
        )
        hosted = video(
            "Founder Q&A",
            "Growth",
            content="## Outline\nQuestions.",
            video_url="https://youtu.be/dQw4w9WgXcQ",
        )
        db.add_all([own, hosted])
        db.commit()
        added = (own.id, hosted.id)
    try:
        yield added
    finally:
        with app_db(app) as db:
            for resource_id in added:
                row = db.get(Resource, resource_id)
                if row is not None:
                    db.delete(row)
            db.commit()


def test_p_hub_3_quick_tips_dots_and_rotation(live_app: LiveApp, page: Page) -> None:
    """P-HUB-3: the first tip, dots that show a tip, and rotation every 10 s that pauses while
    the pointer or the focus is inside the tips. A page of its own: its clock is the test's
    (the rest of the hub is better left on the real one)."""
    page.clock.install()  # the page's timers run on a clock the test can move on
    open_hub(page, live_app)
    tips = page.locator("#hub-tips")
    visible = tips.locator("[data-tip]:not([hidden])")
    expect(visible).to_have_text(rules.TIPS[0])
    expect(tips.locator("[data-tip-dot]")).to_have_count(8)
    # From here the page's time moves only when the test moves it on.
    page.clock.pause_at(page.evaluate("Date.now()") + 100)
    tips.get_by_role("button", name="Show tip 4 of 8").click()
    expect(visible).to_have_text(rules.TIPS[3])
    expect(tips.get_by_role("button", name="Show tip 4 of 8")).to_have_attribute(
        "aria-current", "true"
    )
    # Rotation pauses while the pointer or the focus is inside the tips.
    page.mouse.move(0, 0)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    expect(visible).to_have_text(rules.TIPS[3])
    page.clock.run_for(9_000)  # not yet: a tip stays 10 s
    expect(visible).to_have_text(rules.TIPS[3])
    page.clock.run_for(2_000)
    expect(visible).to_have_text(rules.TIPS[4])


def test_the_hub_signed_out_then_signed_in(live_app: LiveApp, page: Page) -> None:
    """P-HUB-1, P-HUB-2 browse, tabs, search, sort, filters, empty state; P-HUB-4 live digest
    and all trends; issue 16 each category's picture, what cards offer, downloads, a video
    script; P-HUB-7 detail dialog, table of contents and Save (signed out, then signed in: on
    the dashboard); the 390 px layout; P-HUB-8 generated content as it is written, kept as a
    version; P-HUB-6 videos play full screen."""
    open_hub(page, live_app)
    live_digest(page)  # first: its toast goes after a few seconds
    browse_tabs_search_sort_filters_and_empty_state(page)
    pictures_cards_downloads_and_a_script(page)
    all_trends(page)
    detail_dialog_and_save_signed_out(page)
    at_phone_width(page, check=phone_layout)

    with added_videos(live_app) as (own_id, hosted_id):
        sign_up_and_sign_in(live_app, page, next_path="/solutions?resource=1")
        generated_content_appears_as_it_is_written(live_app, page)
        videos_play_full_screen(page, own_id, hosted_id)

        card(page, 2).click()
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_role("heading", name="Unit Economics Worksheet")).to_be_visible()
        dialog.get_by_role("button", name="Save to dashboard").click()
        expect(toast(page, "Saved to your dashboard")).to_be_visible()

        # Issue 16: opened again later, the resource shows its original with the version listed.
        page.reload()
        wait_for_app(page)
        dialog = page.locator("#resource-dialog")
        expect(dialog.locator("#resource-content h2").first).to_have_text("Why runway comes first")
        expect(dialog.get_by_label("Version").locator("option")).to_have_count(2)

        page.goto(live_app.path("/dashboard"))
        wait_for_app(page)
        expect(page.locator("#legacy-documents")).to_contain_text("Unit Economics Worksheet")
