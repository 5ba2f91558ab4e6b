"""/solutions: the Solutions Hub, a library of articles, videos and documents with the live
Daily Startup Digest (public; saving and generating need a signed-in founder).

Checklist: P-HUB-1 (category buttons, tabs, search, sort), P-HUB-2 (filters, empty state with
reset), P-HUB-3 (Quick Tips, client-side in assets/js/tips.js), P-HUB-4 (digest, LIVE, View All
Trends, toasts), P-HUB-5 (Popular Resources), P-HUB-6 (video player), P-HUB-7 (resource
dialog: table of contents, markdown, Save to dashboard, Generate content), P-HUB-8
(document-style generator).

A video plays full screen: its own file (`video_file_url`) in the browser's player, else a
YouTube, Vimeo or Loom page (`video_url`) in a sandboxed frame; any other address is only
linked ('Watch', in a new tab) and a video with no address opens its outline. Markdown is
rendered without HTML or images, with http(s) links only.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.markdown import safe_markdown
from startup_toolkit.components.theme import HEADING_FONT, card_style, gradient_text
from startup_toolkit.components.tool_layout import tab_list
from startup_toolkit.db import run_in_session
from startup_toolkit.domain import news as news_rules
from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.ai_request import STREAM_FLUSH_SECONDS
from startup_toolkit.domain.urls import http_url_or_empty
from startup_toolkit.models.resources import Resource
from startup_toolkit.services import ai
from startup_toolkit.services import news as news_service
from startup_toolkit.services import resources as library
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.tools import may_use_tools, while_ticking

log = logging.getLogger(__name__)

ROUTE = "/solutions"
TOAST_ID = "solutions-status"
NEWS_TOAST_ID = "solutions-news"
NOT_CONFIGURED_NOTE = "Live news is not configured."
SIGN_IN_TO_GENERATE = "Please log in to generate content"
NO_ACCESS = "A subscription is needed to generate content"
LOAD_LIBRARY_FAILED = "Failed to load resources. Please try again later."


@dataclasses.dataclass
class ResourceCard:
    id: int = 0
    title: str = ""
    description: str = ""
    type: str = ""
    category: str = ""
    popular: bool = False
    file_size: str = ""
    icon: str = "file-text"
    gradient: str = ""
    minutes: int = 1
    playable: bool = False  # a video that opens in the player


@dataclasses.dataclass
class NewsRow:
    id: str = ""
    title: str = ""
    date: str = ""
    summary: str = ""
    source: str = ""
    url: str = ""


@dataclasses.dataclass
class TocRow:
    index: int = 0
    level: int = 2
    text: str = ""


def _card(row: Resource) -> ResourceCard:
    return ResourceCard(
        id=row.id or 0,
        title=row.title,
        description=row.description,
        type=row.type,
        category=row.category,
        popular=row.popular,
        file_size=row.file_size,
        icon=rules.TYPE_ICONS.get(row.type, "file-text"),
        gradient=rules.TYPE_GRADIENTS.get(row.type, rules.TYPE_GRADIENTS["Article"]),
        minutes=rules.reading_minutes(row.content),
        playable=bool(rules.video_player(row.type, row.video_file_url, row.video_url)[0]),
    )


def _news_row(item: news_rules.NewsItem) -> NewsRow:
    return NewsRow(
        id=item.id,
        title=item.title,
        date=item.date,
        summary=item.summary,
        source=item.source,
        url=item.url,
    )


def _toc(markdown: str) -> list[TocRow]:
    return [
        TocRow(index=i, level=h.level, text=h.text)
        for i, h in enumerate(rules.table_of_contents(markdown))
    ]


def _toast(level: str, title: str, description: str = "", toast_id: str = TOAST_ID) -> EventSpec:
    return rx.toast(title, level=level, description=description, id=toast_id)


class SolutionsState(rx.State):
    """The hub: library, filters, the open resource and the digest."""

    resources: list[ResourceCard] = []
    library_loaded: bool = False
    library_error: str = ""

    tab: str = "all"
    category: str = rules.ALL
    type_filter: str = rules.ALL
    query: str = ""
    sort: str = rules.SORT_NEWEST
    filters_open: bool = False

    detail_open: bool = False
    detail_id: int = 0
    detail_title: str = ""
    detail_type: str = ""
    detail_category: str = ""
    detail_description: str = ""
    detail_content: str = ""
    detail_watch_url: str = ""
    detail_download_url: str = ""
    detail_file_size: str = ""
    detail_sample: bool = False
    toc: list[TocRow] = []
    toc_open: bool = True
    content_loading: bool = False
    content_error: str = ""
    saving: bool = False
    generating: bool = False
    generated_text: str = ""  # the new content as the model writes it

    player_open: bool = False
    player_kind: str = ""  # "file": the native player; "embed": the video page in a frame
    player_src: str = ""
    player_title: str = ""
    player_resource_id: int = 0

    news: list[NewsRow] = []
    news_loading: bool = False
    news_live: bool = False
    news_note: str = ""
    trends_open: bool = False
    trends: list[NewsRow] = []
    trends_loading: bool = False
    trends_error: str = ""

    # ------------------------------------------------------------------ computed

    @rx.var
    def visible(self) -> list[ResourceCard]:
        """The cards the grid shows for the tab, filters, search and sort."""
        return rules.filter_resources(
            self.resources,
            tab=self.tab,
            category=self.category,
            type_=self.type_filter,
            query=self.query,
            sort=self.sort,
        )

    @rx.var
    def popular(self) -> list[ResourceCard]:
        return rules.popular_resources(self.resources)

    @rx.var
    def filters_active(self) -> bool:
        return bool(
            self.tab != "all"
            or self.category != rules.ALL
            or self.type_filter != rules.ALL
            or self.query.strip()
        )

    # ------------------------------------------------------------------ loading

    @rx.event
    async def on_load(self):
        """Load the library, open a resource named in the address, start the digest."""
        try:
            rows = await asyncio.to_thread(run_in_session, library.list_resources)
            self.resources = [_card(r) for r in rows]
            self.library_error = ""
        except Exception:
            log.exception("Loading the resource library failed")
            self.library_error = LOAD_LIBRARY_FAILED
        self.library_loaded = True
        requested = self.router.url.query_parameters.get("resource", "")
        if isinstance(requested, str) and requested.isdigit():
            yield SolutionsState.open_resource(int(requested))
        yield SolutionsState.load_digest(False)

    # ------------------------------------------------------------------ filters

    @rx.event
    def set_tab(self, value: str) -> None:
        self.tab = rules.clean_choice(value, rules.TAB_TYPES, "all")

    @rx.event
    def set_query(self, value: str) -> None:
        self.query = rules.clean_query(value)

    @rx.event
    def set_sort(self, value: str) -> None:
        self.sort = rules.clean_choice(value, rules.SORT_VALUES, rules.SORT_NEWEST)

    @rx.event
    def set_category(self, value: str) -> None:
        self.category = rules.clean_choice(value, (rules.ALL, *rules.CATEGORIES))

    @rx.event
    def toggle_category(self, value: str) -> None:
        """A category button: select it, or go back to All when it is already selected."""
        value = rules.clean_choice(value, rules.CATEGORIES)
        self.category = rules.ALL if value == self.category else value

    @rx.event
    def set_type_filter(self, value: str) -> None:
        self.type_filter = rules.clean_choice(value, (rules.ALL, *rules.TYPES))

    @rx.event
    def toggle_filters(self) -> None:
        self.filters_open = not self.filters_open

    @rx.event
    def reset_filters(self) -> None:
        self.tab = "all"
        self.category = rules.ALL
        self.type_filter = rules.ALL
        self.query = ""
        self.sort = rules.SORT_NEWEST

    # ------------------------------------------------------------------ resource dialog

    def _clear_detail(self) -> None:
        self.detail_id = 0
        self.detail_title = self.detail_type = self.detail_category = ""
        self.detail_description = self.detail_content = ""
        self.detail_watch_url = self.detail_download_url = self.detail_file_size = ""
        self.detail_sample = False
        self.toc = []
        self.content_error = ""

    @rx.event
    async def open_resource(self, resource_id: int):
        """P-HUB-6/7: a video with a file or a known video page opens the full-screen player;
        anything else the detail dialog (content loaded from the library)."""
        async for update in self._open(resource_id, play=True):
            yield update

    @rx.event
    async def show_details(self):
        """From the player: the video's outline, Save to dashboard and Generate content."""
        resource_id = self.player_resource_id
        self.close_player()
        async for update in self._open(resource_id, play=False):
            yield update

    @rx.event
    def set_player_open(self, value: bool) -> None:
        if not value:
            self.close_player()

    @rx.event
    def close_player(self) -> None:
        self.player_open = False
        self.player_kind = self.player_src = self.player_title = ""
        self.player_resource_id = 0

    async def _open(self, resource_id: Any, *, play: bool) -> AsyncIterator[None]:
        """Load the resource (the dialog shows a spinner meanwhile), then show it: in the
        player when `play` and it is a playable video, else in the detail dialog."""
        if isinstance(resource_id, bool) or not isinstance(resource_id, int):
            return
        self._clear_detail()
        # A video known to play goes straight to the player: no dialog flashes up first.
        if not (play and any(c.id == resource_id and c.playable for c in self.resources)):
            self.detail_open = True
            self.content_loading = True
        yield
        try:
            row = await asyncio.to_thread(run_in_session, library.get_resource, resource_id)
        except library.ResourceNotFound:
            self.detail_open = False
            self.content_loading = False
            return
        except Exception:
            log.exception("Loading resource %s failed", resource_id)
            self.content_loading = False
            self.content_error = rules.CONTENT_FAILED
            return
        kind, src = rules.video_player(row.type, row.video_file_url, row.video_url)
        if play and kind:
            self.detail_open = False
            self.content_loading = False
            self.player_kind, self.player_src = kind, src
            self.player_title = row.title
            self.player_resource_id = row.id or 0
            self.player_open = True
            return
        self.detail_id = row.id or 0
        self.detail_title = row.title
        self.detail_type = row.type
        self.detail_category = row.category
        self.detail_description = row.description
        self.detail_content = row.content
        self.detail_watch_url = http_url_or_empty(row.video_url) or (
            http_url_or_empty(row.url) if row.type == "Video" else ""
        )
        self.detail_download_url = http_url_or_empty(row.download_url)
        self.detail_file_size = row.file_size
        self.toc = _toc(row.content)
        self.content_loading = False
        if not row.content.strip():
            self.content_error = rules.CONTENT_FAILED

    @rx.event
    def set_detail_open(self, value: bool) -> None:
        if not value and not self.generating:
            self.detail_open = False
            self._clear_detail()

    @rx.event
    def close_detail(self) -> None:
        self.set_detail_open(False)

    @rx.event
    def toggle_toc(self) -> None:
        self.toc_open = not self.toc_open

    @rx.event
    async def save_to_dashboard(self):
        """Save the open resource to the signed-in founder's documents."""
        if self.saving or not self.detail_id:
            return
        user_id = await signed_in_user_id(self)
        if not user_id:
            yield _toast("error", rules.SAVE_SIGN_IN)
            return
        self.saving = True
        yield
        try:
            outcome = await asyncio.to_thread(
                run_in_session, library.save_resource, user_id, self.detail_id
            )
        except Exception:
            log.exception("Saving resource %s failed", self.detail_id)
            self.saving = False
            yield _toast("error", rules.SAVE_FAILED)
            return
        self.saving = False
        note = "It is in your dashboard's documents." if outcome.created else "Already saved."
        yield _toast("success", rules.SAVED, note)

    @rx.event(background=True)
    async def generate_content(self):
        """Write long-form content for the open resource (document-style generator)."""
        async with self:
            if self.generating or not self.detail_id:
                return
            resource_id = self.detail_id
            title, kind = self.detail_title, self.detail_type or "Article"
            user_id = await signed_in_user_id(self)
        failed = library.GENERATE_FAILED.format(type=kind.lower())
        if not user_id:
            yield _toast("error", SIGN_IN_TO_GENERATE)
            return
        if not await may_use_tools(user_id):
            yield _toast("error", NO_ACCESS, "See the pricing page for plans.")
            return
        async with self:
            self.generating = True
            self.generated_text = ""
        latest = ""

        async def collect(text: str) -> None:
            nonlocal latest
            latest = text

        def advance(_elapsed: float) -> bool:
            """Show what is written so far (at most 20 updates a second)."""
            if not self.generating or self.detail_id != resource_id:
                return False
            if self.generated_text != latest:
                self.generated_text = latest
            return True

        try:
            row = await asyncio.to_thread(run_in_session, library.get_resource, resource_id)
            result = await while_ticking(
                self,
                library.generate_content(user_id, title, kind, row.content, collect),
                advance,
                STREAM_FLUSH_SECONDS,
            )
        except ai.AiError as exc:
            log.warning("Generating content failed: %s", exc.message)
            result = None
        except Exception:
            log.exception("Generating content failed")
            result = None
        async with self:
            self.generating = False
            self.generated_text = ""
            current = self.detail_id == resource_id
            if result is not None and current:
                self.detail_content = result.text
                self.detail_sample = result.sample
                self.toc = _toc(result.text)
                self.content_error = ""
        if result is None:
            yield _toast("error", failed)
            return
        if not current:
            return
        yield _toast(
            "success",
            "Sample content shown" if result.sample else "Content generated",
            library.DEMO_NOTE if result.sample else "",
        )

    # ------------------------------------------------------------------ digest

    @rx.event(background=True)
    async def load_digest(self, force: bool = False):
        """The 6 highlights; toasts say whether they are live or the sample."""
        async with self:
            if self.news_loading:
                return
            self.news_loading = True
            was_live = self.news_live
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
            self.news = [_news_row(i) for i in reply.data]
            self.news_live = reply.live
            self.news_loading = False
            if reply.live:
                self.news_note = ""
            elif not reply.data:
                self.news_note = news_rules.LIVE_FAILED
            elif reply.configured:
                self.news_note = f"{news_rules.LOAD_FAILED}. {news_rules.USING_SAMPLE}."
            else:
                self.news_note = f"{NOT_CONFIGURED_NOTE} {news_rules.USING_SAMPLE}."
        if reply.live and not was_live:
            yield _toast(
                "success",
                news_rules.LIVE_TOAST,
                "The digest shows today's headlines.",
                NEWS_TOAST_ID,
            )
        elif not reply.live and reply.configured:
            yield _toast("error", reply.error or news_rules.LOAD_FAILED, news_rules.USING_SAMPLE)

    @rx.event
    def refresh_digest(self) -> EventSpec:
        return SolutionsState.load_digest(True)

    @rx.event
    def set_trends_open(self, value: bool):
        self.trends_open = value is True
        if self.trends_open:
            return SolutionsState.load_trends

    @rx.event(background=True)
    async def load_trends(self):
        """The full list (25 items) for the View All Trends dialog."""
        async with self:
            if self.trends_loading:
                return
            self.trends_loading = True
            self.trends_error = ""
        try:
            reply = await news_service.fetch_startup_news(news_rules.EXTENDED, True)
            rows, error = [_news_row(i) for i in reply.data], ""
        except Exception:
            log.exception("Loading all trends failed")
            rows, error = [], news_rules.TRENDS_FAILED
        async with self:
            self.trends = rows
            self.trends_error = error
            self.trends_loading = False
        if error:
            yield _toast("error", error)


S = SolutionsState


# ====================================================================== components

_label_style: dict[str, Any] = {
    "font_size": "var(--font-size-1)",
    "font_weight": "500",
    "color": "var(--gray-11)",
}
_select_style: dict[str, Any] = {
    "appearance": "auto",
    "height": "var(--space-7)",
    "padding": "0 0.6rem",
    "border_radius": "var(--radius-3)",
    "border": "1px solid var(--gray-a7)",
    "background": "var(--color-surface)",
    "color": "var(--gray-12)",
    "font_size": "var(--font-size-2)",
    "width": "100%",
    "min_width": "0",
}


def _native_select(
    select_id: str, label: str, value: rx.Var, on_change: Any, options: list[tuple[str, str]]
) -> rx.Component:
    return rx.vstack(
        rx.el.label(label, html_for=select_id, style=_label_style),
        rx.el.select(
            *[rx.el.option(text, value=val) for val, text in options],
            id=select_id,
            value=value,
            on_change=on_change,
            style=_select_style,
        ),
        spacing="1",
        width="100%",
        min_width="0",
    )


def _hero() -> rx.Component:
    return rx.vstack(
        rx.badge(
            rx.icon("book-open", size=14), "Solutions Hub", size="2", variant="soft", radius="full"
        ),
        rx.heading(
            "Answers for every ",
            rx.el.span("startup stage", style=gradient_text),
            as_="h1",
            size=rx.breakpoints(initial="8", md="9"),
            style={"font_family": HEADING_FONT, "letter_spacing": "-0.03em"},
        ),
        rx.text(
            "Guides, templates and short videos on finance, growth, marketing, product, "
            "fundraising and legal basics, plus a daily digest of startup news.",
            size=rx.breakpoints(initial="3", md="4"),
            color="var(--gray-11)",
            max_width="42rem",
        ),
        rx.flex(
            *[
                rx.button(
                    rx.icon(icon, size=14),
                    name,
                    variant=rx.cond(S.category == name, "solid", "soft"),
                    aria_pressed=rx.cond(S.category == name, "true", "false"),
                    on_click=S.toggle_category(name),
                    size="2",
                    radius="full",
                    class_name="hub-category",
                )
                for name, icon in zip(
                    rules.CATEGORIES,
                    ("wallet", "trending-up", "megaphone", "box", "hand-coins", "scale"),
                    strict=True,
                )
            ],
            wrap="wrap",
            gap="0.5rem",
            id="hub-categories",
            role="group",
            aria_label="Categories",
        ),
        spacing="4",
        align="start",
        padding_bottom="2rem",
    )


def _toolbar() -> rx.Component:
    return rx.vstack(
        rx.tabs.root(
            tab_list(
                *[
                    rx.tabs.trigger(label, value=value, id=f"hub-tab-{value}")
                    for value, label, _ in rules.TABS
                ]
            ),
            value=S.tab,
            on_change=S.set_tab,
            width="100%",
        ),
        rx.flex(
            rx.vstack(
                rx.el.label("Search", html_for="hub-search", style=_label_style),
                rx.input(
                    rx.input.slot(rx.icon("search", size=16)),
                    id="hub-search",
                    placeholder="Search solutions...",
                    value=S.query,
                    on_change=S.set_query.debounce(250),
                    type="search",
                    max_length=rules.QUERY_MAX,
                    width="100%",
                    size="2",
                ),
                spacing="1",
                flex="1",
                min_width="0",
                width="100%",
            ),
            rx.box(
                _native_select("hub-sort", "Sort by", S.sort, S.set_sort, [*rules.SORTS]),
                width=rx.breakpoints(initial="100%", sm="11rem"),
            ),
            rx.box(
                rx.button(
                    rx.icon("sliders-horizontal", size=16),
                    "Filters",
                    variant=rx.cond(S.filters_open, "solid", "soft"),
                    on_click=S.toggle_filters,
                    aria_expanded=rx.cond(S.filters_open, "true", "false"),
                    aria_controls="hub-filters",
                    id="hub-filters-toggle",
                    size="2",
                    width=rx.breakpoints(initial="100%", sm="auto"),
                ),
                align_self="end",
                width=rx.breakpoints(initial="100%", sm="auto"),
            ),
            direction=rx.breakpoints(initial="column", sm="row"),
            gap="0.75rem",
            width="100%",
            align=rx.breakpoints(initial="stretch", sm="end"),
        ),
        rx.cond(
            S.filters_open,
            rx.grid(
                _native_select(
                    "hub-filter-category",
                    "Category",
                    S.category,
                    S.set_category,
                    [(rules.ALL, "All categories"), *[(c, c) for c in rules.CATEGORIES]],
                ),
                _native_select(
                    "hub-filter-type",
                    "Type",
                    S.type_filter,
                    S.set_type_filter,
                    [(rules.ALL, "All types"), *[(t, t) for t in rules.TYPES]],
                ),
                columns=rx.breakpoints(initial="1", sm="2"),
                gap="0.75rem",
                width="100%",
                id="hub-filters",
                style={**card_style, "padding": "1rem"},
            ),
        ),
        spacing="3",
        width="100%",
    )


def _type_badge(kind: rx.Var) -> rx.Component:
    return rx.badge(
        kind,
        color_scheme=rx.match(kind, ("Video", "crimson"), ("Document", "teal"), "violet"),
        variant="soft",
        size="1",
    )


def _resource_card(card: rx.Var) -> rx.Component:
    return rx.el.button(
        rx.center(
            rx.icon(card.icon, size=36, color="white"),
            height="7rem",
            width="100%",
            background=card.gradient,
            border_radius="var(--radius-4) var(--radius-4) 0 0",
            aria_hidden="true",
        ),
        rx.vstack(
            rx.hstack(
                _type_badge(card.type),
                rx.badge(card.category, variant="outline", size="1", color_scheme="gray"),
                rx.cond(
                    card.popular,
                    rx.badge(rx.icon("star", size=12), "Popular", color_scheme="amber", size="1"),
                ),
                spacing="2",
                wrap="wrap",
            ),
            rx.heading(card.title, as_="h3", size="3", style={"font_family": HEADING_FONT}),
            rx.text(card.description, size="2", color="var(--gray-11)"),
            rx.text(
                rx.cond(
                    card.playable,
                    "Watch the video",
                    rx.cond(
                        card.type == "Video",
                        rx.fragment(card.minutes.to_string(), " min read of the outline"),
                        rx.fragment(card.minutes.to_string(), " min read"),
                    ),
                ),
                size="1",
                color="var(--gray-10)",
            ),
            spacing="2",
            align="start",
            padding="1rem",
            width="100%",
        ),
        on_click=S.open_resource(card.id),
        class_name="hub-card",
        data_resource_id=card.id,
        aria_label=card.title,
        type="button",
        style={
            "display": "flex",
            "flex_direction": "column",
            "text_align": "left",
            "padding": "0",
            "cursor": "pointer",
            "color": "inherit",
            "font": "inherit",
            "width": "100%",
            "min_width": "0",
            "background": "var(--gray-a2)",
            "border": "1px solid var(--gray-a5)",
            "border_radius": "var(--radius-4)",
            "transition": "border-color 150ms, transform 150ms",
            "&:hover": {"border_color": "var(--accent-8)"},
            "&:focus-visible": {"outline": "2px solid var(--accent-9)", "outline_offset": "2px"},
        },
    )


def _empty_state() -> rx.Component:
    return rx.vstack(
        rx.icon("search-x", size=36, color="var(--gray-10)"),
        rx.heading("No resources found", as_="h3", size="4"),
        rx.text("Try another search word or clear the filters.", color="var(--gray-11)"),
        rx.button(
            rx.icon("rotate-ccw", size=16),
            "Reset filters",
            on_click=S.reset_filters,
            id="hub-reset",
            variant="soft",
        ),
        id="hub-empty",
        align="center",
        spacing="3",
        padding_y="3rem",
        width="100%",
        style=card_style,
    )


def _library() -> rx.Component:
    return rx.vstack(
        _toolbar(),
        rx.hstack(
            rx.text(
                S.visible.length().to_string(),
                rx.cond(S.visible.length() == 1, " resource", " resources"),
                size="2",
                color="var(--gray-11)",
                id="hub-count",
                aria_live="polite",
            ),
            rx.spacer(),
            rx.cond(
                S.filters_active,
                rx.button("Clear all", variant="ghost", size="1", on_click=S.reset_filters),
            ),
            width="100%",
            align="center",
        ),
        rx.cond(
            S.library_error != "",
            rx.callout(S.library_error, icon="triangle-alert", color_scheme="red", width="100%"),
            rx.cond(
                ~S.library_loaded,
                rx.center(rx.spinner(size="3"), padding="3rem", width="100%"),
                rx.cond(
                    S.visible.length() > 0,
                    rx.grid(
                        rx.foreach(S.visible, _resource_card),
                        columns=rx.breakpoints(initial="1", sm="2", lg="2", xl="3"),
                        gap="1rem",
                        width="100%",
                        id="hub-grid",
                    ),
                    _empty_state(),
                ),
            ),
        ),
        spacing="3",
        width="100%",
        min_width="0",
    )


# ---------------------------------------------------------------------- side column


def _side_card(*children: rx.Component, **props: Any) -> rx.Component:
    return rx.vstack(
        *children,
        spacing="3",
        width="100%",
        style={**card_style, "padding": "1.25rem"},
        **props,
    )


def _side_title(icon: str, text: str, *extra: rx.Component) -> rx.Component:
    return rx.hstack(
        rx.icon(icon, size=18, color="var(--accent-11)"),
        rx.heading(text, as_="h2", size="3", style={"font_family": HEADING_FONT}),
        *extra,
        spacing="2",
        align="center",
        width="100%",
    )


def _tips() -> rx.Component:
    """P-HUB-3: every tip is in the page; assets/js/tips.js shows one at a time."""
    count = len(rules.TIPS)
    return _side_card(
        _side_title("lightbulb", "Quick Tips"),
        rx.box(
            *[
                rx.el.p(
                    tip,
                    data_tip=str(i),
                    hidden=i != 0,
                    class_name="hub-tip",
                    style={"margin": "0", "font_size": "var(--font-size-2)"},
                )
                for i, tip in enumerate(rules.TIPS)
            ],
            # Announced only after a dot click (tips.js); automatic rotation stays quiet.
            aria_live="off",
            data_tip_list="",
            min_height="3.2rem",
        ),
        rx.hstack(
            *[
                rx.el.button(
                    data_tip_dot=str(i),
                    aria_label=f"Show tip {i + 1} of {count}",
                    aria_current="true" if i == 0 else "false",
                    type="button",
                    class_name="hub-tip-dot",
                )
                for i in range(count)
            ],
            spacing="1",
            role="group",
            aria_label="Choose a tip",
        ),
        id="hub-tips",
        data_tips="",
        data_tip_seconds=str(rules.TIP_SECONDS),
    )


def _news_item(item: rx.Var, compact: bool) -> rx.Component:
    body = rx.vstack(
        rx.text(item.title, weight="medium", size="2", class_name="hub-news-title"),
        rx.hstack(
            rx.text(item.source, size="1", color="var(--accent-11)"),
            rx.cond(item.date != "", rx.text("·", size="1", color="var(--gray-10)")),
            rx.text(item.date, size="1", color="var(--gray-10)"),
            spacing="1",
            wrap="wrap",
        ),
        rx.text(
            item.summary,
            size="1",
            color="var(--gray-11)",
            style={"-webkit-line-clamp": "3" if compact else "6"},
            class_name="hub-news-summary",
        ),
        spacing="1",
        align="start",
        width="100%",
    )
    return rx.cond(
        item.url != "",
        rx.el.a(
            body,
            href=item.url,
            target="_blank",
            rel="noopener noreferrer nofollow",
            class_name="hub-news-item",
        ),
        rx.box(body, class_name="hub-news-item"),
    )


def _live_badge() -> rx.Component:
    return rx.cond(
        S.news_live,
        rx.badge(
            rx.box(class_name="hub-live-dot"),
            "LIVE",
            color_scheme="red",
            variant="solid",
            size="1",
            id="digest-live",
        ),
        rx.badge(
            news_rules.SAMPLE_LABEL,
            color_scheme="gray",
            variant="soft",
            size="1",
            id="digest-sample",
        ),
    )


def _digest() -> rx.Component:
    return _side_card(
        _side_title(
            "newspaper",
            "Daily Startup Digest",
            rx.spacer(),
            _live_badge(),
            rx.icon_button(
                rx.icon("refresh-cw", size=14),
                on_click=S.refresh_digest,
                variant="ghost",
                size="1",
                aria_label="Refresh the digest",
                id="digest-refresh",
                disabled=S.news_loading,
            ),
        ),
        rx.cond(
            S.news_loading & (S.news.length() == 0),
            rx.center(rx.spinner(size="3"), padding="1.5rem", width="100%", id="digest-spinner"),
            rx.vstack(
                rx.cond(
                    S.news_note != "",
                    rx.text(S.news_note, size="1", color="var(--amber-11)", id="digest-note"),
                ),
                rx.foreach(S.news, lambda item: _news_item(item, True)),
                spacing="2",
                width="100%",
                id="digest-items",
                aria_busy=rx.cond(S.news_loading, "true", "false"),
            ),
        ),
        rx.button(
            "View All Trends",
            rx.icon("arrow-right", size=14),
            on_click=S.set_trends_open(True),
            variant="soft",
            width="100%",
            id="digest-all",
        ),
        id="hub-digest",
    )


def _trends_dialog() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.hstack(
                rx.dialog.title("Startup Trends", margin="0"),
                _live_badge(),
                rx.spacer(),
                rx.dialog.close(
                    rx.icon_button(
                        rx.icon("x", size=16),
                        variant="ghost",
                        color_scheme="gray",
                        aria_label="Close",
                    )
                ),
                align="center",
                width="100%",
            ),
            rx.dialog.description(
                "The latest startup news from the digest's sources.",
                size="2",
                color="var(--gray-11)",
                margin_bottom="1rem",
            ),
            rx.cond(
                S.trends_loading,
                rx.center(rx.spinner(size="3"), padding="2rem"),
                rx.cond(
                    S.trends_error != "",
                    rx.text(S.trends_error, color="var(--red-11)"),
                    rx.vstack(
                        rx.foreach(S.trends, lambda item: _news_item(item, False)),
                        spacing="2",
                        width="100%",
                        id="trends-items",
                    ),
                ),
            ),
            max_width="40rem",
            width="calc(100vw - 2rem)",
        ),
        open=S.trends_open,
        on_open_change=S.set_trends_open,
    )


def _popular_item(card: rx.Var) -> rx.Component:
    return rx.el.button(
        rx.center(
            rx.icon(card.icon, size=18, color="white"),
            width="2.75rem",
            height="2.75rem",
            flex_shrink="0",
            border_radius="var(--radius-3)",
            background=card.gradient,
            aria_hidden="true",
        ),
        rx.vstack(
            _type_badge(card.type),
            rx.text(card.title, size="2", weight="medium"),
            spacing="1",
            align="start",
            min_width="0",
        ),
        on_click=S.open_resource(card.id),
        type="button",
        class_name="hub-popular",
        style={
            "display": "flex",
            "gap": "0.75rem",
            "align_items": "center",
            "text_align": "left",
            "width": "100%",
            "padding": "0.4rem",
            "border_radius": "var(--radius-3)",
            "background": "transparent",
            "border": "none",
            "color": "inherit",
            "cursor": "pointer",
            "&:hover": {"background": "var(--gray-a3)"},
            "&:focus-visible": {"outline": "2px solid var(--accent-9)"},
        },
    )


def _popular() -> rx.Component:
    return _side_card(
        _side_title("star", "Popular Resources"),
        rx.vstack(rx.foreach(S.popular, _popular_item), spacing="1", width="100%"),
        id="hub-popular",
    )


# ---------------------------------------------------------------------- detail dialog


def _toc_entry(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            row.text,
            type="button",
            on_click=rx.call_script(
                "(() => { const h = document.querySelectorAll("
                "'#resource-content h2, #resource-content h3')["
                + row.index.to_string()
                + "]; if (h) { h.scrollIntoView({block: 'start'}); } })()"
            ),
            style={
                "background": "none",
                "border": "none",
                "padding": "0.15rem 0",
                "color": "var(--accent-11)",
                "cursor": "pointer",
                "text_align": "left",
                "font_size": "var(--font-size-2)",
            },
        ),
        padding_left=rx.cond(row.level == 3, "1rem", "0"),
        list_style="none",
    )


def _detail_actions() -> rx.Component:
    return rx.flex(
        rx.button(
            rx.cond(S.saving, rx.spinner(size="2"), rx.icon("bookmark-plus", size=16)),
            "Save to dashboard",
            on_click=S.save_to_dashboard,
            disabled=S.saving | S.content_loading,
            id="resource-save",
        ),
        rx.button(
            rx.cond(S.generating, rx.spinner(size="2"), rx.icon("sparkles", size=16)),
            rx.cond(S.generating, "Generating...", "Generate content"),
            on_click=S.generate_content,
            disabled=S.generating | S.content_loading,
            variant="soft",
            id="resource-generate",
        ),
        rx.cond(
            S.detail_watch_url != "",
            rx.link(
                rx.button(rx.icon("external-link", size=16), "Watch", variant="outline"),
                href=S.detail_watch_url,
                is_external=True,
                rel="noopener noreferrer",
                id="resource-watch",
            ),
        ),
        rx.cond(
            S.detail_download_url != "",
            rx.link(
                rx.button(rx.icon("download", size=16), "Download", variant="outline"),
                href=S.detail_download_url,
                is_external=True,
                rel="noopener noreferrer",
            ),
        ),
        wrap="wrap",
        gap="0.5rem",
    )


def _detail_dialog() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.hstack(
                rx.vstack(
                    rx.hstack(
                        _type_badge(S.detail_type),
                        rx.badge(S.detail_category, variant="outline", color_scheme="gray"),
                        rx.cond(
                            S.detail_file_size != "",
                            rx.text(S.detail_file_size, size="1", color="var(--gray-10)"),
                        ),
                        spacing="2",
                        align="center",
                    ),
                    rx.dialog.title(
                        rx.cond(S.detail_title != "", S.detail_title, "Loading..."),
                        margin="0",
                        style={"font_family": HEADING_FONT},
                    ),
                    spacing="2",
                    align="start",
                    min_width="0",
                ),
                rx.spacer(),
                rx.dialog.close(
                    rx.icon_button(
                        rx.icon("x", size=16),
                        variant="ghost",
                        color_scheme="gray",
                        aria_label="Close",
                        id="resource-close",
                    )
                ),
                align="start",
                width="100%",
            ),
            rx.dialog.description(S.detail_description, size="2", color="var(--gray-11)"),
            rx.box(_detail_actions(), margin_y="1rem"),
            rx.cond(
                S.detail_sample,
                rx.callout(
                    library.DEMO_NOTE,
                    icon="info",
                    color_scheme="amber",
                    size="1",
                    margin_bottom="1rem",
                    id="resource-sample",
                ),
            ),
            rx.cond(
                S.content_loading | (S.generating & (S.generated_text == "")),
                rx.center(rx.spinner(size="3"), padding="2rem", id="resource-spinner"),
                rx.cond(
                    S.generating,
                    _streaming_content(),
                    _resource_content(),
                ),
            ),
            max_width="48rem",
            width="calc(100vw - 2rem)",
            max_height="90vh",
            overflow_y="auto",
            id="resource-dialog",
        ),
        open=S.detail_open,
        on_open_change=S.set_detail_open,
    )


def _streaming_content() -> rx.Component:
    """The new content while the model writes it (P-HUB-8)."""
    return rx.vstack(
        rx.hstack(
            rx.spinner(size="1"),
            rx.text("Writing...", size="2", color="var(--gray-11)"),
            spacing="2",
            align="center",
            role="status",
        ),
        rx.box(
            safe_markdown(S.generated_text),
            class_name="hub-markdown",
            width="100%",
            min_width="0",
        ),
        spacing="3",
        width="100%",
        id="resource-streaming",
        aria_busy="true",
    )


def _resource_content() -> rx.Component:
    """The resource's content with its table of contents, or why it could not load."""
    return rx.cond(
        S.content_error != "",
        rx.text(S.content_error, color="var(--red-11)", id="resource-error"),
        rx.vstack(
            rx.cond(
                S.toc.length() > 0,
                rx.box(
                    rx.button(
                        rx.icon("list", size=14),
                        rx.cond(S.toc_open, "Hide contents", "Show contents"),
                        on_click=S.toggle_toc,
                        variant="ghost",
                        size="1",
                        aria_expanded=rx.cond(S.toc_open, "true", "false"),
                        aria_controls="resource-toc",
                        id="resource-toc-toggle",
                    ),
                    rx.cond(
                        S.toc_open,
                        rx.el.nav(
                            rx.el.ul(
                                rx.foreach(S.toc, _toc_entry),
                                style={"margin": "0.5rem 0 0", "padding": "0"},
                            ),
                            id="resource-toc",
                            aria_label="Table of contents",
                        ),
                    ),
                    style={**card_style, "padding": "0.75rem 1rem"},
                    width="100%",
                ),
            ),
            rx.box(
                safe_markdown(S.detail_content),
                id="resource-content",
                class_name="hub-markdown",
                width="100%",
                min_width="0",
            ),
            spacing="3",
            width="100%",
        ),
    )


def _player_dialog() -> rx.Component:
    """P-HUB-6: the full-screen player, native for the resource's own file, else the video
    page of YouTube (privacy-enhanced), Vimeo or Loom in a sandboxed frame."""
    return rx.dialog.root(
        rx.dialog.content(
            rx.flex(
                rx.dialog.title(
                    S.player_title,
                    size="4",
                    margin="0",
                    color="white",
                    style={"font_family": HEADING_FONT, "min_width": "0"},
                ),
                rx.dialog.description("Video player", class_name="sr-only"),
                rx.spacer(),
                rx.button(
                    rx.icon("list", size=16),
                    "Details",
                    on_click=S.show_details,
                    variant="soft",
                    color_scheme="gray",
                    id="player-details",
                ),
                rx.dialog.close(
                    rx.icon_button(
                        rx.icon("x", size=18),
                        variant="soft",
                        color_scheme="gray",
                        aria_label="Close video",
                        id="player-close",
                    )
                ),
                align="center",
                gap="0.75rem",
                padding="0.75rem 1rem",
                width="100%",
            ),
            rx.center(
                rx.cond(
                    S.player_kind == "file",
                    rx.el.video(
                        "Your browser cannot play this video.",
                        src=S.player_src,
                        controls=True,
                        auto_play=True,
                        plays_inline=True,
                        preload="metadata",
                        id="player-video",
                        style={"width": "100%", "height": "100%", "background": "black"},
                    ),
                    rx.el.iframe(
                        src=S.player_src,
                        title=S.player_title,
                        allow="autoplay; encrypted-media; fullscreen; picture-in-picture",
                        referrer_policy="strict-origin-when-cross-origin",
                        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups",
                        id="player-frame",
                        style={"width": "100%", "height": "100%", "border": "0"},
                    ),
                ),
                flex="1",
                width="100%",
                min_height="0",
            ),
            id="player-dialog",
            style={
                "position": "fixed",
                "inset": "0",
                "width": "100vw",
                "max_width": "100vw",
                "height": "100dvh",
                "max_height": "100dvh",
                "padding": "0",
                "border_radius": "0",
                "background": "black",
                "display": "flex",
                "flex_direction": "column",
                "transform": "none",
            },
        ),
        open=S.player_open,
        on_open_change=S.set_player_open,
    )


_CSS = """
.hub-tip-dot { width: 0.6rem; height: 0.6rem; padding: 0; border-radius: 999px; border: none;
  background: var(--gray-a6); cursor: pointer; }
.hub-tip-dot[aria-current="true"] { background: var(--accent-9); width: 1.2rem; }
.hub-tip-dot:focus-visible { outline: 2px solid var(--accent-9); outline-offset: 2px; }
.hub-news-item { display: block; width: 100%; box-sizing: border-box; padding: 0.6rem;
  border-radius: var(--radius-3); text-decoration: none; color: inherit;
  background: var(--gray-a2); }
a.hub-news-item:hover { background: var(--gray-a4); }
a.hub-news-item:focus-visible { outline: 2px solid var(--accent-9); }
.hub-news-summary { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
.hub-live-dot { width: 0.45rem; height: 0.45rem; border-radius: 999px; background: white;
  animation: hub-pulse 1.6s ease-in-out infinite; }
@keyframes hub-pulse { 50% { opacity: 0.3; } }
@media (prefers-reduced-motion: reduce) { .hub-live-dot { animation: none; } }
.hub-markdown { line-height: 1.65; overflow-wrap: anywhere; }
.hub-markdown h2 { font-size: var(--font-size-5); margin: 1.2em 0 0.4em; scroll-margin-top: 1rem; }
.hub-markdown h3 { font-size: var(--font-size-4); margin: 1em 0 0.3em; scroll-margin-top: 1rem; }
.hub-markdown ul, .hub-markdown ol { padding-left: 1.4rem; }
"""


@rx.page(
    route=ROUTE,
    title=f"Solutions Hub | {get_settings().product_name}",
    description=(
        "Articles, videos and templates for founders, with a daily digest of startup news."
    ),
    on_load=SolutionsState.on_load,
)
def solutions() -> rx.Component:
    return page_layout(
        rx.el.style(_CSS),
        rx.script(src="/js/tips.js", defer=True),
        section(
            _hero(),
            rx.grid(
                _library(),
                rx.vstack(_tips(), _digest(), _popular(), spacing="4", width="100%", min_width="0"),
                columns=rx.breakpoints(initial="1", md="minmax(0, 1fr) 320px"),
                gap="1.5rem",
                align_items="start",
                width="100%",
            ),
            padding_y=["2.5rem", "3rem", "4rem"],
        ),
        _detail_dialog(),
        _player_dialog(),
        _trends_dialog(),
    )
