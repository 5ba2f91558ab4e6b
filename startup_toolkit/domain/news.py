"""The Daily Startup Digest: feed entries -> news items (plain text, http(s) links only),
de-duplication, newest-first order and the clearly labelled sample digest (P-HUB-4).

Pure logic: the provider hands over plain dicts, nothing here does I/O.
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import nh3

from startup_toolkit.domain.urls import http_url_or_empty

HIGHLIGHTS = 6
EXTENDED = 25
REFRESH_SECONDS = 30 * 60
TITLE_MAX = 200
SUMMARY_MAX = 280
SOURCE_MAX = 80

SOURCE_LIVE = "live"
SOURCE_SAMPLE = "sample"

LOAD_FAILED = "Failed to load startup news"
USING_SAMPLE = "Using sample data instead"
LIVE_FAILED = "Failed to load live startup news"
TRENDS_FAILED = "Failed to fetch all trends"
LIVE_TOAST = "Live startup news loaded"
SAMPLE_LABEL = "Sample"

_SPACE = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class NewsItem:
    id: str
    title: str
    date: str  # shown as is, e.g. 'Nov 22, 2026'; empty when the feed gave none
    summary: str
    source: str
    url: str
    published: datetime | None = None


def plain_text(value: Any, limit: int) -> str:
    """Text without markup or entities, whitespace collapsed, cut at a word with an ellipsis."""
    if not isinstance(value, str):
        return ""
    text = html.unescape(nh3.clean(value, tags=set(), clean_content_tags={"script", "style"}))
    text = _SPACE.sub(" ", text).strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,.;:-")
    return f"{cut}…"


def format_date(moment: datetime | None) -> str:
    return f"{moment:%b} {moment.day}, {moment.year}" if moment else ""


def _item_id(url: str, title: str) -> str:
    return hashlib.sha1((url or title).encode()).hexdigest()[:16]


def item_from_entry(entry: Mapping[str, Any], source: str) -> NewsItem | None:
    """One feed entry ({title, link, summary, published}) as a news item; None without a title."""
    title = plain_text(entry.get("title"), TITLE_MAX)
    if not title:
        return None
    url = http_url_or_empty(entry.get("link"))
    published = entry.get("published")
    if not isinstance(published, datetime):
        published = None
    elif published.tzinfo is None:
        published = published.replace(tzinfo=UTC)
    return NewsItem(
        id=_item_id(url, title),
        title=title,
        date=format_date(published),
        summary=plain_text(entry.get("summary"), SUMMARY_MAX),
        source=plain_text(source, SOURCE_MAX) or "News",
        url=url,
        published=published,
    )


def _title_key(title: str) -> str:
    return _NON_WORD.sub(" ", title.lower()).strip()


def deduplicate(items: Iterable[NewsItem]) -> list[NewsItem]:
    """Drop repeats: the same link, or the same title (feeds often syndicate each other)."""
    seen_urls: set[str] = set()
    seen_titles: set[str] = set()
    out: list[NewsItem] = []
    for item in items:
        url_key = item.url.lower().rstrip("/")
        title_key = _title_key(item.title)
        if (url_key and url_key in seen_urls) or title_key in seen_titles:
            continue
        if url_key:
            seen_urls.add(url_key)
        seen_titles.add(title_key)
        out.append(item)
    return out


def newest_first(items: Iterable[NewsItem]) -> list[NewsItem]:
    """Dated items newest first, then undated ones in feed order."""
    items = list(items)
    dated = sorted((i for i in items if i.published), key=lambda i: i.published, reverse=True)  # type: ignore[arg-type, return-value]
    return dated + [i for i in items if not i.published]


def build_digest(
    feeds: Iterable[tuple[str, Iterable[Mapping[str, Any]]]], limit: int = EXTENDED
) -> list[NewsItem]:
    """Items from every (source name, entries) pair: cleaned, de-duplicated, newest first."""
    items = [
        item
        for source, entries in feeds
        for entry in entries
        if (item := item_from_entry(entry, source)) is not None
    ]
    return newest_first(deduplicate(newest_first(items)))[: max(0, limit)]


def clamp_limit(limit: Any, extended: bool) -> int:
    """The spec's sizes: 25 for the full list, 6 for highlights; never more than 25."""
    default = EXTENDED if extended else HIGHLIGHTS
    if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
        return default
    return min(limit, EXTENDED)


_SAMPLES: tuple[tuple[str, str], ...] = (
    (
        "Seed investors favour smaller rounds with clear milestones",
        "Founders report that early-stage investors ask for tighter plans: what the money "
        "buys, which milestone it reaches and how long the runway lasts.",
    ),
    (
        "AI tooling cuts the cost of building a first product",
        "Small teams ship prototypes in weeks using hosted models and open-source tools, "
        "shifting the hard part from building to finding customers.",
    ),
    (
        "Usage-based pricing keeps spreading among software startups",
        "More young companies charge by what customers use, which lowers the first purchase "
        "but makes revenue harder to forecast.",
    ),
    (
        "Founders return to profitability as a goal from day one",
        "Default-alive plans, where revenue covers costs before the cash runs out, are a "
        "common topic in founder communities this year.",
    ),
    (
        "Community-led growth beats paid ads for early traction",
        "Startups that help in the forums where their users gather see cheaper sign-ups than "
        "those relying on paid campaigns.",
    ),
    (
        "Remote-first teams formalise how they write things down",
        "Decision logs, written weekly updates and recorded demos help distributed teams keep "
        "pace without more meetings.",
    ),
    (
        "Regulators publish clearer guidance for consumer data",
        "New guidance on consent and data retention gives startups a checklist to follow "
        "before launching in new markets.",
    ),
    (
        "Angel syndicates open doors for first-time founders",
        "Groups of angels investing together write larger first cheques and bring a wider "
        "network of introductions.",
    ),
)


def sample_digest(now: datetime, limit: int = EXTENDED) -> list[NewsItem]:
    """The built-in sample items (no links), dated over the last days; labelled as samples."""
    out = []
    for index, (title, summary) in enumerate(_SAMPLES[: max(0, limit)]):
        published = now - timedelta(days=index)
        out.append(
            NewsItem(
                id=f"sample-{index + 1}",
                title=title,
                date=format_date(published),
                summary=summary,
                source=f"{SAMPLE_LABEL} digest",
                url="",
                published=published,
            )
        )
    return out
