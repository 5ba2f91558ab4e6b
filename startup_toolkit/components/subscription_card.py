"""The subscription view of the profile page (P-PROF-6).

`subscription_card(...)` takes plain values or state Vars (the profile feeds it from
check-subscription): plan name, plan type ('free' or 'premium'), active flag, price, billing cycle,
dates, payment method, features and billing history. A free plan also shows the upgrade pitch:
the 'Premium Plan' at 29.99 monthly with its features and an Upgrade link to /pricing.
Prices stay as the spec states them (29.99 premium / 0 free in this view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from startup_toolkit.components.form_kit import icon_tile
from startup_toolkit.components.pill import pill
from startup_toolkit.components.props import FILL_COLUMN, SPREAD_ROW, WIDE_CONTROL, WRAP_ROW
from startup_toolkit.components.theme import card_style, heading_style

FREE_PLAN_NAME = "Free Plan"
PREMIUM_PLAN_NAME = "Premium Plan"
FREE_PRICE = 0
PREMIUM_PRICE = 29.99
PREMIUM_BILLING_CYCLE = "monthly"
FREE_FEATURES: tuple[str, ...] = (
    "Basic AI tools access",
    "Limited document generation",
    "Community support",
)
PREMIUM_FEATURES: tuple[str, ...] = (
    "Access to all AI tools",
    "Unlimited document generation",
    "Priority support",
    "Advanced analytics",
    "Custom AI settings",
)
UPGRADE_HREF = "/pricing"
MANAGE_HREF = "/manage-plans"

_CSS = """
.sub-card { position: relative; overflow: hidden; }
.sub-price { font-family: var(--heading-font-family); font-weight: 700; line-height: 1;
  letter-spacing: -0.03em; color: var(--gray-12); font-size: 2.25rem; }
.sub-features { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.55rem; }
.sub-features li { display: flex; gap: 0.55rem; align-items: flex-start; color: var(--gray-12);
  font-size: var(--font-size-2); line-height: 1.45; }
.sub-check { flex: none; display: inline-flex; align-items: center; justify-content: center;
  width: 1.15rem; height: 1.15rem; border-radius: 999px; margin-top: 0.1rem;
  background: var(--gray-a4); color: var(--gray-11); }
.sub-check-premium { background: var(--violet-a4); color: var(--violet-11); }
.sub-upgrade { border-radius: var(--radius-4); padding: 1.1rem;
  background:
    linear-gradient(var(--color-panel-solid), var(--color-panel-solid)) padding-box,
    linear-gradient(140deg, var(--violet-9), var(--cyan-9) 60%, var(--gray-a6)) border-box;
  border: 1px solid transparent; box-shadow: 0 18px 50px -28px var(--violet-a8); }
.sub-history { width: 100%; border-collapse: collapse; font-size: var(--font-size-2); }
.sub-history th { text-align: left; font-weight: 500; color: var(--gray-11);
  padding: 0.35rem 0.25rem; border-bottom: 1px solid var(--gray-a5); }
.sub-history td:first-child { white-space: nowrap; }
.sub-history td { padding: 0.45rem 0.25rem; border-bottom: 1px solid var(--gray-a3);
  color: var(--gray-12); }
"""


def _var(value: Any) -> rx.Var:
    return value if isinstance(value, rx.Var) else rx.Var.create(value)


def _price_label(price: float | int | rx.Var) -> rx.Var | str:
    """'$0', '$29.99' (a Var price is shown as it comes)."""
    if isinstance(price, rx.Var):
        return "$" + price.to_string()
    return f"${price:,.2f}".replace(".00", "") if price else "$0"


def _feature_list(features: Sequence[str] | rx.Var, premium: bool, list_id: str) -> rx.Component:
    check_class = "sub-check sub-check-premium" if premium else "sub-check"

    def item(text: Any) -> rx.Component:
        return rx.el.li(
            rx.el.span(
                rx.icon("check", size=12, stroke_width=3),
                class_name=check_class,
                aria_hidden="true",
            ),
            rx.el.span(text),
        )

    if isinstance(features, rx.Var):
        return rx.el.ul(rx.foreach(features, item), class_name="sub-features", id=list_id)
    return rx.el.ul(*[item(text) for text in features], class_name="sub-features", id=list_id)


def _detail(label: str, value: Any) -> rx.Component:
    """One 'label: value' row, hidden when the value is empty."""
    return rx.cond(
        _var(value) != "",
        rx.hstack(
            rx.text(label, size="2", color_scheme="gray"),
            rx.text(value, size="2", weight="medium", text_align="right"),
            justify="between",
            width="100%",
            spacing="3",
        ),
    )


def _details(start_date: Any, next_billing_date: Any, payment_method: Any) -> rx.Component:
    """Dates and payment method (left out when all of them are plain empty strings)."""
    values = (start_date, next_billing_date, payment_method)
    if all(not isinstance(v, rx.Var) and not v for v in values):
        return rx.fragment()
    return rx.vstack(
        _detail("Started", start_date),
        _detail("Next billing date", next_billing_date),
        _detail("Payment method", payment_method),
        spacing="2",
        **FILL_COLUMN,
        id="subscription-details",
    )


def _history_row(entry: Any) -> rx.Component:
    return rx.el.tr(
        rx.el.td(entry["date"]),
        rx.el.td(entry["description"]),
        rx.el.td(entry["amount"], text_align="right"),
    )


def _billing_history(history: Sequence[dict[str, str]] | rx.Var) -> rx.Component:
    rows = (
        rx.foreach(history, _history_row)
        if isinstance(history, rx.Var)
        else rx.fragment(*[_history_row(_var(entry)) for entry in history])
    )
    return rx.cond(
        _var(history).length() > 0,
        rx.vstack(
            rx.text("Billing history", size="2", weight="bold"),
            rx.el.table(
                rx.el.thead(
                    rx.el.tr(
                        rx.el.th("Date", scope="col"),
                        rx.el.th("Description", scope="col"),
                        rx.el.th("Amount", scope="col", text_align="right"),
                    )
                ),
                rx.el.tbody(rows),
                class_name="sub-history",
            ),
            spacing="2",
            **FILL_COLUMN,
            id="subscription-history",
        ),
    )


def _premium_badge(**props: Any) -> rx.Component:
    """The solid 'Premium Plan' badge with its crown."""
    return rx.badge(
        rx.icon("crown", size=13), PREMIUM_PLAN_NAME, variant="solid", radius="full", **props
    )


def _per_cycle(*text: Any, gap: str) -> rx.Component:
    """The grey '/ monthly' (or 'forever') after a price, `gap` above the price's baseline."""
    return rx.text(*text, size="2", color_scheme="gray", padding_bottom=gap)


def _link_button(
    label: str, icon: str, href: str | rx.Var, element_id: str, **props: Any
) -> rx.Component:
    """A button that is a real client-side link (one tab stop)."""
    return rx.button(
        ReactRouterLink.create(
            rx.icon(icon, size=16), rx.text(label, as_="span"), to=href, id=element_id
        ),
        as_child=True,
        **props,
    )


def _manage_button(href: str | rx.Var) -> rx.Component:
    """'Manage plan': the billing portal route opens in a new tab; an app page in this one."""
    props: dict[str, Any] = {"size": "2", "variant": "soft", "width": "100%"}
    content = (rx.icon("settings-2", size=16), rx.text("Manage plan", as_="span"))
    portal = rx.button(
        rx.el.a(
            *content,
            href=href,
            target="_blank",
            rel="noopener noreferrer",
            id="subscription-manage",
        ),
        as_child=True,
        **props,
    )
    in_app = _link_button("Manage plan", "settings-2", href, "subscription-manage", **props)
    if isinstance(href, rx.Var):
        return rx.cond(href.to(str).startswith("/api/"), portal, in_app)
    return portal if href.startswith("/api/") else in_app


def upgrade_pitch(
    price: float | rx.Var = PREMIUM_PRICE,
    billing_cycle: str | rx.Var = PREMIUM_BILLING_CYCLE,
    features: Sequence[str] | rx.Var = PREMIUM_FEATURES,
    href: str = UPGRADE_HREF,
) -> rx.Component:
    """The premium plan offer: 'Premium Plan' badge, 29.99 monthly, features, Upgrade link."""
    return rx.vstack(
        rx.hstack(
            _premium_badge(size="2", id="premium-plan-badge"),
            rx.text("Recommended", size="1", color_scheme="gray"),
            **SPREAD_ROW,
        ),
        rx.hstack(
            rx.el.span(_price_label(price), class_name="sub-price", font_size="1.75rem"),
            _per_cycle("/ ", billing_cycle, gap="0.2rem"),
            align="end",
            spacing="2",
            id="premium-plan-price",
        ),
        _feature_list(features, premium=True, list_id="premium-plan-features"),
        _link_button("Upgrade", "sparkles", href, "subscription-upgrade", **WIDE_CONTROL),
        spacing="4",
        **FILL_COLUMN,
        class_name="sub-upgrade",
        id="premium-plan-offer",
    )


def subscription_card(
    *,
    plan_name: str | rx.Var = FREE_PLAN_NAME,
    plan_type: str | rx.Var = "free",
    is_active: bool | rx.Var = True,
    price: float | int | rx.Var = FREE_PRICE,
    billing_cycle: str | rx.Var = "",
    start_date: str | rx.Var = "",
    next_billing_date: str | rx.Var = "",
    payment_method: str | rx.Var = "",
    features: Sequence[str] | rx.Var = FREE_FEATURES,
    billing_history: Sequence[dict[str, str]] | rx.Var = (),
    upgrade_href: str = UPGRADE_HREF,
    manage_href: str | rx.Var = MANAGE_HREF,
    note: str | rx.Var = "",
    offer: bool | rx.Var = True,
) -> rx.Component:
    """P-PROF-6: the user's plan, its details and features; on the free plan, the upgrade
    pitch (unless `offer` is False: nothing is sold here); on premium, the 'Premium Plan'
    badge and a Manage link. `note` says what the plan includes beyond its name."""
    premium = _var(plan_type) == "premium"
    active = _var(is_active)
    return rx.box(
        rx.el.style(_CSS),
        rx.vstack(
            rx.hstack(
                rx.hstack(
                    icon_tile("credit-card"),
                    rx.heading("Subscription", as_="h2", size="4", style=heading_style),
                    spacing="3",
                    align="center",
                ),
                pill(
                    rx.cond(active, "Active", "Inactive"),
                    tone=rx.cond(active, "green", "gray"),
                    id="subscription-status",
                ),
                **SPREAD_ROW,
            ),
            rx.vstack(
                rx.hstack(
                    rx.text(
                        plan_name,
                        size="3",
                        weight="bold",
                        id="subscription-plan-name",
                    ),
                    rx.cond(premium, _premium_badge()),
                    rx.cond(
                        _var(note) != "",
                        pill(
                            rx.icon("badge-check", size=13),
                            note,
                            tone="green",
                            id="subscription-plan-note",
                        ),
                    ),
                    spacing="2",
                    **WRAP_ROW,
                ),
                rx.hstack(
                    rx.el.span(
                        _price_label(price), class_name="sub-price", id="subscription-price"
                    ),
                    rx.cond(
                        _var(billing_cycle) != "",
                        _per_cycle("/ ", billing_cycle, gap="0.3rem"),
                        _per_cycle("forever", gap="0.3rem"),
                    ),
                    align="end",
                    spacing="2",
                ),
                rx.el.span(plan_type, id="subscription-plan-type", class_name="sr-only"),
                spacing="2",
                **FILL_COLUMN,
            ),
            _details(start_date, next_billing_date, payment_method),
            rx.vstack(
                rx.text("Your plan includes", size="2", weight="bold"),
                _feature_list(features, premium=False, list_id="subscription-features"),
                spacing="2",
                **FILL_COLUMN,
            ),
            _billing_history(billing_history),
            rx.cond(
                premium,
                _manage_button(manage_href),
                rx.cond(_var(offer), upgrade_pitch(href=upgrade_href)),
            ),
            spacing="5",
            **FILL_COLUMN,
        ),
        class_name="sub-card",
        id="subscription-card",
        style=card_style,
        width="100%",
    )
