"""AI runs under way and the workers that carry them (issue 29, items 3 and 4).

A signed-in founder's AI run takes a lease (`ai_run_leases`) before its first call; every call
it makes holds its budget under that lease (`ai_usage.lease_id`). Each worker process renews
the leases of its runs every `RUN_LEASE_SECONDS / 3` (`run_leases_kept`, its lifespan),
and a run that ends, whichever way, deletes its lease. So a lease that was not renewed for
`RUN_LEASE_SECONDS` belongs to a worker that is gone (killed, out of memory, its machine
lost): any live worker's sweep marks it interrupted and releases the holds its run left
(the run kept nothing and the founder is not charged for it: Retry costs them once).

On shutdown (SIGTERM, a deploy) a worker lets its runs finish for up to `RUN_GRACE_SECONDS`,
then marks the ones still going interrupted and releases their holds itself.

A lease keeps what Retry runs again: the kept run's tool key and the founder's inputs (its
`KeepRun`). The founder is told once (`take_interrupted`: the notice, with Retry opening the
tool at `?retry=<lease id>`); the page takes the inputs back once (`take_retry`). Every read
is scoped by the founder's id; a record goes after `INTERRUPTED_KEPT` whatever happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from startup_toolkit.db import in_worker, run_in_session
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.reopen import Retry
from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.models.ai import AiRunLease, AiUsage
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

INTERRUPTED_TITLE = "A run was interrupted"
INTERRUPTED = (
    "Your {tool} run was interrupted: the server running it stopped. Nothing was charged for it."
)
#: Added where the notice has no Retry button (a run with no page to rerun it on).
RUN_AGAIN = " Run it again when you are ready."

#: The notice's button that opens the tool with the run's inputs back in the form.
RETRY_LABEL = "Retry"

#: How long an interrupted run's record waits for its founder to be told.
INTERRUPTED_KEPT = timedelta(days=7)

_worker: tuple[int, str] | None = None
#: Leases of the runs under way in this process.
_running: set[int] = set()


def worker_id() -> str:
    """This process: its host, process id and a random id (a pid is reused after a restart)."""
    global _worker
    pid = os.getpid()
    if _worker is None or _worker[0] != pid:  # a forked worker gets its own
        _worker = (pid, f"{socket.gethostname()[:60]}:{pid}:{uuid.uuid4().hex[:8]}")
    return _worker[1]


@dataclass(frozen=True)
class InterruptedRun:
    """A founder's run whose worker stopped before it ended."""

    lease_id: int
    tool: str
    interrupted_at: datetime
    tool_key: str = ""  # the kept run's tool ('' for a run that is not kept)
    inputs: dict[str, Any] | None = None  # the founder's inputs, to run it again

    @property
    def message(self) -> str:
        """What the founder is told: beside a Retry button, or asked to run it again."""
        return INTERRUPTED.format(tool=self.tool) + ("" if self.retry_path else RUN_AGAIN)

    @property
    def retry_path(self) -> str:
        """Where Retry opens the tool with the inputs back in the form ('' for none)."""
        return tools.retry_path(self.tool_key, self.lease_id) if self.inputs is not None else ""


# --- database work ----------------------------------------------------------------------------


def open_lease(
    session: Session, user_id: str, tool: str, worker: str, keep: KeepRun | None = None
) -> int:
    """A lease for a run of `tool` about to start in `worker`, keeping what Retry needs
    when the run is kept (`keep`); its id."""
    lease = AiRunLease(user_id=user_id, tool=tool[:50], worker=worker[:100])
    if keep is not None and keep.tool:
        lease.tool_key, lease.inputs = keep.tool[:50], dict(keep.inputs)
    session.add(lease)
    session.flush()
    assert lease.id is not None
    return lease.id


def close_lease(session: Session, lease_id: int) -> None:
    """The run ended (whichever way): its lease goes; a hold still open under it (none should
    be: every call settles its own) is released with it."""
    _release_holds(session, [lease_id])
    session.execute(delete(AiRunLease).where(col(AiRunLease.id) == lease_id))


def renew(session: Session, lease_ids: list[int]) -> int:
    """Renew these leases (of runs under way) unless already interrupted; how many. A lease
    whose run could not end it (the database was away then) is not among them: swept later,
    its hold released."""
    if not lease_ids:
        return 0
    result = session.execute(
        update(AiRunLease)
        .where(col(AiRunLease.id).in_(lease_ids), col(AiRunLease.interrupted_at).is_(None))
        .values(beat_at=utcnow())
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def interrupt(session: Session, lease_ids: list[int]) -> int:
    """Mark these runs interrupted and release the holds they left; how many were marked."""
    if not lease_ids:
        return 0
    result = session.execute(
        update(AiRunLease)
        .where(col(AiRunLease.id).in_(lease_ids), col(AiRunLease.interrupted_at).is_(None))
        .values(interrupted_at=utcnow())
    )
    _release_holds(session, lease_ids)
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def sweep(session: Session, stale_before: datetime) -> int:
    """Interrupt every run whose lease was last renewed before `stale_before` (its worker is
    gone); how many."""
    stale = session.exec(
        select(AiRunLease.id).where(
            col(AiRunLease.interrupted_at).is_(None), col(AiRunLease.beat_at) < stale_before
        )
    ).all()
    ids = [i for i in stale if i is not None]
    if ids:
        log.warning("Interrupting %d AI runs whose worker stopped", len(ids))
    # A record the founder was never shown (they did not come back) goes after a while.
    forgotten = col(AiRunLease.interrupted_at) < utcnow() - INTERRUPTED_KEPT
    session.execute(delete(AiRunLease).where(forgotten))
    return interrupt(session, ids)


def _release_holds(session: Session, lease_ids: list[int]) -> None:
    """Remove the holds still open under these leases (a settled call's row has no lease)."""
    session.execute(delete(AiUsage).where(col(AiUsage.lease_id).in_(lease_ids)))


def interrupted_runs(
    session: Session, user_id: str, *, untold: bool = False
) -> list[InterruptedRun]:
    """The founder's runs that were interrupted (`untold`: only those not told yet), newest
    first."""
    query = AiRunLease.newest_first(user_id).where(col(AiRunLease.interrupted_at).is_not(None))
    if untold:
        query = query.where(col(AiRunLease.told_at).is_(None))
    return [_interrupted(row) for row in session.exec(query).all() if row.id is not None]


def _interrupted(row: AiRunLease) -> InterruptedRun:
    inputs = row.inputs if isinstance(row.inputs, dict) else None
    assert row.id is not None and row.interrupted_at is not None
    return InterruptedRun(row.id, row.tool, row.interrupted_at, row.tool_key, inputs)


def take_interrupted(session: Session, user_id: str) -> list[InterruptedRun]:
    """The founder's interrupted runs not told yet, newest first, to tell them once: a
    record with a Retry stays (marked told) for `take_retry`, the others go."""
    found = interrupted_runs(session, user_id, untold=True)
    mine = col(AiRunLease.user_id) == user_id
    if kept := [run.lease_id for run in found if run.retry_path]:
        session.execute(
            update(AiRunLease).where(mine, col(AiRunLease.id).in_(kept)).values(told_at=utcnow())
        )
    if gone := [run.lease_id for run in found if not run.retry_path]:
        session.execute(delete(AiRunLease).where(mine, col(AiRunLease.id).in_(gone)))
    return found


def take_retry(
    session: Session, user_id: str, lease_id: Any, tool_keys: Collection[str]
) -> Retry | None:
    """The founder's interrupted run `lease_id` (as the address gives it) of one of
    `tool_keys` (the page's tools) to run again: its tool and inputs, once (the record goes).
    Another founder's, an unknown, a used or a bad id, or another tool's run: None."""
    row_id = valid_row_id(lease_id)
    if row_id is None:
        return None
    mine = (col(AiRunLease.user_id) == user_id, col(AiRunLease.id) == row_id)
    row = session.exec(
        select(AiRunLease).where(
            *mine,
            col(AiRunLease.interrupted_at).is_not(None),
            col(AiRunLease.tool_key).in_(list(tool_keys)),
        )
    ).first()
    if row is None or not isinstance(row.inputs, dict):
        return None
    session.execute(delete(AiRunLease).where(*mine))
    return Retry(row.tool_key, dict(row.inputs), row.tool)


# --- the runs of this process ----------------------------------------------------------------


async def started(user_id: str, tool: str, keep: KeepRun | None = None) -> int:
    """A run of this process begins (kept as `keep` says): its lease's id."""
    lease_id = await in_worker(open_lease, user_id, tool, worker_id(), keep)
    _running.add(lease_id)
    return lease_id


async def ended(lease_id: int, *, interrupted: bool = False) -> None:
    """A run of this process ended (`interrupted`: cancelled before its end, e.g. at
    shutdown). Shielded: a cancelled run still records how it ended."""
    _running.discard(lease_id)
    if interrupted:
        work = asyncio.to_thread(run_in_session, interrupt, [lease_id])
    else:
        work = asyncio.to_thread(run_in_session, close_lease, lease_id)
    try:
        await asyncio.shield(work)
    except Exception:
        log.exception("Could not end the lease of AI run %s", lease_id)


def running() -> int:
    """Runs of this process under way."""
    return len(_running)


async def _renew_and_sweep(every: float, lease_seconds: float) -> None:
    """Forever: renew this process's leases and sweep the ones of workers that are gone."""
    while True:
        try:
            await in_worker(renew, sorted(_running))
            await in_worker(sweep, utcnow() - timedelta(seconds=lease_seconds))
        except Exception:  # the database may be away for a while: try again later
            log.exception("Could not renew or sweep AI run leases")
        await asyncio.sleep(every)


@asynccontextmanager
async def run_leases_kept() -> AsyncIterator[None]:
    """Lifespan of each worker: renew this process's leases and sweep the ones of workers
    that are gone, every `RUN_LEASE_SECONDS / 3`; at shutdown, wait up to
    `RUN_GRACE_SECONDS` for the runs under way, then interrupt the rest. (A context manager,
    not a task: Reflex gives a cancelled lifespan task 5 s, its context managers' exits as
    long as they take.)"""
    settings = get_settings()
    every = settings.run_lease_seconds / 3
    keeper = asyncio.create_task(_renew_and_sweep(every, settings.run_lease_seconds))
    try:
        yield
    finally:
        try:
            await drain(settings.run_grace_seconds)
        finally:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper


async def drain(grace: float) -> int:
    """Shutdown: wait up to `grace` s for this process's runs to end, then mark the rest
    interrupted (holds released); how many were interrupted."""
    deadline = time.monotonic() + grace
    while _running and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    left = sorted(_running)
    _running.clear()
    if not left:
        return 0
    log.warning("Shutting down with %d AI runs under way: marked interrupted", len(left))
    try:
        return await asyncio.to_thread(run_in_session, interrupt, left)
    except Exception:
        log.exception("Could not mark %d AI runs interrupted", len(left))
        return 0
