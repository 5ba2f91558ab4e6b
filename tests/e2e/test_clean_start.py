"""A clean start (issue 28, item 12): `reflex run --env prod` loads, checks and compiles the app
with no "Table ... already exists within the given MetaData" and no "Page ... is being
redefined" warning.

The supervisor imports the app, checks the schema (`rx.ModelRegistry.get_metadata()`) and
compiles it for the frontend; each worker, forked from it, compiles the same app object again.
The browser tests' one production build is that command (tests/e2e/conftest.py), so its output
until the app answered is what is read here, and its pages are what it built."""

from __future__ import annotations

import json

from tests.e2e.conftest import Build, LiveApp


def test_the_server_starts_without_duplicate_tables_or_pages(
    app_build: Build, live_app: LiveApp
) -> None:
    started = app_build.log.read_text(errors="replace")
    assert "App running at" in started, started[-3000:]
    assert "already exists within the given MetaData" not in started, started
    assert "is being redefined" not in started, started
    # Every page is compiled once (the pages are added once, by the app module).
    routes = json.loads((app_build.workdir / ".web/routes.json").read_text())
    assert len(routes) == len(set(routes)), routes
    assert {"index", "pricing", "dashboard", "ai-cofounder", "shared/[share_token]"} <= set(routes)
