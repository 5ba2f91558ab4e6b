"""Reflex configuration of the blank baseline app the benchmarks compare Unstuck with."""

import reflex as rx

config = rx.Config(
    app_name="baseline",
    telemetry_enabled=False,
    show_built_with_reflex=False,
    cors_allowed_origins=["*"],
    disable_plugins=[rx.plugins.SitemapPlugin],
)
