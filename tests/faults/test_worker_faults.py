"""Issue 29, items 3 and 4: a worker stops mid-run, as a real process. The worker
(tests/faults/run_worker.py) runs a founder's streamed AI run against FakeAiServer, held
mid-stream, on the same database as this test, which plays the second worker (its lifespan,
`run_leases_kept`, sweeping).

- SIGKILL: the run's lease stops being renewed; the second worker marks the run interrupted
  (the founder's record says so, with Retry) and releases its budget hold, so Retry is the
  only run charged. The founder's next page tells them, with a Retry button that opens the
  tool with their inputs back in the form. A live worker's run is never swept, however long
  it takes.
- SIGTERM: the worker's shutdown lets the run finish within RUN_GRACE_SECONDS (kept, charged
  once), or past it marks the run interrupted, its hold released, and exits."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain.reopen import RETRY_NOT_FOUND, RETRY_READY
from startup_toolkit.domain.tools.scanner import scan_run
from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import run_leases
from startup_toolkit.services.run_leases import INTERRUPTED, run_leases_kept
from startup_toolkit.services.tool_runs import RunStatus, run_tool
from startup_toolkit.state.allowance import interrupted_toast
from tests.faults.conftest import Ledger, chat_run
from tests.support.ai_server import FakeAiServer
from tests.support.events import js
from tests.support.tool_states import substate

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[2]
LEASE_SECONDS = 3
CHUNKS = ["First ", "you ", "talk ", "to ", "people."]
SCANNER = "Viability Scanner"
IDEA = "A marketplace that pairs retired engineers with hardware startups"


@pytest.fixture
def short_leases(settings_env: pytest.MonkeyPatch, provider: FakeAiServer) -> FakeAiServer:
    settings_env.setenv("RUN_LEASE_SECONDS", str(LEASE_SECONDS))
    provider.hold_timeout = 60  # a held stream stays held until released or hung up
    return provider


@pytest.fixture
def worker(ledger: Ledger, short_leases: FakeAiServer) -> Iterator[WorkerProcess]:
    process = WorkerProcess(ledger.user_id)
    yield process
    process.kill()


class WorkerProcess:
    """tests/faults/run_worker.py for one founder, on this test's settings."""

    def __init__(self, user_id: str) -> None:
        self.user_id = user_id
        self.proc: subprocess.Popen[str] | None = None

    def start(self, grace: float, name: str = "", keep: KeepRun | None = None) -> WorkerProcess:
        """Start the run (named `name` and kept as `keep` says; by default the chat's own)."""
        env = {**os.environ, "RUN_GRACE_SECONDS": str(grace), "PYTHONPATH": str(ROOT)}
        given = {"name": name, "tool": keep.tool, "inputs": dict(keep.inputs)} if keep else None
        kept = [json.dumps(given)] if given else []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.faults.run_worker", self.user_id, *kept],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        return self

    def signal(self, number: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(number)

    def wait(self, timeout: float) -> str:
        """Its output once it exited (within `timeout` s)."""
        assert self.proc is not None
        out, _ = self.proc.communicate(timeout=timeout)
        return out

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def wait_for(check: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


async def await_for(check: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


def mid_run(ai: FakeAiServer, ledger: Ledger) -> int:
    """Wait for the worker's run to be mid-stream: its lease and the hold under it; the
    lease's id."""
    assert ai.wait_held(30), "the worker's run did not reach the provider"
    (lease,) = ledger.leases()
    (hold,) = ledger.usage()
    assert hold.lease_id == lease.id and lease.interrupted_at is None
    assert lease.id is not None
    return lease.id


async def test_a_worker_killed_mid_run_is_interrupted_and_not_charged(
    worker: WorkerProcess, short_leases: FakeAiServer, ledger: Ledger, founder: tuple[str, str]
) -> None:
    short_leases.stream(CHUNKS, hold_after=2)
    # A Scanner run as its page asks it (streamed here, to be held mid-run).
    worker.start(grace=5, name=SCANNER, keep=scan_run(IDEA).keep)
    lease_id = mid_run(short_leases, ledger)
    async with run_leases_kept():  # this process: the other worker, sweeping
        # A live worker's run outlasts the lease: renewed, never swept.
        await asyncio.sleep(LEASE_SECONDS + 1)
        assert ledger.leases()[0].interrupted_at is None
        worker.signal(signal.SIGKILL)
        worker.wait(10)
        await await_for(lambda: ledger.leases()[0].interrupted_at is not None, 3 * LEASE_SECONDS)
    # The founder's record: interrupted, with Retry; the killed run's hold is released.
    with Session(ledger.engine) as session:
        (record,) = run_leases.take_interrupted(session, ledger.user_id)
        session.commit()
    assert (record.lease_id, record.tool) == (lease_id, SCANNER)
    assert record.message == INTERRUPTED.format(tool=SCANNER)
    assert ledger.usage() == [] and ledger.kept() == []
    # The notice offers Retry: the tool, with the founder's inputs kept for it ...
    assert (record.tool_key, record.inputs) == (tools.SCANNER.key, {"idea": IDEA})
    retry = f"{tools.SCANNER.route}?retry={lease_id}"
    toast = js(interrupted_toast(record))
    assert '["label"] : "Retry"' in toast and f'path:"{retry}"' in toast
    # ... and the page it opens (on any worker) has the idea back in the form, once.
    page = substate(ScannerState, retry, founder[1])
    assert RETRY_READY in js(await page.reopen())
    assert page.idea == IDEA and page.result is None
    again = substate(ScannerState, retry, founder[1])
    assert RETRY_NOT_FOUND in js(await again.reopen()) and again.idea == ""
    # Retry: answered, kept, charged once.
    short_leases.release()
    short_leases.reply("Talk to ten owners.", usage=(40, 10))
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.ok and outcome.result == "Talk to ten owners."
    assert ledger.charged() == 50 and len(ledger.kept()) == 1


def test_sigterm_lets_a_run_finish_within_the_grace_period(
    worker: WorkerProcess, short_leases: FakeAiServer, ledger: Ledger
) -> None:
    short_leases.stream(CHUNKS, hold_after=2, usage=(40, 10))
    worker.start(grace=20)
    mid_run(short_leases, ledger)
    worker.signal(signal.SIGTERM)
    time.sleep(1.0)
    assert worker.proc is not None and worker.proc.poll() is None  # waits for the run
    short_leases.release()
    assert worker.wait(15).splitlines()[-1] == f"outcome {RunStatus.AI}"
    # The whole answer kept and charged once; the lease gone.
    (kept,) = ledger.kept()
    assert kept.result == "".join(CHUNKS)
    assert ledger.charged() == 50 and ledger.leases() == []


def test_sigterm_past_the_grace_period_marks_the_run_interrupted(
    worker: WorkerProcess, short_leases: FakeAiServer, ledger: Ledger
) -> None:
    short_leases.stream(CHUNKS, hold_after=2)
    worker.start(grace=1)
    lease_id = mid_run(short_leases, ledger)
    started = time.monotonic()
    worker.signal(signal.SIGTERM)
    assert worker.wait(15).splitlines()[-1] == "unfinished"
    assert time.monotonic() - started < 8
    (lease,) = ledger.leases()
    assert lease.id == lease_id and lease.interrupted_at is not None
    assert ledger.usage() == [] and ledger.kept() == []
