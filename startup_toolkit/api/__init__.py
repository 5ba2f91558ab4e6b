"""Plain HTTP routes mounted beside Reflex's own (`api_transformer`)."""

from __future__ import annotations

from starlette.applications import Starlette

from startup_toolkit.api.auth import AUTH_ROUTES
from startup_toolkit.api.billing import BILLING_ROUTES
from startup_toolkit.api.exports import EXPORT_ROUTES
from startup_toolkit.api.recovery import RECOVERY_ROUTES
from startup_toolkit.api.watch import WATCH_ROUTES

api = Starlette(
    routes=[*AUTH_ROUTES, *RECOVERY_ROUTES, *BILLING_ROUTES, *EXPORT_ROUTES, *WATCH_ROUTES]
)
