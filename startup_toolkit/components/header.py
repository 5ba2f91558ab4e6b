"""The fixed site header: navigation, the tools menu and the full-screen mobile menu."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.brand import logo
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.theme import CONTENT_MAX_WIDTH
from startup_toolkit.domain.catalog import ALL_TOOLS, TOOL_EXPLORER_PATH
from startup_toolkit.state.auth import AuthState

NAV_LINKS: tuple[tuple[str, str], ...] = (
    ("Home", "/"),
    ("Solutions", "/solutions"),
    ("Pricing", "/pricing"),
    ("Contact", "/contact"),
)


def _tools_menu() -> rx.Component:
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                "Tools",
                rx.icon("chevron-down", size=14),
                variant="ghost",
                color_scheme="gray",
                size="2",
                class_name="nav-link",
            ),
        ),
        rx.menu.content(
            rx.text(
                "Specialized Tools",
                size="1",
                weight="bold",
                color_scheme="gray",
                padding="0.4rem 0.75rem",
            ),
            *[
                rx.menu.item(
                    rx.hstack(rx.icon(t.icon, size=16), rx.text(t.name), spacing="2"),
                    on_select=rx.redirect(t.path),
                )
                for t in ALL_TOOLS
            ],
            rx.menu.separator(),
            rx.menu.item("Explore all tools", on_select=rx.redirect(TOOL_EXPLORER_PATH)),
            min_width="16rem",
            aria_label="Specialized Tools",
        ),
    )


USER_MENU_LINKS: tuple[tuple[str, str, str], ...] = (
    ("Dashboard", "/dashboard", "layout-dashboard"),
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
            *[
                rx.menu.item(
                    rx.hstack(rx.icon(icon, size=16), rx.text(label), spacing="2"),
                    on_select=rx.redirect(href),
                )
                for label, href, icon in USER_MENU_LINKS
            ],
            rx.menu.separator(),
            rx.menu.item(
                rx.hstack(rx.icon("log-out", size=16), rx.text("Sign out"), spacing="2"),
                on_select=AuthState.sign_out,
                color="red",
            ),
            min_width="14rem",
            align="end",
        ),
    )


def auth_actions() -> rx.Component:
    """P-SHELL-4: Dashboard and the avatar menu when signed in; Sign In / Sign Up otherwise."""
    return rx.cond(
        AuthState.signed_in,
        rx.hstack(
            link_button("Dashboard", "/dashboard", size="2"),
            _user_menu(),
            spacing="3",
            align="center",
        ),
        rx.hstack(
            link_button("Sign In", "/login", variant="soft", size="2"),
            link_button("Sign Up", "/signup", size="2"),
            spacing="2",
        ),
    )


def _mobile_menu() -> rx.Component:
    def close_link(label: str, href: str) -> rx.Component:
        return rx.dialog.close(rx.link(label, href=href, class_name="mobile-menu-link"))

    return rx.dialog.root(
        rx.dialog.trigger(
            rx.icon_button(
                rx.icon("menu", size=22),
                variant="ghost",
                size="3",
                aria_label="Open menu",
            ),
        ),
        rx.dialog.content(
            rx.vstack(
                rx.hstack(
                    logo(),
                    rx.dialog.close(
                        rx.icon_button(
                            rx.icon("x", size=22),
                            variant="ghost",
                            size="3",
                            aria_label="Close menu",
                        )
                    ),
                    justify="between",
                    align="center",
                    width="100%",
                ),
                rx.dialog.title("Menu", class_name="sr-only"),
                rx.dialog.description("Site navigation", class_name="sr-only"),
                rx.box(*[close_link(label, href) for label, href in NAV_LINKS], width="100%"),
                rx.text(
                    "Specialized Tools",
                    size="2",
                    weight="bold",
                    color_scheme="gray",
                    padding_top="1rem",
                ),
                rx.box(*[close_link(t.name, t.path) for t in ALL_TOOLS], width="100%"),
                rx.cond(
                    AuthState.signed_in,
                    rx.box(
                        rx.text(
                            "Account",
                            size="2",
                            weight="bold",
                            color_scheme="gray",
                            padding_top="1rem",
                        ),
                        *[close_link(label, href) for label, href, _ in USER_MENU_LINKS],
                        rx.dialog.close(
                            rx.button(
                                "Sign out",
                                variant="soft",
                                color_scheme="red",
                                size="3",
                                width="100%",
                                margin_top="1.5rem",
                                on_click=AuthState.sign_out,
                            )
                        ),
                        width="100%",
                    ),
                    rx.hstack(
                        rx.dialog.close(
                            rx.link(
                                rx.button("Sign In", variant="soft", size="3", width="100%"),
                                href="/login",
                                width="100%",
                            )
                        ),
                        rx.dialog.close(
                            rx.link(
                                rx.button("Sign Up", size="3", width="100%"),
                                href="/signup",
                                width="100%",
                            )
                        ),
                        width="100%",
                        padding_top="1.5rem",
                        spacing="3",
                    ),
                ),
                spacing="3",
                width="100%",
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
            justify="between",
            align="center",
            max_width=CONTENT_MAX_WIDTH,
            margin_x="auto",
            padding_x=["1rem", "1.5rem", "2rem"],
            width="100%",
        ),
        class_name="site-header",
        id="site-header",
        on_mount=AuthState.load,
    )
