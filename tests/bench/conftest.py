"""The bench smoke test (marked `bench`) builds the blank app: it runs in `make bench-smoke`,
not in `make test` (one production build per test run); marked `e2e` too, so `make test-fast`
skips it. The table's own tests run everywhere."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/bench/" in item.nodeid and item.get_closest_marker("bench"):
            item.add_marker(pytest.mark.e2e)
