"""The site footer: tagline, social icons, resource links and the copyright line."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.brand import logo
from startup_toolkit.components.held_back import BLANK, by_visitor
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.theme import CONTENT_COLUMN
from startup_toolkit.components.tooltip import delayed_tooltip
from startup_toolkit.domain.catalog import TOOL_EXPLORER_PATH
from startup_toolkit.settings import get_settings

#: The visitor's current year, computed in the browser (no date library on every page).
CURRENT_YEAR = rx.Var("new Date().getFullYear()").to(int)

RESOURCE_LINKS: tuple[tuple[str, str], ...] = (
    ("Solutions Hub", "/solutions"),
    ("Tools", TOOL_EXPLORER_PATH),
    ("Pricing", "/pricing"),
    ("Contact", "/contact"),
)
COMPANY_LINKS: tuple[tuple[str, str], ...] = (("Home", "/"),)
#: The company column's account links: a visitor's, and a signed-in founder's instead.
VISITOR_LINKS: tuple[tuple[str, str], ...] = (("Sign In", "/login"), ("Sign Up", "/signup"))
FOUNDER_LINKS: tuple[tuple[str, str], ...] = (("Dashboard", "/dashboard"), ("Profile", "/profile"))


def social_icon(icon: str, label: str, url: str) -> rx.Component:
    """A social link, or, while the address is not configured, an icon that says so."""
    image = rx.image(src=f"/img/social/{icon}.svg", width="18px", height="18px", alt="")
    if url:
        link = rx.link(image, href=url, is_external=True, aria_label=label, color="var(--gray-11)")
        return delayed_tooltip(link, label)
    placeholder = rx.box(
        image, aria_label=f"{label} (coming soon)", role="img", color="var(--gray-9)", tab_index=0
    )
    return delayed_tooltip(placeholder, f"{label}: coming soon")


def social_icons() -> rx.Component:
    s = get_settings()
    return rx.hstack(
        social_icon("x", "Twitter / X", s.social_twitter_url),
        social_icon("linkedin", "LinkedIn", s.social_linkedin_url),
        social_icon("github", "GitHub", s.social_github_url),
        spacing="4",
    )


def _items(links: tuple[tuple[str, str], ...]) -> list[rx.Component]:
    return [
        rx.el.li(rx.link(label, href=href, class_name="footer-link", size="2"))
        for label, href in links
    ]


def _unpainted_items(count: int) -> list[rx.Component]:
    """`count` list items' room, not painted, while the account links are not decided."""
    return [
        rx.el.li(rx.text(BLANK, size="2"), aria_hidden="true", style={"visibility": "hidden"})
        for _ in range(count)
    ]


def _link_column(
    title: str, links: tuple[tuple[str, str], ...], *more: rx.Component
) -> rx.Component:
    return rx.vstack(
        rx.text(title, weight="bold", size="2"),
        rx.el.ul(
            *_items(links),
            *more,
            style={
                "list_style": "none",
                "padding": 0,
                "margin": 0,
                "display": "grid",
                "gap": "0.5rem",
            },
        ),
        spacing="3",
        align="start",
    )


def site_footer() -> rx.Component:
    name = get_settings().product_name
    return rx.el.footer(
        rx.box(
            card_grid(
                rx.vstack(
                    logo(),
                    rx.text(
                        "Simply, get UNSTUCK. AI tools that diagnose, plan and grow your startup.",
                        size="2",
                        color_scheme="gray",
                        max_width="22rem",
                    ),
                    social_icons(),
                    spacing="4",
                    align="start",
                ),
                _link_column("Resources", RESOURCE_LINKS),
                _link_column(
                    "Company",
                    COMPANY_LINKS,
                    by_visitor(
                        signed_in=rx.fragment(*_items(FOUNDER_LINKS)),
                        signed_out=rx.fragment(*_items(VISITOR_LINKS)),
                        placeholder=rx.fragment(*_unpainted_items(len(VISITOR_LINKS))),
                    ),
                ),
                spacing="6",
                sm="3",
            ),
            rx.separator(margin_y="1.5rem"),
            rx.text(
                "© ",
                rx.el.span(CURRENT_YEAR, id="copyright-year"),
                f" {name}. All rights reserved.",
                size="1",
                color_scheme="gray",
            ),
            padding_y="3rem",
            **CONTENT_COLUMN,
        ),
        border_top="1px solid var(--gray-a4)",
        margin_top="4rem",
    )
