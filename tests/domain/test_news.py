"""Digest rules: feed entries to news items, de-duplication, order, limits and the sample
digest (P-HUB-4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from startup_toolkit.domain import news as rules

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def entry(title: str, link: str = "", hours: float | None = None, summary: str = "") -> dict:
    return {
        "title": title,
        "link": link,
        "summary": summary,
        "published": NOW - timedelta(hours=hours) if hours is not None else None,
    }


def test_constants_follow_the_spec() -> None:
    """P-HUB-4: 6 highlights, 25 extended items, refresh every 30 minutes, the spec's texts."""
    assert (rules.HIGHLIGHTS, rules.EXTENDED, rules.REFRESH_SECONDS) == (6, 25, 1800)
    assert rules.LOAD_FAILED == "Failed to load startup news"
    assert rules.USING_SAMPLE == "Using sample data instead"
    assert rules.LIVE_FAILED == "Failed to load live startup news"
    assert rules.TRENDS_FAILED == "Failed to fetch all trends"


def test_entry_becomes_a_plain_text_item() -> None:
    item = rules.item_from_entry(
        entry(
            "Big &amp; <b>bold</b> round",
            "https://news.example/a",
            hours=1,
            summary="<p>Raised <a href='x'>money</a><script>alert(1)</script> &amp; more</p>",
        ),
        "<i>Startup Wire</i>",
    )
    assert item is not None
    assert item.title == "Big & bold round"
    assert item.summary == "Raised money & more"
    assert item.source == "Startup Wire"
    assert item.url == "https://news.example/a"
    assert item.date == "Nov 22, 2026"


def test_unsafe_links_dropped_and_titles_required() -> None:
    item = rules.item_from_entry(entry("Hi", "javascript:alert(1)"), "S")
    assert item is not None and item.url == ""
    assert rules.item_from_entry(entry("   "), "S") is None
    assert rules.item_from_entry({"title": None}, "S") is None


def test_long_summaries_are_cut_at_a_word() -> None:
    item = rules.item_from_entry(entry("T", summary="word " * 200), "S")
    assert item is not None
    assert len(item.summary) <= rules.SUMMARY_MAX
    assert item.summary.endswith("…")


def test_naive_dates_count_as_utc() -> None:
    item = rules.item_from_entry({"title": "T", "published": datetime(2026, 1, 2, 3)}, "S")
    assert item is not None and item.published == datetime(2026, 1, 2, 3, tzinfo=UTC)
    assert item.date == "Jan 2, 2026"


def test_digest_deduplicates_and_sorts_newest_first() -> None:
    feeds = [
        (
            "Wire",
            [
                entry("Old news", "https://a.example/1", hours=30),
                entry("Fresh news", "https://a.example/2", hours=1),
                entry("Undated", "https://a.example/3"),
            ],
        ),
        (
            "Mirror",
            [
                entry("Fresh News!", "https://b.example/9", hours=2),  # same title
                entry("Other", "https://a.example/1/", hours=3),  # same link
                entry("Middle", "https://b.example/5", hours=5),
            ],
        ),
    ]
    items = rules.build_digest(feeds)
    # The newest copy of a repeated story is the one kept.
    assert [i.title for i in items] == ["Fresh news", "Other", "Middle", "Undated"]
    assert items[0].source == "Wire"
    assert len(rules.build_digest(feeds, limit=2)) == 2


def test_limits_are_clamped() -> None:
    assert rules.clamp_limit(None, False) == 6
    assert rules.clamp_limit(None, True) == 25
    assert rules.clamp_limit(100, True) == 25
    assert rules.clamp_limit(3, False) == 3
    assert rules.clamp_limit(True, False) == 6
    assert rules.clamp_limit(-1, True) == 25


def test_sample_digest_is_labelled_and_has_no_links() -> None:
    items = rules.sample_digest(NOW)
    assert 6 <= len(items) <= 25
    assert all(i.url == "" and rules.SAMPLE_LABEL in i.source for i in items)
    assert items[0].date == "Nov 22, 2026"
    assert len(rules.sample_digest(NOW, 6)) == 6
