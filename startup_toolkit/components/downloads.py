"""Links that download a file the server builds (the Markdown and PDF exports of issue 14).

An `<a download>` that React Router leaves to the browser (`reloadDocument`): Reflex renders
every anchor to an address of the app as a router link, which would navigate inside the
single-page app instead of asking the server for the file."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from startup_toolkit.components.props import WRAP_ROW

#: The export formats offered, as (extension, label).
FORMATS = (("md", "Markdown (.md)"), ("pdf", "PDF (.pdf)"))
_ANCHOR_STYLE = {"display": "inline-flex", "gap": "0.35rem", "align_items": "center"}


def file_link(*children: Any, href: Any, **props: Any) -> rx.Component:
    """An anchor the browser follows itself, downloading `href`."""
    return ReactRouterLink.create(*children, to=href, reload_document=True, download="", **props)


def download_button(
    label: Any, href: Any, *, icon: str = "download", link_label: Any = None, **props: Any
) -> rx.Component:
    """A soft button that downloads `href` (`link_label`: the link's accessible name, when
    `label` alone does not say what is downloaded)."""
    named = {"aria_label": link_label} if link_label is not None else {}
    return rx.button(
        file_link(
            rx.icon(icon, size=14, aria_hidden="true"),
            label,
            href=href,
            style=_ANCHOR_STYLE,
            **named,
        ),
        as_child=True,
        **{"variant": "soft", "size": "1", **props},
    )


def export_links(
    md: Any, pdf: Any, what: str, share: rx.Component, class_name: str
) -> rx.Component:
    """Download `what` (a page's result) as Markdown or PDF, and `share` it as a read-only link."""
    return rx.hstack(
        download_button(
            "Markdown",
            md,
            icon="file-text",
            link_label=f"Download {what} as Markdown",
            size="2",
            color_scheme="gray",
        ),
        download_button(
            "PDF",
            pdf,
            icon="file-down",
            link_label=f"Download {what} as PDF",
            size="2",
            color_scheme="gray",
        ),
        share,
        spacing="2",
        class_name=class_name,
        **WRAP_ROW,
    )


def export_menu(base: Any, name: Any, **props: Any) -> rx.Component:
    """'Export' opening a menu of the formats; `base` + '.md' (or '.pdf') is each file's
    address, `name` what is exported (the button's accessible name: 'Export <name>')."""
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                rx.icon("download", size=14, aria_hidden="true"),
                "Export",
                variant="soft",
                size="1",
                aria_label=rx.Var.create("Export ") + name
                if isinstance(name, rx.Var)
                else f"Export {name}",
                **props,
            )
        ),
        rx.menu.content(
            *[
                rx.menu.item(file_link(label, href=base + f".{ext}"), as_child=True)
                for ext, label in FORMATS
            ]
        ),
    )
