"""/pricing: the all-access plan, testimonials, benefits, FAQ and a closing call to action.

P-PRICE-1 (content), P-PRICE-2 (canonical link, reveal on scroll via `data-reveal` and
assets/js/public.js), P-PRICE-3 (Subscribe: checkout link in a new tab, or the toast).
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.held_back import (
    BLANK,
    CHECKOUT,
    OPEN,
    button_placeholder,
    by_offer,
    by_visitor,
    line_placeholder,
)
from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.panels import ghost_icon_button
from startup_toolkit.components.props import (
    CENTRED_GRAY_TEXT,
    FILL_COLUMN,
    FLEX_ROW_CENTRED,
    QUIET_ACCORDION,
    REVEAL_ON_SCROLL,
    SOFT_PILL,
    centred_block,
)
from startup_toolkit.components.public_card import public_card
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.status_page import button_row, status_link
from startup_toolkit.components.testimonials import testimonials_section
from startup_toolkit.components.theme import CONTENT_COLUMN, gradient_text, heading_style
from startup_toolkit.domain.billing import OPEN_SERVER_NOTE
from startup_toolkit.domain.catalog import ALL_TOOLS
from startup_toolkit.services import billing
from startup_toolkit.settings import get_settings
from startup_toolkit.state.tools import ToolPageState

PRICE_LABEL = "$11"
SUBSCRIBE_LABEL = "Subscribe Now - $11/mo"
SPOTS_BANNER = "Limited Time - Only 100 Spots Left"
TOAST_TITLE = "Subscription"
TOAST_DESCRIPTION = "Checkout link coming soon..."
#: On a server where every tool is open to signed-in founders and nothing is sold.
FREE_NOTE = OPEN_SERVER_NOTE
FREE_SIGN_UP = "Sign Up Free"
FREE_DASHBOARD = "Open Your Dashboard"
#: The line under the plan's features, by offer (issue 28, item 6).
CHECKOUT_NOTE = "Secure checkout opens in a new tab."
SOON_NOTE = "Checkout opens here soon."
FREE_SIGN_UP_NOTE = "Sign up with your email: no card needed."
#: The closing call to action's second sentence, by offer.
CTA_PLAN_LINE = f"{PRICE_LABEL} per month, cancel anytime."
CTA_OPEN_LINE = "Every tool is open to signed-in founders here."

PLAN_FEATURES: tuple[str, ...] = (
    f"All {len(ALL_TOOLS)} AI tools, including the Startup Viability Scanner",
    "AI Co-Founder chat, tuned to your stage and industry",
    "Personal dashboard with saved results and activity",
    "Solutions Hub: articles, videos, templates and a live news digest",
    "New tools and improvements as they ship",
    "Email support from the founding team",
)

BENEFITS: tuple[tuple[str, str, str], ...] = (
    (
        "gauge",
        "Decide in hours, not months",
        "Score an idea, find its weak spots and get a plan before you spend on building.",
    ),
    (
        "piggy-bank",
        "Less than one coffee a week",
        "One price for every tool. No per-seat fees, no credits to count, no upsells.",
    ),
    (
        "layers",
        "Everything in one place",
        "Validation, funding, growth and strategy tools that share your context.",
    ),
    (
        "shield-check",
        "Cancel anytime",
        "Monthly billing through a trusted card processor. Stop whenever you like.",
    ),
)

FAQ: tuple[tuple[str, str], ...] = (
    (
        "Can I cancel anytime?",
        "Yes. The plan is billed monthly and you can cancel whenever you like; you keep "
        "access until the end of the period you paid for.",
    ),
    (
        "What does the plan include?",
        "Every tool on Unstuck (Viability Scanner, AI Co-Founder, Funding Predictor, Growth "
        "Engine, Idea Incubator, Startup Oracle and Startup Arena), your dashboard and the "
        "Solutions Hub.",
    ),
    (
        "How do payments work?",
        "Checkout is handled by our card payment provider, which accepts all major credit "
        "cards. We never see or store your card number.",
    ),
    (
        "Do you offer team or custom plans?",
        "Talk to us through Contact Sales and we will find something that fits your team.",
    ),
)


class PricingState(rx.State):
    """Where the Subscribe buttons go (P-PRICE-3), and a billing problem to show."""

    #: Why the last checkout or portal could not open ('' when nothing went wrong).
    billing_problem: str = ""

    @rx.var(initial_value="")
    def checkout_url(self) -> str:
        """Stripe Checkout (through our route, which knows the user), the configured checkout
        link when it is an http(s) URL, or '' (the buttons then show the toast); read from
        the running server's settings (never from the browser), '' in the built page."""
        return billing.checkout_target()

    @rx.event
    def load(self) -> None:
        """on_load: the billing problem named in the URL, if any."""
        code = self.router.url.query_parameters.get("billing_error", "")
        self.billing_problem = billing.problem_message(code)

    @rx.event
    def dismiss_problem(self) -> None:
        self.billing_problem = ""

    @rx.event
    def subscribe(self) -> EventSpec:
        """The one place that decides what Subscribe does: open checkout, say it is coming,
        or, where nothing is sold, lead to sign-up."""
        if billing.free_access():
            return rx.redirect("/signup")
        url = billing.checkout_target()
        if url:
            return rx.redirect(url, is_external=True)
        return rx.toast(TOAST_TITLE, description=TOAST_DESCRIPTION)


def billing_problem_callout() -> rx.Component:
    """What stopped the last checkout, with a way to close it."""
    return rx.cond(
        PricingState.billing_problem != "",
        rx.callout.root(
            rx.callout.icon(rx.icon("triangle-alert", size=18)),
            rx.callout.text(PricingState.billing_problem),
            ghost_icon_button(
                "x",
                "Dismiss",
                on_click=PricingState.dismiss_problem,
                color_scheme="gray",
                size="1",
                margin_left="auto",
            ),
            color_scheme="amber",
            role="alert",
            id="billing-problem",
            width="100%",
            **FLEX_ROW_CENTRED,
        ),
    )


def free_note() -> rx.Component:
    """Says that this server's tools are open to every signed-in founder (issue 17, item 8)."""
    return rx.cond(
        ToolPageState.offer == OPEN,
        rx.callout.root(
            rx.callout.icon(rx.icon("lock-open", size=18)),
            rx.callout.text(FREE_NOTE),
            color_scheme="green",
            id="free-access-note",
            width="100%",
        ),
    )


def _free_button(element_id: str, **props: Any) -> rx.Component:
    """Where Subscribe leads when nothing is sold here: sign-up, or the founder's dashboard."""

    def go(label: str, href: str) -> rx.Component:
        return link_button(
            rx.fragment(rx.icon("sparkles", size=18), rx.text(label, as_="span")),
            href,
            link_props={"id": element_id, "custom_attrs": {"data-subscribe": "free"}},
            **props,
        )

    return by_visitor(
        signed_in=go(FREE_DASHBOARD, "/dashboard"),
        signed_out=go(FREE_SIGN_UP, "/signup"),
        placeholder=_button_room(**props),
    )


def _button_room(**props: Any) -> rx.Component:
    """A Subscribe button's room while the server has not said what it does."""
    return button_placeholder(props.get("size", "3"), props.get("width", "9rem"))


def subscribe_button(label: str, element_id: str, **props: Any) -> rx.Component:
    """P-PRICE-3: a link that opens checkout in a new tab, or a button that shows the toast;
    on a server that sells nothing and opens every tool, a link to sign up. Its room only,
    until the server has said which (issue 28, item 6)."""
    content = rx.fragment(rx.icon("sparkles", size=18), rx.text(label, as_="span"))
    return rx.match(
        ToolPageState.offer,
        ("", _button_room(**props)),
        (OPEN, _free_button(element_id, **props)),
        (CHECKOUT, _checkout_link(content, element_id, **props)),
        rx.button(
            content,
            on_click=PricingState.subscribe,
            id=element_id,
            custom_attrs={"data-subscribe": "pending"},
            **props,
        ),
    )


def _checkout_link(content: rx.Component, element_id: str, **props: Any) -> rx.Component:
    return rx.button(
        rx.el.a(
            content,
            href=PricingState.checkout_url,
            target="_blank",
            rel="noopener noreferrer",
            id=element_id,
            custom_attrs={"data-subscribe": "checkout"},
        ),
        as_child=True,
        **props,
    )


def checkout_note() -> rx.Component:
    """The line under the plan's features: how checkout opens, that it is coming, or, where
    nothing is sold, that signing up needs no card."""
    return rx.match(
        ToolPageState.offer,
        ("", line_placeholder("1")),
        (OPEN, _icon_note("user-plus", 14, FREE_SIGN_UP_NOTE, "1", "0.35rem")),
        (CHECKOUT, _icon_note("lock", 14, CHECKOUT_NOTE, "1", "0.35rem")),
        _icon_note("clock", 14, SOON_NOTE, "1", "0.35rem"),
    )


def spots_banner() -> rx.Component:
    return rx.el.div(
        rx.el.span(class_name="spots-banner-dot", aria_hidden="true"),
        SPOTS_BANNER,
        class_name="spots-banner",
        role="note",
    )


#: The vertical padding of the sections below the plan card (tighter than the standard one).
TIGHT_PADDING_Y = ["2rem", "2.5rem", "3rem"]


def _tight_section(*children: rx.Component, **props: Any) -> rx.Component:
    """A page section with the tighter padding of the sections below the plan card."""
    return section(*children, padding_y=TIGHT_PADDING_Y, **props)


def _title(*parts: Any, level: str = "h2", size: Any = None) -> rx.Component:
    """A centred section title (`level` h2, unless said otherwise)."""
    size = size or rx.breakpoints(initial="7", sm="8")
    return rx.heading(*parts, as_=level, size=size, align="center", style=heading_style)


def _lead(text: Any, max_width: str, **props: Any) -> rx.Component:
    """The grey line under a centred section title, at most `max_width` wide."""
    return rx.text(text, max_width=max_width, **CENTRED_GRAY_TEXT, **props)


def _icon_note(
    icon: str, icon_size: int, text: str, size: str, gap: str, **icon_props: Any
) -> rx.Component:
    """A grey line of `text` after `icon`."""
    return rx.text(
        rx.icon(icon, size=icon_size, **icon_props),
        text,
        size=size,
        color_scheme="gray",
        **FLEX_ROW_CENTRED,
        gap=gap,
    )


def hero() -> rx.Component:
    return rx.el.section(
        rx.vstack(
            spots_banner(),
            _title(
                "One plan. ",
                rx.el.span("Every tool.", style=gradient_text),
                level="h1",
                size=rx.breakpoints(initial="8", sm="9"),
            ),
            _lead(
                "Get all-access to the AI toolkit that diagnoses, plans and grows your startup. "
                "Simple monthly pricing, cancel anytime.",
                "38rem",
                size=rx.breakpoints(initial="3", sm="4"),
            ),
            spacing="5",
            align="center",
            **CONTENT_COLUMN,
            padding_top=["3rem", "4rem", "5rem"],
            padding_bottom="2.5rem",
        ),
        class_name="public-hero",
    )


def feature_item(text: str) -> rx.Component:
    return rx.el.li(
        rx.el.span(rx.icon("check", size=14, stroke_width=3), class_name="plan-feature-check"),
        rx.text(text, size="3"),
    )


def plan_card() -> rx.Component:
    return rx.box(
        rx.vstack(
            rx.hstack(
                line_stack(
                    rx.heading("All-Access Plan", as_="h2", size="6", style=heading_style),
                    rx.text("Every tool, one simple price", size="2", color_scheme="gray"),
                ),
                rx.badge("Most popular", **SOFT_PILL),
                justify="between",
                align="start",
                width="100%",
                wrap="wrap",
                spacing="3",
            ),
            rx.hstack(
                rx.el.span(PRICE_LABEL, class_name="plan-price"),
                rx.text("per month", size="3", color_scheme="gray", padding_bottom="0.4rem"),
                align="end",
                spacing="2",
            ),
            _icon_note(
                "circle-check",
                16,
                "Cancel anytime. No setup fees, no contracts.",
                "2",
                "0.4rem",
                color="var(--green-11)",
            ),
            billing_problem_callout(),
            free_note(),
            subscribe_button(SUBSCRIBE_LABEL, "plan-subscribe", size="4", width="100%"),
            rx.separator(size="4"),
            rx.text("Everything included", size="2", weight="bold"),
            rx.el.ul(
                *[feature_item(text) for text in PLAN_FEATURES], class_name="plan-feature-list"
            ),
            checkout_note(),
            spacing="5",
            **FILL_COLUMN,
        ),
        class_name="plan-card",
        id="plan-card",
        **REVEAL_ON_SCROLL,
    )


def benefit_card(icon: str, title: str, text: str, index: int) -> rx.Component:
    return public_card(
        icon,
        rx.heading(title, as_="h3", size="4", style=heading_style),
        rx.text(text, size="2", color_scheme="gray"),
        **REVEAL_ON_SCROLL,
        style={"--reveal-delay": f"{index * 100}ms"},
    )


def benefits() -> rx.Component:
    return section(
        rx.vstack(
            rx.text(
                "Why founders choose Unstuck", size="2", weight="bold", color="var(--accent-11)"
            ),
            _title("Built to get you moving"),
            _lead(
                "Stop guessing. Get clear answers, a plan and the next step for your startup.",
                "36rem",
            ),
            spacing="3",
            align="center",
            margin_bottom="2.5rem",
        ),
        card_grid(
            *[benefit_card(icon, title, text, i) for i, (icon, title, text) in enumerate(BENEFITS)],
            sm="2",
            lg="4",
        ),
        id="benefits",
    )


def faq() -> rx.Component:
    return _tight_section(
        rx.vstack(
            _title("Questions, answered"),
            rx.accordion.root(
                *[
                    rx.accordion.item(header=question, content=answer, value=f"faq-{i}")
                    for i, (question, answer) in enumerate(FAQ)
                ],
                type="multiple",
                class_name="faq-root",
                **QUIET_ACCORDION,
            ),
            spacing="6",
            align="center",
            **centred_block("46rem"),
            **REVEAL_ON_SCROLL,
        ),
        id="faq",
    )


def closing_cta() -> rx.Component:
    return _tight_section(
        rx.box(
            rx.vstack(
                _title("Ready to get unstuck?"),
                _lead(
                    rx.fragment(
                        "Join founders who validate faster, raise smarter and grow with a plan. ",
                        by_offer(
                            open_part=rx.el.span(CTA_OPEN_LINE),
                            plan_part=rx.el.span(CTA_PLAN_LINE),
                            placeholder=rx.el.span(BLANK),
                        ),
                    ),
                    "34rem",
                    size="3",
                ),
                button_row(
                    subscribe_button("Subscribe", "cta-subscribe", size="3"),
                    status_link(
                        "message-circle",
                        "Contact Sales",
                        "/contact",
                        variant="outline",
                        id="contact-sales",
                    ),
                ),
                spacing="5",
                align="center",
            ),
            class_name="cta-panel",
            id="pricing-cta",
            **REVEAL_ON_SCROLL,
        ),
    )


@page_route(
    "/pricing",
    "Pricing",
    "One all-access plan for every Unstuck AI tool: $11 per month, cancel anytime.",
    meta=[rx.el.link(rel="canonical", href=f"{get_settings().public_base_url}/pricing")],
    on_load=PricingState.load,
)
def pricing() -> rx.Component:
    return page_layout(
        hero(),
        section(plan_card(), padding_y=["0.5rem", "1rem", "1rem"]),
        testimonials_section(),
        benefits(),
        faq(),
        closing_cta(),
    )
