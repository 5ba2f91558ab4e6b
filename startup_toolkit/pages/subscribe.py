"""/subscribe/success (P-PRICE-4) and /subscribe/canceled (P-PRICE-5).

The success page grants nothing and writes no subscription flag: the billing issue adds the
server-side check of the checkout session. Confetti is drawn by assets/js/public.js when the
`data-confetti` marker appears (3 s, skipped with reduced motion).
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.layout import page_layout
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain.catalog import AI_COFOUNDER, TOOL_EXPLORER_PATH

NEXT_STEPS: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "layout-dashboard",
        "Launch Dashboard",
        "/dashboard",
        "Your stats, saved results and activity in one place.",
        "launch-dashboard",
    ),
    (
        AI_COFOUNDER.icon,
        "Try AI Co-Founder",
        AI_COFOUNDER.path,
        "Talk through your model, pricing and next experiment.",
        "try-ai-cofounder",
    ),
    (
        "compass",
        "Explore All Tools",
        TOOL_EXPLORER_PATH,
        "Find the right tool for where your startup is today.",
        "explore-all-tools",
    ),
)


def status_shell(*children: rx.Component, max_width: str = "52rem") -> rx.Component:
    """A centred, full-height column with the public hero backdrop."""
    return rx.el.section(
        rx.vstack(
            *children,
            spacing="5",
            align="center",
            text_align="center",
            max_width=max_width,
            margin_x="auto",
            padding_x=["1rem", "1.5rem", "2rem"],
            padding_y=["3.5rem", "5rem", "6rem"],
        ),
        class_name="public-hero",
        min_height="70vh",
        display="flex",
        align_items="center",
    )


def next_step(icon: str, label: str, href: str, text: str, element_id: str) -> rx.Component:
    return rx.box(
        rx.vstack(
            rx.el.span(rx.icon(icon, size=22), class_name="public-icon"),
            rx.text(text, size="2", color_scheme="gray", text_align="left"),
            link_button(
                rx.fragment(label, rx.icon("arrow-right", size=16)),
                href,
                size="3",
                width="100%",
                white_space="nowrap",
                id=element_id,
            ),
            spacing="3",
            align="start",
            height="100%",
            justify="between",
        ),
        class_name="public-card",
    )


@rx.page(
    route="/subscribe/success",
    title="You're All Set! | Unstuck",
    description="Thanks for subscribing to Unstuck. Launch your dashboard or try a tool.",
)
def subscribe_success() -> rx.Component:
    return page_layout(
        status_shell(
            rx.box(custom_attrs={"data-confetti": ""}, aria_hidden="true", display="none"),
            rx.el.span(rx.icon("party-popper", size=34), class_name="status-badge success"),
            rx.heading(
                "You're All Set!",
                as_="h1",
                size=rx.breakpoints(initial="8", sm="9"),
                style=heading_style,
            ),
            rx.text(
                "Thanks for subscribing to Unstuck. Pick where to start: every tool is one "
                "click away.",
                size=rx.breakpoints(initial="3", sm="4"),
                color_scheme="gray",
                max_width="34rem",
            ),
            rx.grid(
                *[next_step(*step) for step in NEXT_STEPS],
                columns=rx.breakpoints(initial="1", sm="3"),
                spacing="4",
                width="100%",
                padding_top="1rem",
            ),
            rx.link(
                rx.hstack(
                    rx.icon("house", size=16), rx.text("Back to Home"), spacing="2", align="center"
                ),
                href="/",
                color_scheme="gray",
                id="success-home",
            ),
            max_width="66rem",
        )
    )


@rx.page(
    route="/subscribe/canceled",
    title="Checkout canceled | Unstuck",
    description="Your checkout was canceled and you have not been charged.",
)
def subscribe_canceled() -> rx.Component:
    return page_layout(
        status_shell(
            rx.el.span(rx.icon("circle-x", size=34), class_name="status-badge neutral"),
            rx.heading(
                "Checkout canceled",
                as_="h1",
                size=rx.breakpoints(initial="8", sm="9"),
                style=heading_style,
            ),
            rx.text(
                "No worries: you have not been charged. The plan will be here whenever you "
                "are ready.",
                size=rx.breakpoints(initial="3", sm="4"),
                color_scheme="gray",
                max_width="32rem",
            ),
            rx.box(
                link_button(
                    rx.fragment(rx.icon("arrow-left", size=18), "Return to Pricing"),
                    "/pricing",
                    size="3",
                    id="return-to-pricing",
                ),
                link_button(
                    rx.fragment(rx.icon("house", size=18), "Back Home"),
                    "/",
                    size="3",
                    variant="soft",
                    color_scheme="gray",
                    id="back-home",
                ),
                class_name="button-row stack-mobile",
            ),
            rx.text(
                "Questions about the plan? ",
                rx.link("Contact us", href="/contact"),
                ".",
                size="2",
                color_scheme="gray",
            ),
        )
    )
