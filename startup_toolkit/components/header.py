"""The fixed site header: navigation, the tools menu and the full-screen mobile menu."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import reflex as rx

from startup_toolkit.components.brand import logo
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.held_back import button_placeholder, by_visitor
from startup_toolkit.components.props import FILL_COLUMN, SOFT_RED, SPREAD_ROW, WIDE_CONTROL
from startup_toolkit.components.theme import CONTENT_COLUMN
from startup_toolkit.domain.catalog import ALL_TOOLS, TOOL_EXPLORER_PATH
from startup_toolkit.state.auth import AuthState

NAV_LINKS: tuple[tuple[str, str], ...] = (
    ("Home", "/"),
    ("Solutions", "/solutions"),
    ("Pricing", "/pricing"),
    ("Contact", "/contact"),
)


#: A quiet grey control (menu triggers, the mobile menu's open and close buttons).
_GHOST_GRAY: dict[str, Any] = {"variant": "ghost", "color_scheme": "gray"}


def _group_title(text: str, size: str, **props: Any) -> rx.Component:
    """The bold grey title over a group of links."""
    return rx.text(text, size=size, weight="bold", color_scheme="gray", **props)


def _menu_entry(icon: str, label: str, on_select: Any, **props: Any) -> rx.Component:
    """A dropdown item: `icon` beside `label`."""
    return rx.menu.item(
        rx.hstack(rx.icon(icon, size=16), rx.text(label), spacing="2"),
        on_select=on_select,
        **props,
    )


def _tools_menu() -> rx.Component:
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                "Tools",
                rx.icon("chevron-down", size=14),
                size="2",
                class_name="nav-link",
                **_GHOST_GRAY,
            ),
        ),
        rx.menu.content(
            _group_title("Specialized Tools", "1", padding="0.4rem 0.75rem"),
            *[_menu_entry(t.icon, t.name, rx.redirect(t.path)) for t in ALL_TOOLS],
            rx.menu.separator(),
            rx.menu.item("Explore all tools", on_select=rx.redirect(TOOL_EXPLORER_PATH)),
            min_width="16rem",
            aria_label="Specialized Tools",
        ),
    )


USER_MENU_LINKS: tuple[tuple[str, str, str], ...] = (
    ("Dashboard", "/dashboard", "layout-dashboard"),
    ("My Ideas", "/ideas", "lightbulb"),
    ("Profile", "/profile", "user"),
    ("Security", "/profile?tab=security", "shield"),
    ("Notifications", "/notifications", "bell"),
    ("Help & Support", "/help-support", "life-buoy"),
)


def user_avatar(size: str = "2") -> rx.Component:
    return rx.avatar(
        src=AuthState.avatar_url,
        fallback=AuthState.user_initials,
        size=size,
        radius="full",
        color_scheme="violet",
    )


def _user_menu() -> rx.Component:
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                user_avatar(),
                variant="ghost",
                radius="full",
                aria_label="Account menu",
                padding="0",
            ),
        ),
        rx.menu.content(
            rx.box(
                rx.text(AuthState.user_name, weight="bold", size="2"),
                rx.text(AuthState.user_email, size="1", color_scheme="gray"),
                padding="0.4rem 0.75rem",
            ),
            rx.menu.separator(),
            *[_menu_entry(icon, label, rx.redirect(href)) for label, href, icon in USER_MENU_LINKS],
            rx.menu.separator(),
            _menu_entry("log-out", "Sign out", AuthState.sign_out, color="red"),
            min_width="14rem",
            align="end",
        ),
    )


def _sign_in_up(link: Callable[..., rx.Component], **row: Any) -> rx.Component:
    """Sign In (soft) beside Sign Up, each made by `link(label, href, **props)`; `row` styles
    the row."""
    return rx.hstack(link("Sign In", "/login", variant="soft"), link("Sign Up", "/signup"), **row)


def auth_actions() -> rx.Component:
    """P-SHELL-4: Dashboard and the avatar menu when signed in; Sign In / Sign Up otherwise;
    their room only until the tab's session was read (issue 28, item 6)."""
    return by_visitor(
        signed_in=rx.hstack(
            link_button("Dashboard", "/dashboard", size="2"),
            _user_menu(),
            spacing="3",
            align="center",
        ),
        signed_out=_sign_in_up(partial(link_button, size="2"), spacing="2"),
        placeholder=rx.hstack(
            button_placeholder("2", "4.75rem"), button_placeholder("2", "5.25rem"), spacing="2"
        ),
    )


def _menu_button(icon: str, label: str) -> rx.Component:
    """The mobile menu's open or close button."""
    return rx.icon_button(rx.icon(icon, size=22), variant="ghost", size="3", aria_label=label)


def _wide_button(label: str, **props: Any) -> rx.Component:
    """A large button as wide as the mobile menu."""
    return rx.button(label, **WIDE_CONTROL, **props)


def _mobile_auth_link(label: str, href: str, **props: Any) -> rx.Component:
    """Sign In or Sign Up in the mobile menu: a wide button that closes it."""
    return rx.dialog.close(rx.link(_wide_button(label, **props), href=href, width="100%"))


def _mobile_menu() -> rx.Component:
    def close_link(label: str, href: str) -> rx.Component:
        return rx.dialog.close(rx.link(label, href=href, class_name="mobile-menu-link"))

    sign_out = _wide_button(
        "Sign out",
        margin_top="1.5rem",
        on_click=AuthState.sign_out,
        **SOFT_RED,
    )
    return rx.dialog.root(
        rx.dialog.trigger(_menu_button("menu", "Open menu")),
        rx.dialog.content(
            rx.vstack(
                rx.hstack(logo(), rx.dialog.close(_menu_button("x", "Close menu")), **SPREAD_ROW),
                rx.dialog.title("Menu", class_name="sr-only"),
                rx.dialog.description("Site navigation", class_name="sr-only"),
                rx.box(*[close_link(label, href) for label, href in NAV_LINKS], width="100%"),
                _group_title("Specialized Tools", "2", padding_top="1rem"),
                rx.box(*[close_link(t.name, t.path) for t in ALL_TOOLS], width="100%"),
                by_visitor(
                    signed_in=rx.box(
                        _group_title("Account", "2", padding_top="1rem"),
                        *[close_link(label, href) for label, href, _ in USER_MENU_LINKS],
                        rx.dialog.close(sign_out),
                        width="100%",
                    ),
                    signed_out=_sign_in_up(
                        _mobile_auth_link, width="100%", padding_top="1.5rem", spacing="3"
                    ),
                    placeholder=rx.fragment(),
                ),
                spacing="3",
                **FILL_COLUMN,
            ),
            class_name="mobile-menu",
            aria_label="Menu",
        ),
    )


def site_header() -> rx.Component:
    return rx.el.header(
        rx.hstack(
            logo(),
            rx.hstack(
                *[rx.link(label, href=href, class_name="nav-link") for label, href in NAV_LINKS],
                _tools_menu(),
                spacing="1",
                align="center",
                display=["none", "none", "flex"],
            ),
            rx.box(auth_actions(), display=["none", "none", "block"]),
            rx.box(_mobile_menu(), display=["block", "block", "none"]),
            **SPREAD_ROW,
            **CONTENT_COLUMN,
        ),
        class_name="site-header",
        id="site-header",
        on_mount=AuthState.load,
    )
