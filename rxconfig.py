"""Reflex configuration; every value comes from `startup_toolkit.settings`."""

import os

import reflex as rx

from startup_toolkit.components.chunk_plugin import ChunkGroupsPlugin
from startup_toolkit.components.paint_first_plugin import PaintFirstPlugin
from startup_toolkit.components.radix_plugin import LeanRadixThemesPlugin
from startup_toolkit.components.theme import ACCENT, APPEARANCE
from startup_toolkit.granian_workers import respawn_failed_workers
from startup_toolkit.providers import log_redaction
from startup_toolkit.settings import get_settings

# The first module every Reflex process reads (the CLI and each worker): scrub its log.
log_redaction.install()
# A worker that dies is restarted; the server and the other workers go on (issue 29).
respawn_failed_workers()

_settings = get_settings()
# `reflex run --env prod` exports REFLEX_ENV_MODE before the workers read this file.
_production = os.environ.get("REFLEX_ENV_MODE") == "prod"

_state_store = _settings.state_manager_mode(_production)
# Read by Reflex when a worker makes its Redis state manager (the workers inherit them).
for _name, _value in _settings.state_lease_environment(_state_store).items():
    os.environ.setdefault(_name, _value)

config = rx.Config(
    app_name="startup_toolkit",
    db_url=_settings.database_url,
    redis_url=_settings.redis_url or None,
    state_manager_mode=_state_store,
    # Memory and Redis stores both expire a tab's state this long after its last event.
    redis_token_expiration=_settings.state_expiry_seconds,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    cors_allowed_origins=_settings.cors_origins,
    trusted_proxy_hops=_settings.trusted_proxy_hops,
    plugins=[
        LeanRadixThemesPlugin(
            theme=rx.theme(
                appearance=APPEARANCE,
                accent_color=ACCENT,
                gray_color="slate",
                radius="large",
                scaling="100%",
            )
        ),
        ChunkGroupsPlugin(),
        PaintFirstPlugin(),
    ],
    disable_plugins=[rx.plugins.SitemapPlugin],
)
