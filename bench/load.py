"""Socket.IO load: N tabs open at once, each sending one action after another (or at a
steady pace for the stall probe); latencies until the awaited reply, and throughput."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.protocol import Tab
from bench.targets import Action

REPLY_TIMEOUT = 30.0
OPEN_BATCH = 20


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of `values` (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


@dataclass
class LoadResult:
    """Latencies (ms) of every completed action, over `seconds` of wall time."""

    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    received: int = 0
    errors: int = 0

    @property
    def p50(self) -> float:
        return percentile(self.latencies, 0.50)

    @property
    def p95(self) -> float:
        return percentile(self.latencies, 0.95)

    @property
    def max(self) -> float:
        return max(self.latencies, default=0.0)

    @property
    def rate(self) -> float:
        """Completed actions per second."""
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    @property
    def kb_per_op(self) -> float:
        """Kilobytes the tab received per action (the delta, or the hydrate's snapshot)."""
        return self.received / len(self.latencies) / 1024 if self.latencies else 0.0


async def open_tabs(
    base_url: str,
    route: str,
    cookies: Sequence[str],
    count: int,
    hashes: list[str] | None = None,
) -> list[Tab]:
    """Open `count` tabs on `route` (hydrated, with the build's state `hashes` as a browser's
    first connect), `OPEN_BATCH` connections at a time; tab i carries cookie i if given."""
    tabs = [Tab(base_url, cookies[i] if cookies else "") for i in range(count)]
    for start in range(0, count, OPEN_BATCH):
        batch = tabs[start : start + OPEN_BATCH]
        await asyncio.gather(
            *(tab.open(route, timeout=REPLY_TIMEOUT * 4, hashes=hashes) for tab in batch)
        )
    return tabs


async def close_tabs(tabs: Sequence[Tab]) -> None:
    """Disconnect every tab."""
    await asyncio.gather(*(tab.close() for tab in tabs), return_exceptions=True)


async def _loop(
    tab: Tab, action: Action, deadline: float, result: LoadResult, interval: float
) -> None:
    i = 0
    while (now := time.perf_counter()) < deadline:
        try:
            reply = await tab.call(action.frame(i), action.done, REPLY_TIMEOUT)
        except TimeoutError:
            result.errors += 1
            continue
        result.latencies.append(reply.ms)
        result.received += reply.received
        i += 1
        if interval:
            await asyncio.sleep(max(0.0, now + interval - time.perf_counter()))


async def drive(
    tabs: Sequence[Tab], action: Action, seconds: float, interval: float = 0.0
) -> LoadResult:
    """Every tab repeats `action` for `seconds`: back to back, or one every `interval` s."""
    result = LoadResult()
    start = time.perf_counter()
    await asyncio.gather(*(_loop(tab, action, start + seconds, result, interval) for tab in tabs))
    result.seconds = time.perf_counter() - start
    return result
