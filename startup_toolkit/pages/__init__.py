"""One module per route; importing this package registers every page with Reflex."""

from startup_toolkit.pages import (
    contact,
    dashboard,
    home,
    login,
    manage_plans,
    not_found,
    pricing,
    signup,
    subscribe,
    tool_explorer,
)

__all__ = [
    "contact",
    "dashboard",
    "home",
    "login",
    "manage_plans",
    "not_found",
    "pricing",
    "signup",
    "subscribe",
    "tool_explorer",
]
