"""/help-support (P-HELP-1, P-HELP-2, P-BILL-2): documentation, how it works, FAQ, contact.

Static content: the tabs and the FAQ accordion run entirely in the browser.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.app_page import app_page, app_route
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FILL_COLUMN, QUIET_ACCORDION
from startup_toolkit.components.result_blocks import card_grid, tile, two_columns
from startup_toolkit.components.section_heading import icon_pill, page_intro, tool_heading
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import card_style, gradient_text, heading_style
from startup_toolkit.domain.catalog import (
    AI_COFOUNDER,
    ALL_TOOLS,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    TOOL_EXPLORER_PATH,
    Tool,
)

ROUTE = "/help-support"
DEFAULT_TAB = "documentation"
TABS: tuple[tuple[str, str, str], ...] = (
    ("documentation", "Documentation", "book-open"),
    ("how-it-works", "How It Works", "route"),
    ("faq", "FAQ", "circle-help"),
    ("contact", "Contact Support", "life-buoy"),
)

#: (label, description, href, icon): anchors on this page, then other pages.
QUICK_LINKS: tuple[tuple[str, str, str, str], ...] = (
    (
        "Getting Started",
        "Your first steps, from sign-up to first result.",
        "#getting-started",
        "flag",
    ),
    ("AI Tools docs", "What each AI tool does and when to use it.", "#ai-tools", "sparkles"),
    ("Account Settings", "Profile, AI personalization and security.", "/profile", "user-cog"),
    ("Billing & Plans", "See plans, upgrade, downgrade or cancel.", "/manage-plans", "credit-card"),
)

#: The AI tools guide (spec: AI Co-Founder, Funding Predictor, Growth Engine).
GUIDE_TOOLS: tuple[Tool, ...] = (AI_COFOUNDER, FUNDING_PREDICTOR, GROWTH_ENGINE)

GETTING_STARTED: tuple[str, ...] = (
    "Complete your profile in Account Settings so answers fit your company.",
    "Set your AI personalization: response style, expertise level, industry and tone.",
    "Open the Tool Explorer and launch the tool that matches your next decision.",
    "Save results you want to keep; they appear on your dashboard.",
)

STEPS: tuple[tuple[str, str, str], ...] = (
    (
        "Sign Up & Setup",
        "Create your account, then fill in your profile and AI personalization.",
        "user-plus",
    ),
    (
        "Choose Your Tools",
        "Pick the tool for the job: strategy, funding, growth, ideas or analytics.",
        "layout-grid",
    ),
    (
        "Input Your Data",
        "Describe your startup, market, numbers and goals in plain words.",
        "file-pen-line",
    ),
    (
        "Get AI Analysis",
        "Receive scores, plans and recommendations with the reasoning behind them.",
        "brain",
    ),
    (
        "Implement & Iterate",
        "Act on the plan, save results, come back with new data and refine.",
        "refresh-cw",
    ),
)

PAYMENT_ANSWER = (
    "We accept all major credit cards (Visa, Mastercard, American Express and more). "
    "Payments are handled securely at checkout by our payment provider; we never see or "
    "store your full card number."
)
PLAN_ANSWER = (
    "Yes. Plans can be upgraded, downgraded or cancelled at any time from Billing & Plans. "
    "Changes apply from your next billing period."
)

FAQ: tuple[tuple[str, str, str], ...] = (
    (
        "getting-started",
        "How do I get started?",
        "Sign up, complete your profile and AI personalization, then open the Tool Explorer "
        "and launch a tool. Each tool asks a few questions about your startup and returns "
        "an analysis you can save to your dashboard.",
    ),
    (
        "tools",
        "What tools are available?",
        "Unstuck includes "
        + ", ".join(tool.name for tool in ALL_TOOLS[:-1])
        + f" and {ALL_TOOLS[-1].name}: strategy, funding, growth, idea validation and "
        "analytics in one place.",
    ),
    (
        "ai-personalization",
        "How does AI personalization work?",
        "In Account Settings, the AI Personalization tab sets your preferred response style, "
        "expertise level, industry focus, tone and level of detail. The tools use these "
        "settings to tailor their answers to you.",
    ),
    ("plan", "Can I change my plan?", PLAN_ANSWER),
    (
        "security",
        "Is my data secure?",
        "Your data is tied to your account and only you can see it. Passwords are stored as "
        "salted hashes, sessions use secure HttpOnly cookies, and you can turn on two-factor "
        "authentication in the Security tab of Account Settings.",
    ),
    ("payment", "What payment methods do you accept?", PAYMENT_ANSWER),
)


def _quick_link(label: str, description: str, href: str, icon: str) -> rx.Component:
    body = rx.hstack(
        tile(
            rx.icon(icon, size=20, aria_hidden="true"),
            "2.5rem",
            "var(--radius-4)",
            "var(--violet-a3)",
            color="var(--violet-11)",
        ),
        line_stack(
            rx.text(label, weight="medium", size="3", color="var(--gray-12)"),
            muted_text(description),
        ),
        spacing="3",
        align="start",
    )
    style = {
        **card_style,
        "padding": "1.1rem 1.25rem",
        "display": "block",
        "text_decoration": "none",
        "transition": "border-color 200ms ease, background-color 200ms ease",
        "_hover": {"background": "var(--gray-a3)", "border_color": "var(--violet-a7)"},
    }
    if href.startswith("#"):  # same-page anchor: a plain link the browser scrolls to
        return rx.el.a(body, href=href, class_name="help-quick-link", style=style)
    return rx.link(body, href=href, class_name="help-quick-link", style=style, underline="none")


def _section_heading(text: str, anchor: str = "") -> rx.Component:
    props = {"id": anchor} if anchor else {}
    return rx.heading(
        text,
        as_="h2",
        size="5",
        style={**heading_style, "scroll_margin_top": "6rem"},
        **props,
    )


def _card(*children: rx.Component, **props: Any) -> rx.Component:
    """`children` in a column on a card (theme `card_style`, then `props["style"]`), 0.75rem
    apart."""
    style = {**card_style, **props.pop("style", {})}
    return rx.vstack(*children, spacing="3", align="start", **props, style=style)


def _guide_card(tool: Tool) -> rx.Component:
    return _card(
        tool_heading(tool, "h3", "2.5rem", 20),
        muted_text(tool.description, flex_grow="1"),
        rx.link(
            f"Open {tool.name}",
            rx.icon("arrow-right", size=14, aria_hidden="true"),
            href=tool.path,
            size="2",
            weight="medium",
            style={"display": "inline-flex", "align_items": "center", "gap": "0.35rem"},
        ),
        class_name="help-guide-tool",
        style={"border_top": f"3px solid var(--{tool.color}-9)"},
    )


def _documentation() -> rx.Component:
    return full_width_stack(
        rx.grid(
            *[_quick_link(*link) for link in QUICK_LINKS],
            columns=rx.breakpoints(initial="1", sm="2", lg="4"),
            spacing="3",
            width="100%",
            class_name="help-quick-links",
        ),
        _card(
            _section_heading("Getting Started", "getting-started"),
            rx.el.ol(
                *[rx.el.li(muted_text(text, size="3")) for text in GETTING_STARTED],
                style={
                    "padding_left": "1.5rem",
                    "margin": "0",
                    "display": "grid",
                    "gap": "0.5rem",
                    "list_style_type": "decimal",
                    "& li::marker": {"color": "var(--violet-11)", "font_weight": "600"},
                },
            ),
            width="100%",
        ),
        rx.vstack(
            _section_heading("AI tools guide", "ai-tools"),
            muted_text(
                "Three tools most founders start with. ",
                rx.link("See every tool", href=TOOL_EXPLORER_PATH),
                " in the Tool Explorer.",
                size="3",
            ),
            card_grid(*[_guide_card(tool) for tool in GUIDE_TOOLS], md="3"),
            spacing="3",
            **FILL_COLUMN,
        ),
        spacing="6",
    )


def _how_it_works() -> rx.Component:
    return rx.el.ol(
        *[
            rx.el.li(
                rx.hstack(
                    tile(
                        rx.text(str(number), weight="bold", size="3"),
                        "2.25rem",
                        "9999px",
                        "var(--violet-9)",
                        color="white",
                        aria_hidden="true",
                    ),
                    line_stack(
                        icon_row(
                            rx.icon(icon, size=18, color="var(--violet-11)", aria_hidden="true"),
                            rx.heading(
                                title,
                                as_="h2",
                                size="4",
                                style=heading_style,
                                class_name="help-step-title",
                            ),
                        ),
                        muted_text(text),
                    ),
                    spacing="4",
                    align="start",
                ),
                class_name="help-step",
                style={**card_style, "list_style": "none", "padding": "1.1rem 1.25rem"},
            )
            for number, (title, text, icon) in enumerate(STEPS, start=1)
        ],
        aria_label="How Unstuck works in five steps",
        style={"display": "grid", "gap": "0.75rem", "padding": "0", "margin": "0", "width": "100%"},
    )


def _faq() -> rx.Component:
    return rx.accordion.root(
        *[
            rx.accordion.item(
                header=rx.text(question, weight="medium", size="3", text_align="left"),
                content=muted_text(answer, class_name="help-faq-answer"),
                value=value,
                class_name="help-faq-item",
                data_faq=value,
            )
            for value, question, answer in FAQ
        ],
        type="single",
        class_name="help-faq",
        style={**card_style, "padding": "0.5rem"},
        **QUIET_ACCORDION,
    )


def _contact_card(
    icon: str, color: str, title: str, text: str, action: rx.Component
) -> rx.Component:
    return _card(
        rx.icon(icon, size=24, color=f"var(--{color}-11)", aria_hidden="true"),
        rx.heading(title, as_="h2", size="5", style=heading_style),
        muted_text(text, size="3"),
        action,
    )


def _contact() -> rx.Component:
    return two_columns(
        _contact_card(
            "mail",
            "violet",
            "Contact Support",
            "Questions about a tool, your account or billing? Send our team a message; "
            "we reply within 24 hours.",
            rx.button(
                rx.link(
                    "Contact Support",
                    rx.icon("arrow-right", size=16, aria_hidden="true"),
                    href="/contact",
                    class_name="help-contact-link",
                    underline="none",
                    color="var(--accent-contrast)",
                ),
                as_child=True,
                size="3",
            ),
        ),
        _contact_card(
            "users",
            "cyan",
            "Join Community",
            "A space to swap notes with other founders using Unstuck. We are building it "
            "now; until then, tell us what you'd like to see through the contact form.",
            icon_pill(
                "clock",
                "Community coming soon",
                icon_props={"aria_hidden": "true"},
                color_scheme="cyan",
                class_name="help-community-soon",
            ),
        ),
    )


@app_route(
    ROUTE,
    "Help & Support",
    "Unstuck documentation, how it works, frequently asked questions and support.",
)
def help_support() -> rx.Component:
    contents = {
        "documentation": _documentation(),
        "how-it-works": _how_it_works(),
        "faq": _faq(),
        "contact": _contact(),
    }
    return app_page(
        page_intro(
            "life-buoy",
            "Help & Support",
            ("How can we ", rx.el.span("help", style=gradient_text), "?"),
            "Guides, answers and a direct line to our team.",
        ),
        rx.tabs.root(
            rx.box(
                rx.tabs.list(
                    *[
                        rx.tabs.trigger(
                            icon_row(
                                rx.icon(icon, size=16, aria_hidden="true"),
                                label,
                                white_space="nowrap",
                            ),
                            value=value,
                        )
                        for value, label, icon in TABS
                    ],
                    size="2",
                    # Wraps to two rows on narrow screens: every tab stays in view.
                    style={"flex_wrap": "wrap"},
                ),
                width="100%",
                class_name="help-tabs",
            ),
            *[
                rx.tabs.content(contents[value], value=value, padding_top="1.5rem")
                for value, _, _ in TABS
            ],
            default_value=DEFAULT_TAB,
            width="100%",
        ),
    )
