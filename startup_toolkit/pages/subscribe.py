"""/subscribe/success (P-PRICE-4) and /subscribe/canceled (P-PRICE-5).

With Stripe configured, the success page asks Stripe on the server whether the checkout
session in its URL is paid and belongs to the signed-in founder; only then is the subscription
recorded, the browser's `isSubscribed` hint written (it never grants access by itself), and
the founder thanked ("You're All Set!", confetti). Without a valid session the page says what
it found and grants nothing. A server with only a plain checkout link cannot check, so it
thanks as the spec says; a server with no checkout at all has nothing to confirm and says so.
Confetti is drawn by assets/js/public.js when the `data-confetti` marker appears (3 s, skipped
with reduced motion).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.held_back import BLANK, line_placeholder, unpainted
from startup_toolkit.components.layout import page_layout
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.props import LIVE_STATUS, SOFT_GRAY, WIDE_CONTROL
from startup_toolkit.components.public_card import public_card
from startup_toolkit.components.status_page import (
    button_row,
    status_badge,
    status_heading,
    status_link,
    status_shell,
)
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.domain.billing import OPEN_SERVER_NOTE
from startup_toolkit.domain.catalog import AI_COFOUNDER, TOOL_EXPLORER_PATH
from startup_toolkit.services import billing
from startup_toolkit.state.auth import AuthState, signed_in_user_id
from startup_toolkit.state.private import attempt

#: What the founder reads once the checkout session has been checked, by outcome.
CONFIRMATION_TEXTS: dict[str, tuple[str, str]] = {
    "checking": ("", "Confirming your payment..."),
    "confirmed": ("circle-check", "Payment confirmed: your Premium Plan is active."),
    "unpaid": (
        "clock",
        "Your payment is still being processed. Your access starts as soon as it clears.",
    ),
    "not_yours": (
        "user-x",
        "This checkout belongs to another account. Sign in with the account you subscribed with.",
    ),
    "invalid": (
        "circle-help",
        "We could not find this checkout. If you have just paid, your access appears within "
        "a minute; otherwise return to pricing.",
    ),
    "unavailable": (
        "wifi-off",
        "We could not reach the payment provider to confirm your payment.",
    ),
    "signed_out": ("log-in", "Sign in to finish setting up your subscription."),
    "no_checkout": (
        "circle-help",
        "There is no checkout to confirm on this server yet: checkout is coming soon.",
    ),
}
#: Where every tool is open to signed-in founders and nothing is sold, the page tells the
#: story pricing and home tell (issue 28, item 6): nothing to confirm, nothing to pay.
OPEN_OUTCOME = "open"
OPEN_HEADING = "No subscription needed"
#: The outcomes that thank the founder: a confirmed payment, or (THANKS_UNCHECKED) a plain
#: checkout link's return, which no server can check.
THANKS_UNCHECKED = ""
THANKED_OUTCOMES = frozenset({"confirmed", THANKS_UNCHECKED})
THANKS_HEADING = "You're All Set!"
THANKS_TEXT = (
    "Thanks for subscribing to Unstuck. Pick where to start: every tool is one click away."
)
CHECK_HEADING = "Your subscription"
CHECK_TEXT = "We confirm a checkout with the payment provider before we thank you for it."
#: Outcomes that may change by themselves: the page checks again after each of these pauses
#: (about half a minute in all), then asks the founder to refresh.
RECHECK_OUTCOMES = frozenset({"unpaid", "unavailable"})
RECHECK_DELAYS: tuple[float, ...] = (2.0, 3.0, 5.0, 8.0, 12.0)
SUBSCRIBED_FLAG_SCRIPT = "window.localStorage.setItem('isSubscribed', 'true')"


async def _pause(seconds: float) -> None:
    await asyncio.sleep(seconds)


async def _confirm(user_id: str, session_id: str) -> str:
    """One check of the checkout session with Stripe (a CONFIRMATION_TEXTS key)."""
    return await attempt(
        billing.confirm_checkout,
        user_id,
        session_id,
        failed="unavailable",
        what="confirm a checkout session",
    )


@dataclasses.dataclass
class CheckView:
    """What the page says of the checkout: the check's outcome, whether it checks again, the
    sign-in link back to this page, and whether it thanks the founder."""

    #: A CONFIRMATION_TEXTS key, or THANKS_UNCHECKED for a plain checkout link's return.
    outcome: str = "checking"
    sign_in_href: str = "/login"
    #: True while waiting to check an unpaid or unanswered session again.
    rechecking: bool = False
    thanked: bool = False


def _check_view(outcome: str, sign_in_href: str = "/login", rechecking: bool = False) -> CheckView:
    return CheckView(outcome, sign_in_href, rechecking, outcome in THANKED_OUTCOMES)


def _unchecked_outcome(mode: str) -> str:
    """Without Stripe: a plain link's return (thanked unchecked), a server that sells nothing
    (OPEN_OUTCOME), or a plan with no checkout yet."""
    if mode == "link":
        return THANKS_UNCHECKED
    return OPEN_OUTCOME if billing.free_access() else "no_checkout"


class SubscribeSuccessState(rx.State):
    """The server-side check of the checkout session named in the success URL (`view`: None
    until the page's load starts it; the page says it is confirming until then)."""

    view: CheckView | None = None

    @rx.event(background=True)
    async def verify(self) -> AsyncIterator[EventSpec]:
        """on_load: confirm the session with Stripe, record it, then write the browser hint."""
        async with self:
            mode = billing.checkout_mode()
            if mode != "stripe":
                self.view = _check_view(_unchecked_outcome(mode))
                return
            session_id = self.router.url.query_parameters.get("session_id", "")
            query = self.router.url.query
            href = "/login?next=" + quote(
                "/subscribe/success" + (f"?{query}" if query else ""), safe=""
            )
            self.view = _check_view("checking", href)
            user_id = await signed_in_user_id(self)
        if user_id is None:
            outcome = "signed_out"
        else:
            outcome = await _confirm(user_id, session_id)
            for delay in RECHECK_DELAYS:
                if outcome not in RECHECK_OUTCOMES:
                    break
                async with self:
                    self.view = _check_view(outcome, href, rechecking=True)
                await _pause(delay)
                outcome = await _confirm(user_id, session_id)
        async with self:
            self.view = _check_view(outcome, href)
        if outcome == "confirmed":
            yield rx.call_script(SUBSCRIBED_FLAG_SCRIPT)
            yield AuthState.load


def confirmation_line() -> rx.Component:
    """The outcome of the check, read out politely to screen readers (a line's room until
    the page's load has said what there is to check; nothing where nothing is sold)."""
    view = SubscribeSuccessState.view

    def line(key: str) -> rx.Component:
        icon, text = CONFIRMATION_TEXTS[key]
        ok = key == "confirmed"
        return icon_row(
            rx.spinner(size="2") if key == "checking" else rx.icon(icon, size=18),
            rx.text(text, size="3", weight="medium"),
            rx.link("Sign in", href=SubscribeSuccessState.view.sign_in_href, weight="bold")
            if key == "signed_out"
            else rx.fragment(),
            justify="center",
            wrap="wrap",
            color=f"var(--{'green' if ok else 'amber' if key != 'checking' else 'gray'}-11)",
        )

    def follow_up() -> rx.Component:
        """For an outcome that may still change: checking again, or how to check later."""
        return rx.cond(
            SubscribeSuccessState.view.rechecking,
            icon_row(
                rx.spinner(size="1"),
                rx.text("Checking again automatically...", size="2"),
                justify="center",
                color_scheme="gray",
                id="subscription-rechecking",
            ),
            rx.text("Refresh this page in a minute to check again.", size="2", color_scheme="gray"),
        )

    return rx.box(
        rx.cond(
            view.is_none(),
            line_placeholder("3"),
            rx.match(
                view.outcome,
                *[
                    (
                        key,
                        rx.vstack(line(key), follow_up(), spacing="1", align="center")
                        if key in RECHECK_OUTCOMES
                        else line(key),
                    )
                    for key in CONFIRMATION_TEXTS
                ],
                rx.fragment(),
            ),
        ),
        id="subscription-confirmation",
        **LIVE_STATUS,
    )


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


def next_step(icon: str, label: str, href: str, text: str, element_id: str) -> rx.Component:
    return public_card(
        icon,
        rx.text(text, size="2", color_scheme="gray", text_align="left"),
        link_button(
            rx.fragment(label, rx.icon("arrow-right", size=16)),
            href,
            white_space="nowrap",
            id=element_id,
            **WIDE_CONTROL,
        ),
        stack={"height": "100%", "justify": "between"},
    )


def _success_heading() -> rx.Component:
    """Thanks for a confirmed payment, the open server's story, or the check's heading; their
    room only until the page's load has said which (the built page cannot know)."""
    view = SubscribeSuccessState.view
    return rx.cond(
        view.is_none(),
        rx.fragment(
            unpainted(status_badge("receipt", "neutral")),
            unpainted(
                status_heading(BLANK, BLANK, text_width="34rem"),
                display="flex",
                flex_direction="column",
                gap="var(--space-5)",
            ),
        ),
        rx.cond(
            view.thanked,
            rx.fragment(
                rx.box(custom_attrs={"data-confetti": ""}, aria_hidden="true", display="none"),
                status_badge("party-popper", "success"),
                status_heading(THANKS_HEADING, THANKS_TEXT, text_width="34rem"),
            ),
            rx.cond(
                view.outcome == OPEN_OUTCOME,
                rx.fragment(
                    status_badge("lock-open", "neutral"),
                    status_heading(OPEN_HEADING, OPEN_SERVER_NOTE, text_width="34rem"),
                ),
                rx.fragment(
                    status_badge("receipt", "neutral"),
                    status_heading(CHECK_HEADING, CHECK_TEXT, text_width="34rem"),
                ),
            ),
        ),
    )


@page_route(
    "/subscribe/success",
    "You're All Set!",
    "Thanks for subscribing to Unstuck. Launch your dashboard or try a tool.",
    on_load=SubscribeSuccessState.verify,
)
def subscribe_success() -> rx.Component:
    return page_layout(
        status_shell(
            _success_heading(),
            confirmation_line(),
            rx.grid(
                *[next_step(*step) for step in NEXT_STEPS],
                columns=rx.breakpoints(initial="1", sm="3"),
                spacing="4",
                width="100%",
                padding_top="1rem",
            ),
            rx.link(
                icon_row(rx.icon("house", size=16), rx.text("Back to Home")),
                href="/",
                color_scheme="gray",
                id="success-home",
            ),
            max_width="66rem",
        )
    )


@page_route(
    "/subscribe/canceled",
    "Checkout canceled",
    "Your checkout was canceled and you have not been charged.",
)
def subscribe_canceled() -> rx.Component:
    return page_layout(
        status_shell(
            status_badge("circle-x", "neutral"),
            status_heading(
                "Checkout canceled",
                "No worries: you have not been charged. The plan will be here whenever you "
                "are ready.",
                text_width="32rem",
            ),
            button_row(
                status_link("arrow-left", "Return to Pricing", "/pricing", id="return-to-pricing"),
                status_link("house", "Back Home", "/", id="back-home", **SOFT_GRAY),
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
