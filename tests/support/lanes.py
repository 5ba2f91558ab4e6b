"""How `make test` (`pytest -n 2 --dist loadgroup`) splits the suite over its two workers.

Three lanes, each run whole by one worker: the fast tests (state, services, domain), the
browser tests that drive the app's AI and mail peers ("browser": the worker running them
builds the app once and serves it), and the browser tests that only need the app's address and
database ("browser-shared": they run on the other worker once its fast tests are done, against
the same running app). In the browser lane the apps with other settings (Stripe's, live
research's) come first, before the default app starts serving the shared lane.
"""

from __future__ import annotations

import os

#: Browser test files that use the default app without its AI or SMTP peers.
SHARED_APP_FILES = frozenset(
    {
        "test_accounts.py",
        "test_arena.py",
        "test_dashboard.py",
        "test_first_load.py",
        "test_home.py",
        "test_ideas.py",
        "test_notifications_help.py",
        "test_profile.py",
        "test_public_pages.py",
        "test_public_routes.py",
        "test_share_links.py",
        "test_shell.py",
        "test_tool_explorer.py",
        "test_workspace_cofounder.py",
    }
)
#: Browser test files whose apps take over the build's port: first in the browser lane.
OTHER_APP_FILES = frozenset({"test_billing.py", "test_research.py"})

FAST, BROWSER, SHARED = "fast", "browser", "browser-shared"


def _path(nodeid: str) -> str:
    return nodeid.replace(os.sep, "/").split("::", 1)[0]


def lane(nodeid: str) -> str:
    path = _path(nodeid)
    if not path.startswith("tests/e2e/"):
        return FAST
    return SHARED if path.rsplit("/", 1)[-1] in SHARED_APP_FILES else BROWSER


def run_order(nodeid: str) -> tuple[int, int]:
    """Sort key: the fast lane, then the browser lane (other apps first), then the shared one.
    Browser tests run last in a process: Playwright's sync API keeps an event loop running in
    the main thread until the session ends, which would break `asyncio.run` in later tests."""
    which = lane(nodeid)
    first = _path(nodeid).rsplit("/", 1)[-1] in OTHER_APP_FILES
    return ((FAST, BROWSER, SHARED).index(which), 0 if first else 1)
