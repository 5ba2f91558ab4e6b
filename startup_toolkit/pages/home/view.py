"""The home page's sections above the tool tabs: hero (P-HOME-1, P-HOME-2), claims
(P-HOME-5), features (P-HOME-3) and the flagship tool (P-HOME-6)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.brief_button import brief_button
from startup_toolkit.components.button_rows import button_row
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.held_back import BLANK, button_placeholder, by_offer, unpainted
from startup_toolkit.components.layout import section
from startup_toolkit.components.props import FILL_COLUMN, FILL_ROW, SURFACE_GRAY
from startup_toolkit.components.section_heading import (
    display_heading,
    eyebrow,
    headed_section,
    icon_pill,
)
from startup_toolkit.components.text_rows import icon_row, title_over_caption
from startup_toolkit.components.theme import gradient_text, heading_style
from startup_toolkit.domain.catalog import POPULAR_TOOLS, VIABILITY_SCANNER, Tool
from startup_toolkit.state.auth import AuthState

PRICING_PATH = "/pricing"
#: A slightly tighter rhythm than the default section padding: the home page has many sections.
HOME_SECTION_PADDING_Y = ["2.5rem", "3.5rem", "4.5rem"]
FEATURES_ID = "features"
#: P-HOME-3: the feature cards animate in one after another, 100 ms apart.
STAGGER_STEP_MS = 100

FLAGSHIP_BENEFITS: tuple[tuple[str, str, str], ...] = (
    (
        "gauge",
        "A clear viability score",
        "One score out of 100 and a plain-language verdict before you spend a month building.",
    ),
    (
        "layers",
        "Every angle, scored",
        "Problem, market, risk, monetization and founder fit, each with the reasoning behind it.",
    ),
    (
        "users",
        "Competitors and market in view",
        "Competitor cards plus market size, growth rate, key trends and the challenges ahead.",
    ),
    (
        "list-ordered",
        "A step-by-step action plan",
        "Numbered next steps that turn weak spots into the work for this week.",
    ),
)

#: The sample scores of the hero's preview card: (label, value, colour).
PREVIEW_BARS: tuple[tuple[str, int, str], ...] = (
    ("Problem", 92, "violet"),
    ("Market", 84, "cyan"),
    ("Monetization", 78, "green"),
    ("Risk", 71, "amber"),
)
#: The reassurances under the hero's calls to action, and where every tool is open to signed-in
#: founders and nothing is sold (issue 28, item 6).
HERO_REASSURANCES: tuple[str, ...] = ("Every tool for $11/mo", "Cancel anytime")
OPEN_REASSURANCES: tuple[str, ...] = (
    "Every tool open to signed-in founders",
    "No subscription needed",
)

#: P-HOME-5. The spec gives no figure for funding, so none is shown.
CLAIMS: tuple[tuple[str, str, str, str], ...] = (
    (
        "scan-search",
        "2,500+",
        "startups analyzed",
        "Ideas diagnosed before the first line of code.",
    ),
    ("target", "94%", "success rate", "Decisions backed by evidence, not guesswork."),
    ("landmark", "Funding", "secured", "By founders pitching with Unstuck-sharpened decks."),
)


def tool_icon_tile(tool: Tool, size: int = 22) -> rx.Component:
    return rx.center(
        rx.icon(tool.icon, size=size, color=f"var(--{tool.color}-11)"),
        class_name="tool-tile",
        background=f"linear-gradient(135deg, var(--{tool.color}-a4), var(--{tool.color}-a2))",
        border=f"1px solid var(--{tool.color}-a5)",
        flex_shrink="0",
    )


SUBSCRIBE_LABEL = "Subscribe to Access"
FREE_LABEL = "Start Free"


def subscribe_link(icon: str, icon_size: int, **props: Any) -> rx.Component:
    """'Subscribe to Access': a link button to the pricing page with `icon` after the label.
    On a server that sells nothing and opens every tool to signed-in founders, 'Start Free'
    to sign-up instead (issue 17, item 8). Decided by the running server
    (`ToolPageState.offer`): the built page holds its room only (issue 28, item 6)."""

    def link(label: str, href: str) -> rx.Component:
        return link_button(
            label, href, rx.icon(icon, size=icon_size), class_name="subscribe-link", **props
        )

    return by_offer(
        open_part=link(FREE_LABEL, "/signup"),
        plan_part=link(SUBSCRIBE_LABEL, PRICING_PATH),
        placeholder=button_placeholder(props.get("size", "2"), props.get("width", "11rem")),
    )


def _home_image(name: str, alt: str, class_name: str, **size: str) -> rx.Component:
    """The picture /img/home/<name>.svg (`alt` "" when it only decorates)."""
    return rx.image(src=f"/img/home/{name}.svg", alt=alt, class_name=class_name, **size)


def _split(text: rx.Component, visual: rx.Component, gap: str, **props: Any) -> rx.Component:
    """`text` beside `visual` from `md` up (`gap` apart on a phone, 4rem from `md`), stacked
    on a phone."""
    return rx.grid(
        text,
        visual,
        columns=rx.breakpoints(initial="1", md="2"),
        gap=rx.breakpoints(initial=gap, md="4rem"),
        align="center",
        **props,
    )


def _icon_list(kind: str, items: list[tuple[rx.Component, ...]], **props: Any) -> rx.Component:
    """A list (class `<kind>s`) of items (class `kind`), each an icon (class `<kind>-icon`)
    followed by its content."""
    return rx.el.ul(
        *[
            rx.el.li(rx.center(icon, class_name=f"{kind}-icon"), *content, class_name=kind)
            for icon, *content in items
        ],
        class_name=f"{kind}s",
        **props,
    )


# --- Hero (P-HOME-1, P-HOME-2) -----------------------------------------------------------------


def _preview_bar(label: str, value: int, color: str) -> rx.Component:
    return rx.box(
        rx.hstack(
            rx.text(label, size="1", color_scheme="gray"),
            rx.text(f"{value}", size="1", weight="bold"),
            justify="between",
            width="100%",
        ),
        rx.box(
            rx.box(
                width=f"{value}%",
                height="100%",
                border_radius="inherit",
                background=f"var(--{color}-9)",
            ),
            class_name="preview-track",
        ),
        width="100%",
    )


def _floating_card(kind: str, icon: rx.Component, title: str, body: rx.Component) -> rx.Component:
    """A small card floating beside the preview: `icon` and the bold `title`, then `body`."""
    return rx.box(
        icon_row(icon, rx.text(title, size="1", weight="bold")),
        body,
        class_name=f"preview-card preview-float preview-{kind}",
    )


def hero_preview() -> rx.Component:
    """A sample Viability Scanner result, drawn with the page's own components."""
    main = rx.box(
        rx.hstack(
            tool_icon_tile(VIABILITY_SCANNER, size=16),
            title_over_caption("Viability scan", "Sample report", size="2"),
            spacing="3",
            **FILL_ROW,
        ),
        rx.hstack(
            rx.box(
                rx.box(
                    rx.text("86", class_name="score-value", style=heading_style, as_="div"),
                    rx.text("/ 100", size="1", color_scheme="gray", as_="div"),
                    class_name="score-inner",
                ),
                class_name="score-ring",
                style={"--score": "86"},
                role="img",
                aria_label="Sample viability score 86 out of 100",
            ),
            rx.vstack(
                rx.badge(
                    rx.icon("trending-up", size=12),
                    "Promising",
                    color_scheme="green",
                    radius="full",
                ),
                rx.text(
                    "Strong problem signal in a growing market. Validate pricing next.",
                    size="2",
                    color_scheme="gray",
                ),
                spacing="2",
                align="start",
            ),
            spacing="4",
            **FILL_ROW,
        ),
        rx.vstack(*[_preview_bar(*bar) for bar in PREVIEW_BARS], spacing="3", **FILL_COLUMN),
        class_name="preview-card preview-main",
    )
    chat = _floating_card(
        "chat",
        rx.center(rx.icon("bot", size=14, color="white"), class_name="preview-avatar"),
        "AI Co-Founder",
        rx.text("Have you tested this price with ten real customers yet?", size="2"),
    )
    spark = _home_image("sparkline", "", "preview-spark", width="140px", height="40px")
    funding = _floating_card(
        "funding",
        rx.icon("trending-up", size=16, color="var(--green-11)"),
        "Funding outlook",
        spark,
    )
    return rx.box(main, chat, funding, class_name="hero-preview")


def _hero_actions() -> rx.Component:
    """P-HOME-2: start building (pricing) and learn more (the features below)."""
    return button_row(
        link_button(
            "Start Building Now",
            PRICING_PATH,
            rx.icon("arrow-right", size=18),
            size=rx.breakpoints(initial="3", sm="4"),
            class_name="cta-primary",
        ),
        rx.button(
            rx.el.a("Learn More", rx.icon("arrow-down", size=18), href=f"#{FEATURES_ID}"),
            as_child=True,
            size=rx.breakpoints(initial="3", sm="4"),
            class_name="cta-secondary",
            **SURFACE_GRAY,
        ),
        # Issue 30: a signed-in founder briefs an idea in one click (no box while signed out,
        # so the prerendered page paints the same actions a visitor gets).
        rx.cond(
            AuthState.signed_in,
            brief_button(
                label="Brief an Idea",
                size=rx.breakpoints(initial="3", sm="4"),
                variant="soft",
                class_name="cta-brief",
                id="home-brief",
            ),
        ),
        spacing="3",
        class_name="hero-actions",
    )


def _reassurances(lines: tuple[str, ...]) -> rx.Component:
    """The short promises under the hero's calls to action, each after a check mark."""
    return rx.hstack(
        *[
            icon_row(rx.icon("circle-check", size=16, color="var(--green-10)"), rx.text(line))
            for line in lines
        ],
        spacing="5",
        wrap="wrap",
        class_name="hero-reassure",
    )


def hero() -> rx.Component:
    text = rx.vstack(
        icon_pill(
            "sparkles",
            "AI Business Architect & Startup Toolkit",
            variant="surface",
            class_name="hero-badge",
        ),
        rx.text(
            "Simply, get ",
            rx.el.span("UNSTUCK", class_name="hero-tagline-accent"),
            class_name="hero-tagline",
            style=heading_style,
        ),
        rx.heading(
            "Turn your startup idea into a ",
            rx.el.span("business that works", style=gradient_text),
            as_="h1",
            id="home-hero-title",
            class_name="hero-title",
            style=heading_style,
        ),
        rx.text(
            "Diagnose your idea, predict your funding odds, plan growth and think out "
            "loud with an AI co-founder. One toolkit that takes you from first spark to "
            "first customers.",
            class_name="hero-copy",
            color_scheme="gray",
        ),
        _hero_actions(),
        by_offer(
            open_part=_reassurances(OPEN_REASSURANCES),
            plan_part=_reassurances(HERO_REASSURANCES),
            placeholder=unpainted(_reassurances((BLANK,))),
        ),
        spacing="5",
        align="start",
        class_name="hero-text",
    )
    return section(
        rx.box(class_name="hero-glow", aria_hidden="true"),
        _split(text, hero_preview(), "3rem", class_name="hero-grid"),
        class_name="home-hero",
        aria_labelledby="home-hero-title",
        padding_y=rx.breakpoints(initial="3rem", md="5rem"),
    )


# --- Claims (P-HOME-5) -------------------------------------------------------------------------


def claims() -> rx.Component:
    items = [
        (
            rx.icon(icon, size=20),
            rx.el.p(
                rx.el.span(value, class_name="claim-value", style=heading_style),
                " ",
                rx.el.span(label, class_name="claim-label"),
                class_name="claim-text",
            ),
            rx.text(note, size="2", color_scheme="gray", class_name="claim-note"),
        )
        for icon, value, label, note in CLAIMS
    ]
    return section(_icon_list("claim", items, aria_label="Results"), padding_y="1rem")


# --- Features (P-HOME-3) -----------------------------------------------------------------------


def feature_card(tool: Tool, position: int) -> rx.Component:
    delay = f"{position * STAGGER_STEP_MS}ms"
    return rx.el.article(
        tool_icon_tile(tool),
        rx.heading(tool.name, as_="h3", size="5", style=heading_style),
        rx.text(tool.tagline, weight="medium", color=f"var(--{tool.color}-11)", size="2"),
        rx.text(tool.description, color_scheme="gray", size="3"),
        class_name="feature-card",
        style={"animation_delay": delay, "--card-accent": f"var(--{tool.color}-9)"},
        data_delay=delay,
    )


def features() -> rx.Component:
    return headed_section(
        "Game-Changing Tools For Startups",
        "Six AI tools that work like a seasoned advisory team: they question your assumptions, "
        "do the research and hand you the next step.",
        ("The toolkit", "wand-sparkles"),
        rx.box(
            *[feature_card(tool, i) for i, tool in enumerate(POPULAR_TOOLS, start=1)],
            class_name="feature-grid",
            data_stagger="",
        ),
        id=FEATURES_ID,
        class_name="home-features",
        padding_y=HOME_SECTION_PADDING_Y,
    )


# --- Flagship tool (P-HOME-6) ------------------------------------------------------------------


def flagship() -> rx.Component:
    tool = VIABILITY_SCANNER
    benefits = [
        (rx.icon(icon, size=18), title_over_caption(title, body))
        for icon, title, body in FLAGSHIP_BENEFITS
    ]
    text = rx.vstack(
        eyebrow("Flagship Tool", "star"),
        display_heading(tool.name),
        rx.text(
            f"{tool.tagline}. Describe your idea in a few sentences and get an honest, "
            "structured diagnosis in minutes.",
            size="4",
            color_scheme="gray",
        ),
        _icon_list("benefit", benefits, aria_label=f"{tool.name} benefits"),
        subscribe_link("arrow-right", 16, size="3"),
        spacing="5",
        align="start",
    )
    art = _home_image(
        "scanner-radar",
        "Illustration: the scanner sweeping an idea for strengths and risks",
        "flagship-art",
        width="100%",
        height="auto",
    )
    return section(
        _split(
            text, rx.box(art, class_name="flagship-visual"), "2.5rem", class_name="flagship-card"
        ),
        class_name="home-flagship",
        padding_y=HOME_SECTION_PADDING_Y,
        id="flagship",
    )
