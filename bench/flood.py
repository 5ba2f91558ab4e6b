"""The export flood's load generator, in a process of its own (so its client work never delays
the probe's timings): waves of N concurrent GETs, each wave fired once the previous one is fully
answered, until the flood's time is up. An attacker ignores Retry-After, and so does this."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event

import httpx

REQUEST_TIMEOUT = 300.0


@dataclass(frozen=True)
class Shot:
    """One request of a wave: the path and its extra headers."""

    path: str
    headers: tuple[tuple[str, str], ...] = ()


@dataclass
class FloodResult:
    """What the flood's requests got back: answers by status ('error' for none), the waves
    fired, every answer's time and the whole flood's wall time."""

    answers: Counter[str] = field(default_factory=Counter)
    waves: int = 0
    answer_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0


async def _shot(http: httpx.AsyncClient, shot: Shot, result: FloodResult) -> None:
    start = time.perf_counter()
    try:
        reply = await http.get(shot.path, headers=dict(shot.headers))
        result.answers[str(reply.status_code)] += 1
    except httpx.HTTPError:
        result.answers["error"] += 1
    result.answer_ms.append((time.perf_counter() - start) * 1000)


async def _waves(base_url: str, shots: list[Shot], seconds: float, started: Event) -> FloodResult:
    result = FloodResult()
    size = len(shots) + 10
    limits = httpx.Limits(max_connections=size, max_keepalive_connections=size)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=REQUEST_TIMEOUT) as http:
        start = time.perf_counter()
        while result.waves == 0 or time.perf_counter() - start < seconds:
            wave = asyncio.gather(*(_shot(http, shot, result) for shot in shots))
            result.waves += 1
            started.set()
            await wave
        result.seconds = time.perf_counter() - start
    return result


def _main(
    base_url: str,
    shots: list[Shot],
    seconds: float,
    started: Event,
    out: multiprocessing.Queue[FloodResult],
) -> None:
    out.put(asyncio.run(_waves(base_url, shots, seconds, started)))


class Flood:
    """`with Flood(url, shots, seconds) as flood:` runs the waves in a spawned process;
    `running()` says whether it still fires or waits on answers; `result()` waits for it."""

    def __init__(self, base_url: str, shots: list[Shot], seconds: float) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._started = ctx.Event()
        self._out: multiprocessing.Queue[FloodResult] = ctx.Queue()
        self._proc = ctx.Process(
            target=_main,
            args=(base_url, shots, seconds, self._started, self._out),
            daemon=True,
        )

    def __enter__(self) -> Flood:
        self._proc.start()
        deadline = time.monotonic() + 60
        while not self._started.wait(timeout=0.2):
            if not self._proc.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the flood process did not start")
        return self

    def running(self) -> bool:
        return self._proc.is_alive() and self._out.empty()

    def result(self) -> FloodResult:
        found = self._out.get(timeout=REQUEST_TIMEOUT * 2)
        self._proc.join(timeout=30)
        return found

    def __exit__(self, *exc: object) -> None:
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=10)
