"""Radix Themes with a lighter first load: only the colours we use, no whole-library namespace.

Reflex's RadixThemesPlugin imports `@radix-ui/themes/styles.css` (all 31 colour scales) and
registers the library for dynamic components, which makes every page import the whole Radix
Themes namespace (~50 KB gzip of components no page uses). The app renders no dynamic
components, so the library stays out of `window.__reflex` and each page bundles only the
components it imports. The stylesheet is Radix's base tokens and our colour scales, then
its components and utilities trimmed to what the app uses (radix_css.py: ~52 KB gzip down
to ~25 KB, and less CSS for the browser to match before its first paint).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from reflex_components_radix.plugin import RadixThemesPlugin

from startup_toolkit.components.radix_css import STYLESHEET

#: Every Radix colour scale the app names (accent, gray, badges, callouts, the tool catalogue).
COLOR_SCALES = (
    "amber",
    "blue",
    "crimson",
    "cyan",
    "gray",
    "green",
    "indigo",
    "orange",
    "pink",
    "purple",
    "red",
    "slate",
    "teal",
    "violet",
)
THEMES = "@radix-ui/themes"
#: Where the trimmed stylesheet is written in `.web`, beside the root stylesheet importing it.
TRIMMED = Path("styles") / STYLESHEET.name


def stylesheets(colors: tuple[str, ...] = COLOR_SCALES) -> tuple[str, ...]:
    """Radix Themes' stylesheets for these colour scales, in Radix's documented order."""
    return (
        f"{THEMES}/tokens/base.css",
        *(f"{THEMES}/tokens/colors/{color}.css" for color in colors),
        f"./{TRIMMED.name}",
    )


@dataclasses.dataclass
class LeanRadixThemesPlugin(RadixThemesPlugin):
    """RadixThemesPlugin that ships only the colour scales used and no dynamic-component copy."""

    def get_stylesheet_paths(self, **context: Any) -> tuple[str, ...]:
        """The split stylesheets instead of the all-colours bundle."""
        return stylesheets() if self.enabled else ()

    def get_static_assets(self, **context: Any) -> list[tuple[Path, str]]:
        """The trimmed components and utilities stylesheet."""
        return [(TRIMMED, STYLESHEET.read_text(encoding="utf-8"))] if self.enabled else []

    def get_frontend_dependencies(self, **context: Any) -> tuple[str, ...]:
        """Nothing to bundle for dynamic components (each component still declares its package)."""
        return ()
