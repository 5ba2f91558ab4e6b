"""The home page's sections above the tool tabs: hero (P-HOME-1, P-HOME-2), claims
(P-HOME-5), features (P-HOME-3) and the flagship tool (P-HOME-6)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.layout import section
from startup_toolkit.components.section_heading import eyebrow, section_heading
from startup_toolkit.components.theme import gradient_text, heading_style
from startup_toolkit.domain.catalog import POPULAR_TOOLS, VIABILITY_SCANNER, Tool

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


def hero_preview() -> rx.Component:
    """A sample Viability Scanner result, drawn with the page's own components."""
    main = rx.box(
        rx.hstack(
            tool_icon_tile(VIABILITY_SCANNER, size=16),
            rx.box(
                rx.text("Viability scan", weight="bold", size="2", as_="div"),
                rx.text("Sample report", size="1", color_scheme="gray", as_="div"),
            ),
            spacing="3",
            align="center",
            width="100%",
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
            align="center",
            width="100%",
        ),
        rx.vstack(
            _preview_bar("Problem", 92, "violet"),
            _preview_bar("Market", 84, "cyan"),
            _preview_bar("Monetization", 78, "green"),
            _preview_bar("Risk", 71, "amber"),
            spacing="3",
            width="100%",
        ),
        class_name="preview-card preview-main",
    )
    chat = rx.box(
        rx.hstack(
            rx.center(rx.icon("bot", size=14, color="white"), class_name="preview-avatar"),
            rx.text("AI Co-Founder", size="1", weight="bold"),
            spacing="2",
            align="center",
        ),
        rx.text("Have you tested this price with ten real customers yet?", size="2"),
        class_name="preview-card preview-float preview-chat",
    )
    funding = rx.box(
        rx.hstack(
            rx.icon("trending-up", size=16, color="var(--green-11)"),
            rx.text("Funding outlook", size="1", weight="bold"),
            spacing="2",
            align="center",
        ),
        rx.image(
            src="/img/home/sparkline.svg",
            alt="",
            width="140px",
            height="40px",
            class_name="preview-spark",
        ),
        class_name="preview-card preview-float preview-funding",
    )
    return rx.box(main, chat, funding, class_name="hero-preview")


def hero() -> rx.Component:
    return section(
        rx.box(class_name="hero-glow", aria_hidden="true"),
        rx.grid(
            rx.vstack(
                rx.badge(
                    rx.icon("sparkles", size=14),
                    "AI Business Architect & Startup Toolkit",
                    variant="surface",
                    radius="full",
                    size="2",
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
                rx.flex(
                    link_button(
                        "Start Building Now",
                        PRICING_PATH,
                        rx.icon("arrow-right", size=18),
                        size=rx.breakpoints(initial="3", sm="4"),
                        class_name="cta-primary",
                    ),
                    rx.button(
                        rx.el.a(
                            "Learn More", rx.icon("arrow-down", size=18), href=f"#{FEATURES_ID}"
                        ),
                        as_child=True,
                        size=rx.breakpoints(initial="3", sm="4"),
                        variant="surface",
                        color_scheme="gray",
                        class_name="cta-secondary",
                    ),
                    spacing="3",
                    wrap="wrap",
                    class_name="hero-actions",
                ),
                rx.hstack(
                    rx.hstack(
                        rx.icon("circle-check", size=16, color="var(--green-10)"),
                        rx.text("Every tool for $11/mo"),
                        spacing="2",
                        align="center",
                    ),
                    rx.hstack(
                        rx.icon("circle-check", size=16, color="var(--green-10)"),
                        rx.text("Cancel anytime"),
                        spacing="2",
                        align="center",
                    ),
                    spacing="5",
                    wrap="wrap",
                    class_name="hero-reassure",
                ),
                spacing="5",
                align="start",
                class_name="hero-text",
            ),
            hero_preview(),
            columns=rx.breakpoints(initial="1", md="2"),
            gap=rx.breakpoints(initial="3rem", md="4rem"),
            align="center",
            class_name="hero-grid",
        ),
        class_name="home-hero",
        aria_labelledby="home-hero-title",
        padding_y=rx.breakpoints(initial="3rem", md="5rem"),
    )


# --- Claims (P-HOME-5) -------------------------------------------------------------------------


def claims() -> rx.Component:
    return section(
        rx.el.ul(
            *[
                rx.el.li(
                    rx.center(rx.icon(icon, size=20), class_name="claim-icon"),
                    rx.el.p(
                        rx.el.span(value, class_name="claim-value", style=heading_style),
                        " ",
                        rx.el.span(label, class_name="claim-label"),
                        class_name="claim-text",
                    ),
                    rx.text(note, size="2", color_scheme="gray", class_name="claim-note"),
                    class_name="claim",
                )
                for icon, value, label, note in CLAIMS
            ],
            class_name="claims",
            aria_label="Results",
        ),
        padding_y="1rem",
    )


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
    return section(
        section_heading(
            "Game-Changing Tools For Startups",
            "Six AI tools that work like a seasoned advisory team: they question your assumptions, "
            "do the research and hand you the next step.",
            eyebrow("The toolkit", "wand-sparkles"),
        ),
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
    return section(
        rx.grid(
            rx.vstack(
                eyebrow("Flagship Tool", "star"),
                rx.heading(
                    tool.name,
                    as_="h2",
                    size=rx.breakpoints(initial="7", md="8"),
                    style=heading_style,
                ),
                rx.text(
                    f"{tool.tagline}. Describe your idea in a few sentences and get an honest, "
                    "structured diagnosis in minutes.",
                    size="4",
                    color_scheme="gray",
                ),
                rx.el.ul(
                    *[
                        rx.el.li(
                            rx.center(rx.icon(icon, size=18), class_name="benefit-icon"),
                            rx.box(
                                rx.text(title, weight="bold", size="3", as_="div"),
                                rx.text(body, size="2", color_scheme="gray", as_="div"),
                            ),
                            class_name="benefit",
                        )
                        for icon, title, body in FLAGSHIP_BENEFITS
                    ],
                    class_name="benefits",
                    aria_label=f"{tool.name} benefits",
                ),
                link_button(
                    "Subscribe to Access",
                    PRICING_PATH,
                    rx.icon("arrow-right", size=16),
                    size="3",
                    class_name="subscribe-link",
                ),
                spacing="5",
                align="start",
            ),
            rx.box(
                rx.image(
                    src="/img/home/scanner-radar.svg",
                    alt="Illustration: the scanner sweeping an idea for strengths and risks",
                    width="100%",
                    height="auto",
                    class_name="flagship-art",
                ),
                class_name="flagship-visual",
            ),
            columns=rx.breakpoints(initial="1", md="2"),
            gap=rx.breakpoints(initial="2.5rem", md="4rem"),
            align="center",
            class_name="flagship-card",
        ),
        class_name="home-flagship",
        padding_y=HOME_SECTION_PADDING_Y,
        id="flagship",
    )
