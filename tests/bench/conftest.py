"""The bench smoke test runs with the browser tests (the lane is chosen in tests/conftest.py):
marked `e2e`, so `make test-fast` skips it."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/bench/" in item.nodeid:
            item.add_marker(pytest.mark.e2e)
