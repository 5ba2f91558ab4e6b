"""Idle cost of the backend: RSS and CPU of the app's backend workers before, with and after
N idle connected tabs, and the state files the tabs left under `.states/`.

The workers are the descendants of the `reflex run` process (which itself only builds and
supervises: ~95 MB that do not grow with tabs); with no descendants, that process itself."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path

import psutil

from bench.apps import LiveApp
from bench.load import close_tabs, open_tabs


def _tree(pid: int) -> list[psutil.Process]:
    try:
        root = psutil.Process(pid)
        return root.children(recursive=True) or [root]
    except psutil.NoSuchProcess:
        return []


def rss_mb(pid: int) -> float:
    """Resident memory of the backend workers, in MB."""
    total = 0
    for proc in _tree(pid):
        with contextlib.suppress(psutil.NoSuchProcess):
            total += proc.memory_info().rss
    return total / 2**20


def _cpu_seconds(pid: int) -> dict[int, float]:
    times = {}
    for proc in _tree(pid):
        try:
            cpu = proc.cpu_times()
            times[proc.pid] = cpu.user + cpu.system
        except psutil.NoSuchProcess:
            pass
    return times


async def cpu_percent(pid: int, seconds: float) -> float:
    """CPU of the backend workers over `seconds`, in % of one core (the event loop keeps
    serving this process's own sockets meanwhile)."""
    before = _cpu_seconds(pid)
    await asyncio.sleep(seconds)
    after = _cpu_seconds(pid)
    used = sum(t - before.get(p, 0.0) for p, t in after.items())
    return 100 * used / seconds


def state_files(workdir: Path) -> int:
    """Files in the app's disk state store (0 with another state manager)."""
    folder = workdir / ".states"
    return sum(1 for p in folder.rglob("*") if p.is_file()) if folder.exists() else 0


@dataclass
class IdleResult:
    """Memory (MB), CPU (% of a core) and state files, before / with / after the tabs."""

    tabs: int
    rss_before: float
    cpu_before: float
    rss_with: float
    cpu_with: float
    rss_after: float
    files_per_tab: float

    @property
    def kb_per_tab(self) -> float:
        return (self.rss_with - self.rss_before) * 1024 / self.tabs if self.tabs else 0.0


async def measure_idle(app: LiveApp, tabs: int, seconds: float, settle: float) -> IdleResult:
    """Warm the app up, then sample it idle, with `tabs` idle tabs on `/`, and `settle`
    seconds after they closed."""
    await close_tabs(await open_tabs(app.url, "/", [], 2))
    await asyncio.sleep(min(settle, 2.0))
    pid = app.proc.pid
    rss_before, cpu_before = rss_mb(pid), await cpu_percent(pid, seconds)
    files_before = state_files(app.workdir)
    opened = await open_tabs(app.url, "/", [], tabs)
    await asyncio.sleep(min(settle, 2.0))
    rss_with, cpu_with = rss_mb(pid), await cpu_percent(pid, seconds)
    files = (state_files(app.workdir) - files_before) / tabs if tabs else 0.0
    await close_tabs(opened)
    await asyncio.sleep(settle)
    return IdleResult(tabs, rss_before, cpu_before, rss_with, cpu_with, rss_mb(pid), files)
