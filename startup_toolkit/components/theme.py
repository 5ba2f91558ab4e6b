"""The one place for the look: accent, spacing, widths and shared style dictionaries."""

from __future__ import annotations

from typing import Any

ACCENT = "violet"
#: The app is always dark (rxconfig's Radix theme); toasts follow it, not the system's theme.
APPEARANCE = "dark"
CONTENT_MAX_WIDTH = "1200px"
SECTION_PADDING_Y = ["3.5rem", "4.5rem", "6rem"]
SECTION_PADDING_X = ["1rem", "1.5rem", "2rem"]
HEADING_FONT = "'Space Grotesk Variable', 'Inter Variable', system-ui, sans-serif"

#: P-SHELL-6: tooltips open after the pointer rests this long.
TOOLTIP_DELAY_MS = 700

#: Stylesheets and scripts shipped in assets/ (nothing is fetched from another site).
STYLESHEETS = ["/css/base.css", "/css/home.css", "/css/public.css"]
SCRIPTS = ["/js/shell.js", "/js/carousel.js", "/js/public.js", "/js/speech.js"]

card_style: dict[str, Any] = {
    "background": "var(--gray-a2)",
    "border": "1px solid var(--gray-a5)",
    "border_radius": "var(--radius-5)",
    "padding": "1.5rem",
}

gradient_text: dict[str, Any] = {
    "background": "linear-gradient(90deg, var(--violet-11), var(--cyan-11))",
    "background_clip": "text",
    "-webkit-background-clip": "text",
    "color": "transparent",
}

heading_style: dict[str, Any] = {"font_family": HEADING_FONT, "letter_spacing": "-0.02em"}

#: A block as wide as the content column, centred, with the page's side padding.
CONTENT_COLUMN: dict[str, Any] = {
    "max_width": CONTENT_MAX_WIDTH,
    "margin_x": "auto",
    "padding_x": SECTION_PADDING_X,
}


def content_column(max_width: str) -> dict[str, Any]:
    """CONTENT_COLUMN at another width (a narrower page: sign-in, status pages)."""
    return {**CONTENT_COLUMN, "max_width": max_width}
