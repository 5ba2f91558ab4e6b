"""What the AI-runs benchmark watches besides the wave, from the main process: a bystander
founder, the event-loop lag proxy, and samplers of the workers' memory and the database's
connections.

- Bystander: one signed-in founder's tab sends a cheap event (typing in the contact form, the
  main benchmark's cheap event) every 100 ms, and meanwhile opens `/dashboard` in a new tab
  once a second (hydrate and on_load, as a browser's first connect). During a wave only the
  samples between the click and the last run's end count.
- Loop lag proxy: `GET /ping` every 50 ms on a new connection each time (so the requests
  spread over the workers). Reflex answers /ping on the worker's event loop without touching
  state or the database, so its round trip is that loop's wait plus a few milliseconds; the app
  has no lag metric of its own. A ping that overlapped one of the bystander's own dashboard
  loads is left out (a hydrate holds its worker's loop for tens of milliseconds: the probe is
  for what the wave costs). The cheap event's latency is the second proxy (it also waits for
  the tab's state in Redis).
- Samplers, every 0.5 s in a thread: the RSS of each backend worker (psutil; the processes
  under `reflex run` that listen on the port) and, on PostgreSQL, the app's connections
  (`pg_stat_activity` for its database: all of them, and those not idle).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx
import psutil
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from bench.protocol import Tab
from bench.targets import Targets

PING_EVERY = 0.05
CHEAP_EVERY = 0.1
LOAD_EVERY = 1.0
PROBE_TIMEOUT = 120.0
SAMPLE_EVERY = 0.5


@dataclass
class Phase:
    """Milliseconds the bystander and the lag probe measured over one phase (`settle` fills
    the lists from the timed samples)."""

    ping_ms: list[float] = field(default_factory=list)
    cheap_ms: list[float] = field(default_factory=list)
    dashboard_ms: list[float] = field(default_factory=list)
    failures: int = 0
    # Timed samples (time.monotonic(), the clock of the wave's records): (start, end) of each
    # ping and each dashboard load, (start, ms) of each cheap event.
    pings: list[tuple[float, float]] = field(default_factory=list)
    loads: list[tuple[float, float]] = field(default_factory=list)
    cheap: list[tuple[float, float]] = field(default_factory=list)

    def settle(self, since: float = float("-inf"), until: float = float("inf")) -> Phase:
        """The samples that started between `since` and `until`; `ping_ms` without the pings
        that overlapped one of the bystander's dashboard loads (one after another, so only
        the last load that began before a ping ended can overlap it)."""
        loads = sorted(self.loads)
        starts = [began for began, _ in loads]

        def overlaps(start: float, end: float) -> bool:
            k = bisect.bisect_left(starts, end) - 1
            return k >= 0 and loads[k][1] > start

        def within(start: float) -> bool:
            return since <= start <= until

        self.ping_ms = [
            (end - start) * 1000
            for start, end in self.pings
            if within(start) and not overlaps(start, end)
        ]
        self.cheap_ms = [ms for start, ms in self.cheap if within(start)]
        self.dashboard_ms = [(end - start) * 1000 for start, end in loads if within(start)]
        return self


class Bystander:
    """A signed-in founder who is not in the wave, and the /ping lag probe."""

    def __init__(self, base_url: str, cookie: str, goals: Targets) -> None:
        self.base_url = base_url
        self.cookie = cookie
        self.goals = goals

    async def during(self, busy: Callable[[], bool], seconds: float = 0.0) -> Phase:
        """Probe for at least `seconds` and while `busy()` (the samples, not yet settled)."""
        phase = Phase()
        start = time.monotonic()

        def going() -> bool:
            return time.monotonic() - start < seconds or busy()

        tab = Tab(self.base_url, self.cookie)
        await tab.open(self.goals.cheap.route, timeout=PROBE_TIMEOUT, hashes=self.goals.hashes)
        try:
            await asyncio.gather(
                self._pings(going, phase), self._cheap(tab, going, phase), self._loads(going, phase)
            )
        finally:
            await tab.close()
        return phase

    async def _pings(self, going: Callable[[], bool], phase: Phase) -> None:
        limits = httpx.Limits(max_keepalive_connections=0)
        async with httpx.AsyncClient(timeout=PROBE_TIMEOUT, limits=limits) as http:
            while going():
                began = time.monotonic()
                try:
                    (await http.get(self.base_url + "/ping")).raise_for_status()
                    phase.pings.append((began, time.monotonic()))
                except httpx.HTTPError:
                    phase.failures += 1
                await asyncio.sleep(max(0.0, began + PING_EVERY - time.monotonic()))

    async def _cheap(self, tab: Tab, going: Callable[[], bool], phase: Phase) -> None:
        action, i = self.goals.cheap, 0
        while going():
            began = time.monotonic()
            try:
                reply = await tab.call(action.frame(i), action.done, PROBE_TIMEOUT)
                phase.cheap.append((began, reply.ms))
            except TimeoutError:
                phase.failures += 1
            i += 1
            await asyncio.sleep(max(0.0, began + CHEAP_EVERY - time.monotonic()))

    async def _loads(self, going: Callable[[], bool], phase: Phase) -> None:
        """One /dashboard load a second (a load holds its worker's loop: back to back, they
        would leave the lag probe no ping of its own)."""
        action = self.goals.load
        while going():
            tab = Tab(self.base_url, self.cookie)
            began = time.monotonic()
            try:
                await tab.open(action.route, PROBE_TIMEOUT, self.goals.hashes)
                if tab.value(self.goals.auth_state, "signed_in") is not True:
                    raise RuntimeError("the bystander's /dashboard tab is not signed in")
                phase.loads.append((began, time.monotonic()))
            except (TimeoutError, OSError):
                phase.failures += 1
            finally:
                with contextlib.suppress(Exception):
                    await tab.close()
            await asyncio.sleep(max(0.0, began + LOAD_EVERY - time.monotonic()))


def workers(pid: int) -> list[psutil.Process]:
    """The backend workers under `reflex run` (those that listen; else every descendant)."""
    try:
        below = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []

    def listens(proc: psutil.Process) -> bool:
        try:
            return any(c.status == psutil.CONN_LISTEN for c in proc.net_connections("tcp"))
        except psutil.Error:
            return False

    return [p for p in below if listens(p)] or below


@dataclass
class Samples:
    """What the samplers saw: each worker's RSS (MB, by pid), the sum's peak, and the
    database's connections (None on SQLite)."""

    rss: dict[int, list[float]] = field(default_factory=dict)
    total_peak: float = 0.0
    db_open: list[int] = field(default_factory=list)
    db_busy: list[int] = field(default_factory=list)

    def peak(self) -> dict[int, float]:
        return {pid: max(v) for pid, v in self.rss.items() if v}

    def mean(self) -> dict[int, float]:
        return {pid: sum(v) / len(v) for pid, v in self.rss.items() if v}

    @property
    def total_mean(self) -> float:
        return sum(self.mean().values())


_CONNECTIONS = text(
    "select count(*), count(*) filter (where state <> 'idle') from pg_stat_activity "
    "where datname = :name and pid <> pg_backend_pid()"
)


class Sampler:
    """`with Sampler(pid, database_url) as s:` samples every 0.5 s in a thread until the
    block ends; `s.samples` holds what it saw."""

    def __init__(self, pid: int, database_url: str) -> None:
        self.pids = [p.pid for p in workers(pid)]
        self.samples = Samples()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        postgres = database_url.startswith("postgresql")
        self._engine = create_engine(database_url, pool_size=1) if postgres else None
        self._database = make_url(database_url).database if postgres else None

    def _sample(self) -> None:
        total = 0.0
        for pid in self.pids:
            with contextlib.suppress(psutil.Error):
                mb = psutil.Process(pid).memory_info().rss / 2**20
                self.samples.rss.setdefault(pid, []).append(mb)
                total += mb
        self.samples.total_peak = max(self.samples.total_peak, total)
        if self._engine is not None:
            with self._engine.connect() as conn:
                opened, busy = conn.execute(_CONNECTIONS, {"name": self._database}).one()
            self.samples.db_open.append(int(opened))
            self.samples.db_busy.append(int(busy))

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(SAMPLE_EVERY)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
        if self._engine is not None:
            self._engine.dispose()
