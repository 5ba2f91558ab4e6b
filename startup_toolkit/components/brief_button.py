"""The way into the founder's brief (issue 30) from the dashboard, /ideas, an idea's page and
the home page: a link that looks like a button, to /brief (a new idea) or /brief?idea=<id>."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.domain.brief import BRIEF_PATH

LABEL = "Brief"


def brief_button(href: str | rx.Var = BRIEF_PATH, label: Any = LABEL, **props: Any) -> rx.Component:
    """'Brief' (or `label`) with its icon, to `href`."""
    return link_button(
        label,
        href,
        rx.icon("file-stack", size=16, aria_hidden="true"),
        **{"size": "2", **props},
    )
