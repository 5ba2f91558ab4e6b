"""One module per route; importing this package registers every page with Reflex."""

from startup_toolkit.pages import contact, home, manage_plans, not_found, pricing, subscribe

__all__ = ["contact", "home", "manage_plans", "not_found", "pricing", "subscribe"]
