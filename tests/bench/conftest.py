"""The bench smoke test runs with the browser tests: marked `e2e` (so `make test-fast` skips
it) and in the `browser` xdist group instead of `fast` (see tests/conftest.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


def _is_bench_test(item: pytest.Item) -> bool:
    return "/tests/bench/" in str(item.path).replace(os.sep, "/")


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """Around the other hooks (the top conftest adds the `fast` group): these tests end up
    marked `e2e` and only in the `browser` group."""
    for item in items:
        if _is_bench_test(item):
            item.add_marker(pytest.mark.e2e)
    yield
    for item in items:
        if _is_bench_test(item):
            item.own_markers = [m for m in item.own_markers if m.name != "xdist_group"]
            item.add_marker(pytest.mark.xdist_group("browser"))
