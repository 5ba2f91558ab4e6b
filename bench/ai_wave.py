"""The AI-runs benchmark's wave: N signed-in founders, each in their own tab (bench/protocol.py,
a raw Socket.IO tab), start a tool run at the same moment, in a process of its own.

Each tab opens its tool page (hydrate and on_load, as a browser's first connect), fills the
form (the Scanner's idea, the Funding Predictor's pitch; the Co-Founder's message goes with
`send`), then waits for the word. On it, every tab presses its tool's button at once: the
Scanner's `scan` (the research step, then the JSON call), the Funding Predictor's `predict`
(the same two steps), the Co-Founder's `send` (a streamed reply). A run ends when the page
shows how it ended: the Scanner's result or error panel, the Funding Predictor's result (an
estimate says the AI failed), the Co-Founder's reply closed (complete, or interrupted). A
Co-Founder conversation is kept as a run when it is cleared, so its tab then presses Clear.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.synchronize import Event
from typing import Any

from bench.ai_provider import marker
from bench.protocol import Tab, Update, event, touches

OPEN_BATCH = 20
PREPARE_BATCH = 50
OPEN_TIMEOUT = 300.0
CLEAR_TIMEOUT = 60.0


@dataclass(frozen=True)
class Runner:
    """One founder of the wave: the run's index (its marker), its tool and session cookie."""

    index: int
    tool: str
    cookie: str


@dataclass
class RunRecord:
    """How one run went, as its tab saw it (monotonic seconds; `ended` 0: never ended)."""

    index: int
    tool: str
    clicked: float = 0.0
    ended: float = 0.0
    failed: bool = False
    note: str = ""


@dataclass(frozen=True)
class ToolPage:
    """A tool as a tab drives it: its route and state, the input frame (None: none) and the
    start frame of run `index`, and how to read the end from an update."""

    route: str
    state: str
    fill: Callable[[int], dict[str, Any] | None]
    start: Callable[[int], dict[str, Any]]
    ending: Callable[[dict[str, Any], Tab], str | None]  # None, "ok" or "failed: why"


def idea_text(index: int, tool: str) -> str:
    """The founder's idea (or question), with the run's marker."""
    return (
        "A subscription service that delivers healthy lunches to remote teams, "
        f"with weekly menus and team budgets ({marker(index, tool)})"
    )


def scanner_ending(delta: dict[str, Any], _tab: Tab) -> str | None:
    """The Scanner ended: its result or its error panel is on screen."""
    if error := delta.get("error_rx_state_"):
        return f"failed: {str(error)[:80]}"
    return "ok" if delta.get("result_rx_state_") else None


def funding_ending(delta: dict[str, Any], _tab: Tab) -> str | None:
    """The Funding Predictor ended: a result is on screen (the estimate when the AI failed)."""
    result = delta.get("result_rx_state_")
    if not result:
        return None
    return (
        f"failed: {result.get('estimate_reason') or 'estimated'}"
        if result.get("estimated")
        else "ok"
    )


def cofounder_ending(delta: dict[str, Any], tab: Tab, state: str = "") -> str | None:
    """The Co-Founder ended: the reply stopped streaming; its message says how it ended."""
    if "stream_rx_state_" not in delta or delta["stream_rx_state_"] is not None:
        return None
    messages = delta.get("shown_messages_rx_state_")
    if messages is None and state:
        messages = tab.value(state, "shown_messages")
    replies = [m for m in messages or [] if m.get("role") == "assistant"]
    if not replies:
        return "failed: no reply"
    status = replies[-1].get("status") or ""
    return "ok" if status == "" else f"failed: reply {status}"


def tool_pages() -> dict[str, ToolPage]:
    """The three tools of the wave, from the app's own state classes."""
    from startup_toolkit.domain.catalog import AI_COFOUNDER, FUNDING_PREDICTOR, VIABILITY_SCANNER
    from startup_toolkit.pages.cofounder.state import CofounderState
    from startup_toolkit.pages.funding.state import FundingState
    from startup_toolkit.pages.scanner.state import ScannerState

    scan, fund, chat = (s.get_full_name() for s in (ScannerState, FundingState, CofounderState))
    s_route, f_route, c_route = (VIABILITY_SCANNER.path, FUNDING_PREDICTOR.path, AI_COFOUNDER.path)
    return {
        "scanner": ToolPage(
            s_route,
            scan,
            lambda i: event(f"{scan}.set_idea", s_route, {"value": idea_text(i, "scanner")}),
            lambda _i: event(f"{scan}.scan", s_route),
            scanner_ending,
        ),
        "funding": ToolPage(
            f_route,
            fund,
            lambda i: event(
                f"{fund}.set_field", f_route, {"name": "pitch", "value": idea_text(i, "funding")}
            ),
            lambda _i: event(f"{fund}.predict", f_route),
            funding_ending,
        ),
        "cofounder": ToolPage(
            c_route,
            chat,
            lambda _i: None,
            lambda i: event(
                f"{chat}.send",
                c_route,
                {"form_data": {"message": f"How should I price this? {idea_text(i, 'cofounder')}"}},
            ),
            lambda delta, tab: cofounder_ending(delta, tab, chat),
        ),
    }


async def _in_batches(jobs: Sequence[Callable[[], Any]], size: int) -> None:
    for start in range(0, len(jobs), size):
        await asyncio.gather(*(job() for job in jobs[start : start + size]))


async def _open(tab: Tab, runner: Runner, page: ToolPage, hashes: list[str]) -> None:
    await tab.open(page.route, timeout=OPEN_TIMEOUT, hashes=hashes)
    frame = page.fill(runner.index)
    if frame is not None:
        await tab.call(frame, touches(page.state), OPEN_TIMEOUT)


def error_toast(update: Update) -> bool:
    """Whether the update pops an error toast (a run refused before it began)."""
    return any(
        e.get("name") == "_call_function" and "toast.error" in json.dumps(e.get("payload"))
        for e in update.get("events") or []
        if isinstance(e, dict)
    )


async def _fire(tab: Tab, runner: Runner, page: ToolPage, timeout: float) -> RunRecord:
    record = RunRecord(runner.index, runner.tool)
    seen: list[str] = []
    began = runner.tool != "cofounder"  # a reply ends once it has begun streaming

    def ended(update: Update) -> bool:
        nonlocal began
        delta = (update.get("delta") or {}).get(page.state) or {}
        if not began:
            began = delta.get("stream_rx_state_") is not None
            if not began and error_toast(update):
                seen.append("failed: refused (error toast)")
                return True
            return False
        if delta and (how := page.ending(delta, tab)) is not None:
            seen.append(how)
            return True
        return False

    record.clicked = time.monotonic()
    try:
        await tab.call(page.start(runner.index), ended, timeout)
    except TimeoutError:
        record.note = "never ended"
        return record
    except Exception as exc:  # a dropped socket: the run is lost to its founder
        record.note = f"tab: {type(exc).__name__}"
        return record
    record.ended = time.monotonic()
    record.failed = seen[0] != "ok"
    record.note = seen[0]
    return record


async def _clear(tab: Tab, page: ToolPage) -> None:
    """Clear the chat: the Co-Founder keeps the conversation as a run (one not kept shows
    up in the kept-run check)."""
    frame = event(f"{page.state}.clear_chat", page.route)
    with contextlib.suppress(Exception):
        await tab.call(frame, touches(page.state), CLEAR_TIMEOUT)


async def wave(
    base_url: str,
    runners: Sequence[Runner],
    hashes: list[str],
    timeout: float,
    ready: Callable[[], None],
    go: Callable[[], Any],
) -> list[RunRecord]:
    """Open a tab per runner, call `ready()`, await `go()`, start every run at once; the
    records once every run ended (or `timeout` passed)."""
    pages = tool_pages()
    tabs = [Tab(base_url, r.cookie, count_bytes=False) for r in runners]
    try:
        jobs = [
            lambda t=t, r=r: _open(t, r, pages[r.tool], hashes)
            for t, r in zip(tabs, runners, strict=True)
        ]
        await _in_batches(jobs, OPEN_BATCH)
        ready()
        await go()
        records = await asyncio.gather(
            *(_fire(t, r, pages[r.tool], timeout) for t, r in zip(tabs, runners, strict=True))
        )
        chats = [
            lambda t=t: _clear(t, pages["cofounder"])
            for t, r, rec in zip(tabs, runners, records, strict=True)
            if r.tool == "cofounder" and rec.ended and not rec.failed
        ]
        await _in_batches(chats, PREPARE_BATCH)
        return list(records)
    finally:
        await asyncio.gather(*(t.close() for t in tabs), return_exceptions=True)


def _main(
    base_url: str,
    runners: list[Runner],
    hashes: list[str],
    timeout: float,
    ready: Event,
    go: Event,
    out: multiprocessing.Queue[list[RunRecord] | str],
) -> None:
    try:
        records = asyncio.run(
            wave(base_url, runners, hashes, timeout, ready.set, lambda: asyncio.to_thread(go.wait))
        )
    except Exception as exc:  # told to the parent, which raises it
        out.put(f"{type(exc).__name__}: {exc}")
        return
    out.put(records)


class Wave:
    """`with Wave(url, runners, hashes, timeout) as w:` opens the tabs in a spawned process
    (`wait_ready()`); `start()` starts every run; `done()` says whether all ended;
    `records()` waits for them."""

    def __init__(
        self, base_url: str, runners: list[Runner], hashes: list[str], timeout: float
    ) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._ready, self._go = ctx.Event(), ctx.Event()
        self._out: multiprocessing.Queue[list[RunRecord] | str] = ctx.Queue()
        self._proc = ctx.Process(
            target=_main,
            args=(base_url, runners, hashes, timeout, self._ready, self._go, self._out),
            daemon=True,
        )
        self._timeout = timeout
        self._records: list[RunRecord] | None = None

    def __enter__(self) -> Wave:
        self._proc.start()
        return self

    def wait_ready(self) -> None:
        """Wait until every tab is open on its page with its form filled."""
        deadline = time.monotonic() + OPEN_TIMEOUT * 4
        while not self._ready.wait(timeout=0.5):
            if not self._proc.is_alive() or not self._out.empty():
                self._raise()
            if time.monotonic() > deadline:
                raise RuntimeError("the wave's tabs did not open")

    def start(self) -> None:
        self._go.set()

    def done(self) -> bool:
        return not self._proc.is_alive() or not self._out.empty()

    def records(self) -> list[RunRecord]:
        if self._records is None:
            found = self._out.get(timeout=self._timeout + OPEN_TIMEOUT + CLEAR_TIMEOUT)
            if isinstance(found, str):
                raise RuntimeError(f"the wave failed: {found}")
            self._records = found
            self._proc.join(timeout=60)
        return self._records

    def _raise(self) -> None:
        found = self._out.get(timeout=5) if not self._out.empty() else "it exited"
        raise RuntimeError(f"the wave failed: {found}")

    def __exit__(self, *exc: object) -> None:
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=10)
