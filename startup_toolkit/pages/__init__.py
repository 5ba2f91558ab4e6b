"""One module per route; importing this package registers every page with Reflex."""

from startup_toolkit.pages import (
    ai_cofounder,
    contact,
    dashboard,
    help_support,
    home,
    login,
    manage_plans,
    not_found,
    notifications,
    pricing,
    profile,
    settings_redirect,
    signup,
    subscribe,
    tool_explorer,
    viability_scanner,
)

__all__ = [
    "ai_cofounder",
    "contact",
    "dashboard",
    "help_support",
    "home",
    "login",
    "manage_plans",
    "not_found",
    "notifications",
    "pricing",
    "profile",
    "settings_redirect",
    "signup",
    "subscribe",
    "tool_explorer",
    "viability_scanner",
]
