"""The Reflex app: theme, toaster, shipped assets, pages and plain HTTP routes."""

from __future__ import annotations

import reflex as rx

from startup_toolkit import models, pages  # noqa: F401  (every table; every page in SITE_PAGES)
from startup_toolkit.api import api
from startup_toolkit.api.cache_control import CacheControl
from startup_toolkit.api.page_paths import PagePaths
from startup_toolkit.api.security_headers import SecurityHeaders
from startup_toolkit.components.page_route import add_site_pages
from startup_toolkit.components.theme import APPEARANCE, SCRIPTS, STYLESHEETS
from startup_toolkit.db import use_db_threads
from startup_toolkit.providers import log_redaction
from startup_toolkit.providers.heap import freeze_when_started
from startup_toolkit.services.outbox import run_outbox_worker
from startup_toolkit.services.run_leases import run_leases_kept
from startup_toolkit.services.watch_checks import run_watch_worker
from startup_toolkit.state.event_input import ArgumentCheck, bound_socket_nesting
from startup_toolkit.state.malformed_events import backend_exception_handler
from startup_toolkit.state.private_state import PrivateStateGuard

# No log line holds a cookie, password, token, ticket, code or secret, and a visitor's
# malformed event leaves one rate-limited line (rxconfig installs it first; this keeps it for
# any other way of loading the app).
log_redaction.install()

# Every table is on SQLModel's metadata, which `reflex db` sees through Reflex's own `rx.Model`;
# registering a model of ours beside it made Reflex merge that metadata with itself, one
# "Table ... already exists" warning per table (issue 28, item 12).
app = rx.App(
    stylesheets=STYLESHEETS,
    head_components=[
        rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml"),
        *[rx.script(src=src, defer=True) for src in SCRIPTS],
    ],
    html_lang="en",
    # P-SHELL-6: one toast at a time, in the app's own (dark) theme whatever the system's;
    # sonner labels it Notifications, Alt+T (its defaults).
    toaster=rx.toast.provider(
        visible_toasts=1,
        theme=APPEARANCE,
        position="bottom-right",
        close_button=True,
    ),
    # Our routes beside Reflex's; pages served at their slash-less address; then caching and
    # security headers around everything it serves.
    api_transformer=[api, PagePaths, CacheControl, SecurityHeaders],
    backend_exception_handler=backend_exception_handler,
)
# Each page added once, here: a production server compiles this app twice (supervisor, then
# worker) and Reflex re-adds `@rx.page` pages at every compile (components/page_route.py).
add_site_pages(app)
# Database threads as many as the pool has connections for them (issue 29, item 2).
app.register_lifespan_task(use_db_threads)
app.register_lifespan_task(run_outbox_worker)
# The weekly watch's schedule (issue 30): every worker runs it; a claim in the database runs
# each check once.
app.register_lifespan_task(run_watch_worker)
# AI runs' leases renewed, dead workers' runs marked interrupted, and at shutdown the runs
# under way given RUN_GRACE_SECONDS to finish (issue 29, items 3 and 4).
app.register_lifespan_task(run_leases_kept)
# Full garbage collections walk only what the worker made after start (providers/heap.py).
app.register_lifespan_task(freeze_when_started)
# Client input in the shape the app declared (issue 27, item 3, state/event_input.py): bounded
# nesting before the socket decodes a frame, handler arguments checked against the handler.
bound_socket_nesting(app.sio)
app.add_middleware(ArgumentCheck())
# Private page state is shown only to the session it belongs to (state/private_state.py).
app.add_middleware(PrivateStateGuard())
