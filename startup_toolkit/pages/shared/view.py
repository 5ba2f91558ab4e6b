"""The read-only page of a share link: a banner saying what it is, the report, its downloads,
or the reason the link no longer opens."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.downloads import download_button
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import WRAP_ROW
from startup_toolkit.components.report_view import report_view
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.pages.shared.state import SharedState as S


def banner() -> rx.Component:
    return rx.callout(
        rx.hstack(
            rx.text(
                "A read-only analysis shared with you from Unstuck. ",
                rx.link("Try the tools yourself", href="/signup"),
                ".",
                size="2",
            ),
            rx.spacer(),
            download_button("Markdown", "/api/shared/" + S.token + ".md", size="2"),
            download_button("PDF", "/api/shared/" + S.token + ".pdf", size="2"),
            spacing="2",
            width="100%",
            **WRAP_ROW,
        ),
        icon="eye",
        color_scheme="violet",
        width="100%",
    )


def problem_panel() -> rx.Component:
    return rx.vstack(
        rx.icon("link-2-off", size=36, color="var(--gray-10)", aria_hidden="true"),
        rx.heading("This link does not open", as_="h1", size="6"),
        muted_text(S.problem, size="3", id="shared-problem", text_align="center"),
        link_button("Go to Unstuck", "/", variant="soft"),
        spacing="3",
        align="center",
        padding_y="3rem",
        width="100%",
    )


def shared_body() -> rx.Component:
    """The report once read, else why the link does not open, else a spinner while it loads."""
    return rx.cond(
        S.report.is_not_none(),
        full_width_stack(banner(), report_view(S.report)),
        rx.cond(
            S.problem != "",
            problem_panel(),
            rx.center(rx.spinner(size="3"), padding_y="4rem", width="100%", role="status"),
        ),
    )
