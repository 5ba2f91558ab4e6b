"""The Daily Startup Digest of the hub (P-HUB-4), a mixin of SolutionsState: six highlights,
live from the configured feeds or the labelled sample, and the View All Trends dialog's longer
list."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from startup_toolkit.domain import news as news_rules
from startup_toolkit.pages.solutions.toasts import NEWS_TOAST_ID, toast
from startup_toolkit.services import news as news_service

log = logging.getLogger(__name__)

NOT_CONFIGURED_NOTE = "Live news is not configured."


def _note(reply: news_service.NewsReply) -> str:
    """What the digest says above a list that is not live."""
    if reply.live:
        return ""
    if not reply.data:
        return news_rules.LIVE_FAILED
    if reply.configured:
        return f"{news_rules.LOAD_FAILED}. {news_rules.USING_SAMPLE}."
    return f"{NOT_CONFIGURED_NOTE} {news_rules.USING_SAMPLE}."


@dataclasses.dataclass
class Digest:
    """The digest's highlights: live from the feeds or the sample, and what it says when not."""

    news: list[news_rules.NewsItem] = dataclasses.field(default_factory=list)
    live: bool = False
    note: str = ""


@dataclasses.dataclass
class Trends:
    """The View All Trends dialog's longer list, or why it could not load."""

    news: list[news_rules.NewsItem] = dataclasses.field(default_factory=list)
    error: str = ""


class DigestMixin(rx.State, mixin=True):
    """The digest's highlights and the trends dialog (the dialog opens in the browser; its
    button loads the list), as a part of the hub's State (one state less for every snapshot
    a reconnecting tab receives)."""

    digest: Digest | None = None  # None until loaded
    news_loading: bool = False
    trends: Trends | None = None  # None until View All Trends loads it
    trends_loading: bool = False

    @rx.event(background=True)
    async def load_digest(self, force: bool = False):
        """The 6 highlights; toasts say whether they are live or the sample."""
        async with self:
            if self.news_loading:
                return
            self.news_loading = True
            was_live = self.digest is not None and self.digest.live
        try:
            reply = await news_service.fetch_startup_news(
                news_rules.HIGHLIGHTS, False, force=force is True
            )
        except Exception:
            log.exception("Loading the digest failed")
            reply = news_service.NewsReply(
                success=False,
                data=[],
                source=news_rules.SOURCE_SAMPLE,
                error=news_rules.LIVE_FAILED,
                configured=True,
            )
        async with self:
            self.digest = Digest(list(reply.data), reply.live, _note(reply))
            self.news_loading = False
        if reply.live and not was_live:
            yield toast(
                "success",
                news_rules.LIVE_TOAST,
                "The digest shows today's headlines.",
                NEWS_TOAST_ID,
            )
        elif not reply.live and reply.configured:
            yield toast("error", reply.error or news_rules.LOAD_FAILED, news_rules.USING_SAMPLE)

    @rx.event(background=True)
    async def load_trends(self):
        """The full list (25 items) for the View All Trends dialog."""
        async with self:
            if self.trends_loading:
                return
            self.trends_loading = True
            if self.trends is not None:
                self.trends.error = ""
        try:
            reply = await news_service.fetch_startup_news(news_rules.EXTENDED, True)
            rows, error = list(reply.data), ""
        except Exception:
            log.exception("Loading all trends failed")
            rows, error = [], news_rules.TRENDS_FAILED
        async with self:
            self.trends = Trends(rows, error)
            self.trends_loading = False
        if error:
            yield toast("error", error)
