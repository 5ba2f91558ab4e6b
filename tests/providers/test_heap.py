"""The backend worker's startup heap is frozen out of the cycle collector's reach (issue 12:
full collections walked it all and stalled every tab for 20-120 ms under load)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from startup_toolkit.providers import heap


@pytest.fixture
def thawed() -> Iterator[None]:
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_a_full_collection_no_longer_walks_the_startup_heap(thawed: None) -> None:
    import startup_toolkit.startup_toolkit  # noqa: F401  (the app, as a worker loads it)

    walked_before = len(gc.get_objects())
    frozen = heap.freeze_startup_heap()
    assert frozen == gc.get_freeze_count() > 100_000  # the app's modules, classes, components
    assert len(gc.get_objects()) < walked_before - 100_000


def test_every_worker_freezes_its_heap_once_started(thawed: None) -> None:
    from startup_toolkit.startup_toolkit import app

    assert heap.freeze_when_started in app.get_lifespan_tasks()
    asyncio.run(heap.freeze_when_started())
    assert gc.get_freeze_count() > 100_000
    assert gc.get_threshold() == heap.COLLECTOR_THRESHOLDS != (700, 10, 10)
