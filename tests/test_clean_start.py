"""A clean start (issue 28, item 12): the app loads and compiles the way `reflex run --env prod`
loads it, with no "Table ... already exists within the given MetaData" and no "Page ... is being
redefined" warning.

The supervisor imports the app, checks the schema (`rx.ModelRegistry.get_metadata()`) and
compiles it for the frontend; each worker, forked from it, compiles the same app object again.
A fresh interpreter does the same here, with two dry-run compiles (nothing written to .web).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_START_LIKE_THE_SERVER = """
import json, logging, warnings

messages = []


class Keep(logging.Handler):
    def emit(self, record):
        if record.levelno >= logging.WARNING:
            messages.append(record.getMessage())


logging.getLogger().addHandler(Keep())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import reflex as rx
    from reflex.utils import prerequisites

    app = prerequisites.get_app().app
    rx.ModelRegistry.get_metadata()
    app._compile(dry_run=True, use_rich=False)
    app._compile(dry_run=True, use_rich=False)
messages += [str(w.message) for w in caught]
print("RESULT " + json.dumps({"messages": messages, "routes": sorted(app._unevaluated_pages)}))
"""


def _start_like_the_server(tmp_path: Path) -> dict[str, list[str]]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'start.db'}",
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_CHECK_LATEST_VERSION": "false",
    }
    done = subprocess.run(
        [sys.executable, "-c", _START_LIKE_THE_SERVER],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line.removeprefix("RESULT "))


def test_the_server_starts_without_duplicate_tables_or_pages(tmp_path: Path) -> None:
    started = _start_like_the_server(tmp_path)
    tables = [m for m in started["messages"] if "already exists within the given MetaData" in m]
    pages = [m for m in started["messages"] if "is being redefined" in m]
    assert tables == [], tables
    assert pages == [], pages
    # Every page is still served (the pages are added once, by the app module).
    assert {"index", "pricing", "dashboard", "ai-cofounder", "shared/[share_token]"} <= set(
        started["routes"]
    )
