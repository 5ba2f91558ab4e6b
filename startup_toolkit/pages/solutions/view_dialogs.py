"""The hub's dialogs: a resource with its table of contents, its download, Save to dashboard,
Generate content streaming in and the founder's versions of it (P-HUB-7, P-HUB-8), and the
full-screen video player (P-HUB-6)."""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from startup_toolkit.components.downloads import download_button
from startup_toolkit.components.panels import (
    dialog_header,
    icon_text_button,
    modal,
    muted_text,
    sample_callout,
)
from startup_toolkit.components.props import (
    FILL_ROW,
    GRAY_OUTLINE_BADGE,
    MUTED_TEXT,
    SMALL_GHOST,
    SOFT_GRAY,
    SOFT_GRAY_BUTTON,
    WRAP_ROW,
)
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import HEADING_FONT, card_style
from startup_toolkit.domain import resources as rules
from startup_toolkit.pages.solutions.state import SCRIPT_NOTE
from startup_toolkit.pages.solutions.state import SolutionsState as S
from startup_toolkit.pages.solutions.view_parts import (
    hub_dialog,
    markdown_body,
    new_tab_button,
    spinner,
    type_badge,
)

#: Whether the open resource's table of contents shows: the browser's own (open at first).
toc_open = ClientStateVar.create("hub_toc_open", default=True)


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
            rx.cond(S.detail.saving, rx.spinner(size="2"), rx.icon("bookmark-plus", size=16)),
            "Save to dashboard",
            on_click=S.save_to_dashboard,
            disabled=S.detail.saving | S.detail.loading,
            id="resource-save",
        ),
        rx.button(
            rx.cond(S.running, rx.spinner(size="2"), rx.icon("sparkles", size=16)),
            rx.cond(S.running, "Generating...", "Generate content"),
            on_click=S.generate_content,
            disabled=S.running | S.detail.loading,
            variant="soft",
            id="resource-generate",
        ),
        rx.cond(
            S.detail.watch_url,
            new_tab_button("external-link", "Watch", S.detail.watch_url, id="resource-watch"),
        ),
        rx.cond(
            S.detail.download_url,
            download_button(
                S.detail.download_label,
                S.detail.download_url,
                size="2",
                variant="outline",
                id="resource-download",
            ),
        ),
        wrap="wrap",
        gap="0.5rem",
    )


def detail_dialog() -> rx.Component:
    return hub_dialog(
        dialog_header(
            rx.vstack(
                rx.hstack(
                    type_badge(S.detail.badge),
                    rx.badge(S.detail.category, **GRAY_OUTLINE_BADGE),
                    rx.cond(
                        S.detail.file_size,
                        rx.text(S.detail.file_size, size="1", color="var(--gray-10)"),
                    ),
                    spacing="2",
                    align="center",
                ),
                rx.dialog.title(
                    rx.cond(S.detail.title, S.detail.title, "Loading..."),
                    margin="0",
                    style={"font_family": HEADING_FONT},
                ),
                spacing="2",
                align="start",
                min_width="0",
            ),
            align="start",
            id="resource-close",
        ),
        rx.dialog.description(S.detail.description, size="2", **MUTED_TEXT),
        rx.box(_detail_actions(), margin_y="1rem"),
        rx.cond(
            S.detail.script,
            rx.callout(
                SCRIPT_NOTE,
                icon="clapperboard",
                size="1",
                margin_bottom="1rem",
                id="resource-script",
            ),
        ),
        rx.cond(S.detail.versions.bool() | S.detail.version_shown.bool(), _versions_bar()),
        rx.cond(
            S.detail.sample,
            sample_callout(rules.DEMO_NOTE, margin_bottom="1rem", id="resource-sample"),
        ),
        rx.cond(
            S.detail.loading | (S.running & (S.generated_text == "")),
            spinner("2rem", id="resource-spinner"),
            rx.cond(S.running, _streaming_content(), _resource_content()),
        ),
        opened=S.detail.is_not_none(),
        on_open_change=S.set_detail_open,
        max_width="48rem",
        max_height="90vh",
        overflow_y="auto",
        id="resource-dialog",
    )


def _versions_bar() -> rx.Component:
    """The founder's versions of this resource, and the way back to the library's original."""
    return rx.flex(
        rx.el.label(
            "Version",
            html_for="resource-version",
            style={"font_size": "var(--font-size-2)", "font_weight": "500"},
        ),
        rx.el.select(
            rx.el.option("Original (library)", value="0"),
            rx.foreach(S.detail.versions, lambda v: rx.el.option(v.label, value=v.id.to_string())),
            rx.cond(
                S.detail.version_shown == -1,
                rx.el.option("New text (not kept)", value="-1", disabled=True),
            ),
            id="resource-version",
            value=S.detail.version_shown.to_string(),
            on_change=S.show_version,
            disabled=S.running,
            style={
                "height": "var(--space-6)",
                "padding": "0 0.5rem",
                "border_radius": "var(--radius-2)",
                "border": "1px solid var(--gray-a7)",
                "background": "var(--color-surface)",
                "color": "var(--gray-12)",
                "max_width": "100%",
                "min_width": "0",
            },
        ),
        rx.cond(
            S.detail.version_shown != 0,
            icon_text_button(
                "undo-2",
                "Back to the original",
                icon_size=14,
                on_click=S.show_version("0"),
                disabled=S.running,
                id="resource-original",
                **SMALL_GHOST,
            ),
            muted_text("Generated texts are kept as your versions beside it.", size="1"),
        ),
        gap="0.5rem",
        margin_bottom="1rem",
        id="resource-versions",
        style={**card_style, "padding": "0.5rem 0.75rem"},
        **WRAP_ROW,
    )


def _streaming_content() -> rx.Component:
    """The new content while the model writes it (P-HUB-8)."""
    return full_width_stack(
        icon_row(rx.spinner(size="1"), muted_text("Writing..."), role="status"),
        markdown_body(S.generated_text),
        spacing="3",
        id="resource-streaming",
        aria_busy="true",
    )


def _resource_content() -> rx.Component:
    """The resource's content with its table of contents, or why it could not load."""
    return rx.cond(
        S.detail.error,
        rx.text(S.detail.error, color="var(--red-11)", id="resource-error"),
        full_width_stack(
            rx.cond(
                S.detail.toc,
                rx.box(
                    icon_text_button(
                        "list",
                        rx.cond(toc_open.value, "Hide contents", "Show contents"),
                        icon_size=14,
                        on_click=toc_open.set_value(~toc_open.value),
                        aria_expanded=rx.cond(toc_open.value, "true", "false"),
                        aria_controls="resource-toc",
                        id="resource-toc-toggle",
                        **SMALL_GHOST,
                    ),
                    rx.cond(
                        toc_open.value,
                        rx.el.nav(
                            rx.el.ul(
                                rx.foreach(S.detail.toc, _toc_entry),
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
            markdown_body(S.detail.content, id="resource-content"),
            spacing="3",
        ),
    )


def player_dialog() -> rx.Component:
    """P-HUB-6: the full-screen player, native for the resource's own file, else the video
    page of YouTube (privacy-enhanced), Vimeo or Loom in a sandboxed frame."""
    return modal(
        rx.flex(
            rx.dialog.title(
                S.player.title,
                size="4",
                margin="0",
                color="white",
                style={"font_family": HEADING_FONT, "min_width": "0"},
            ),
            rx.dialog.description("Video player", class_name="sr-only"),
            rx.spacer(),
            icon_text_button(
                "list",
                "Details",
                on_click=S.show_details,
                id="player-details",
                **SOFT_GRAY_BUTTON,
            ),
            rx.dialog.close(
                rx.icon_button(
                    rx.icon("x", size=18),
                    aria_label="Close video",
                    id="player-close",
                    **SOFT_GRAY,
                )
            ),
            gap="0.75rem",
            padding="0.75rem 1rem",
            **FILL_ROW,
        ),
        rx.center(
            rx.cond(
                S.player.kind == "file",
                rx.el.video(
                    "Your browser cannot play this video.",
                    src=S.player.src,
                    controls=True,
                    auto_play=True,
                    plays_inline=True,
                    preload="metadata",
                    id="player-video",
                    style={"width": "100%", "height": "100%", "background": "black"},
                ),
                rx.el.iframe(
                    src=S.player.src,
                    title=S.player.title,
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
        opened=S.player.is_not_none(),
        on_open_change=S.set_player_open,
    )
