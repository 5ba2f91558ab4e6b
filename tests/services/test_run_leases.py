"""The leases of AI runs (issue 29, services/run_leases.py) on a real database: the sweep
interrupts only runs whose lease went stale and releases only their open holds; renewing
keeps a live run's lease fresh; a record never shown is forgotten after a week. A kept run's
lease keeps its tool and the founder's inputs for Retry: read and taken by that founder only,
once, and never longer than the record."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update
from sqlmodel import Session, col, select

from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.reopen import Retry
from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.models.ai import AiRunLease, AiUsage
from startup_toolkit.services import ai_usage, run_leases
from tests.support.founders import user
from tests.support.kept import interrupted_run


def _lease(session: Session, user_id: str, age: timedelta) -> int:
    lease = run_leases.open_lease(session, user_id, "Funding Predictor", "w:1:x")
    session.execute(
        update(AiRunLease).where(col(AiRunLease.id) == lease).values(beat_at=utcnow() - age)
    )
    session.commit()
    return lease


def test_the_sweep_interrupts_stale_runs_and_releases_only_their_open_holds(
    session: Session, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    stale = _lease(session, user_id, timedelta(seconds=60))
    live = _lease(session, user_id, timedelta(seconds=0))
    open_hold = ai_usage.hold(session, user_id, "funding", 5000, 0, stale)
    settled = ai_usage.hold(session, user_id, "funding", 5000, 0, stale)
    ai_usage.settle(session, settled, "m", 100, 20)
    live_hold = ai_usage.hold(session, user_id, "funding", 5000, 0, live)
    assert run_leases.sweep(session, utcnow() - timedelta(seconds=30)) == 1
    session.commit()
    rows = {row.id: row.total_tokens for row in session.exec(select(AiUsage)).all()}
    assert rows == {settled: 120, live_hold: 5000}  # the stale run's open hold released
    assert open_hold not in rows
    found = run_leases.interrupted_runs(session, user_id)
    assert [run.lease_id for run in found] == [stale]
    # Renewed, the live run's lease is never stale.
    assert run_leases.renew(session, [live]) == 1
    assert run_leases.sweep(session, utcnow() - timedelta(seconds=1)) == 0


def test_a_record_never_shown_is_forgotten_after_a_week(
    session: Session, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    old, recent = _lease(session, user_id, timedelta(0)), _lease(session, user_id, timedelta(0))
    run_leases.interrupt(session, [old, recent])
    session.execute(
        update(AiRunLease)
        .where(col(AiRunLease.id) == old)
        .values(interrupted_at=utcnow() - timedelta(days=8))
    )
    session.commit()
    run_leases.sweep(session, utcnow() - timedelta(seconds=30))
    session.commit()
    assert [run.lease_id for run in run_leases.interrupted_runs(session, user_id)] == [recent]
    assert [run.lease_id for run in run_leases.take_interrupted(session, user_id)] == [recent]
    session.commit()
    assert run_leases.interrupted_runs(session, user_id) == []


# --- Retry: the founder's inputs, kept with the record (issue 29) ---------------------------

SCAN_INPUTS = {"idea": "A dog-walking app for busy parents"}


def test_an_interrupted_runs_inputs_are_its_founders_alone_and_taken_once(
    session: Session, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    bob = user(session, "bob@example.com")
    lease = interrupted_run(session, user_id, KeepRun(tools.SCANNER.key, SCAN_INPUTS))
    scanner = {tools.SCANNER.key}
    # Another founder never reads it, nor takes it, nor is told of it.
    assert run_leases.interrupted_runs(session, bob) == []
    assert run_leases.take_interrupted(session, bob) == []
    assert run_leases.take_retry(session, bob, str(lease), scanner) is None
    # Its founder is told once, with Retry to the tool's page; the record stays for it.
    (told,) = run_leases.take_interrupted(session, user_id)
    session.commit()
    assert (told.tool_key, told.inputs) == (tools.SCANNER.key, SCAN_INPUTS)
    assert told.retry_path == f"{tools.SCANNER.route}?retry={lease}"
    assert run_leases.take_interrupted(session, user_id) == []
    # Another page's tools, or a bad id, take nothing.
    assert run_leases.take_retry(session, user_id, str(lease), {tools.GROWTH.key}) is None
    assert run_leases.take_retry(session, user_id, f"{lease}x", scanner) is None
    retry = run_leases.take_retry(session, user_id, str(lease), scanner)
    session.commit()
    assert retry == Retry(tools.SCANNER.key, SCAN_INPUTS, "Viability Scanner")
    assert run_leases.take_retry(session, user_id, str(lease), scanner) is None  # used
    assert run_leases.interrupted_runs(session, user_id) == []


def test_a_run_that_is_not_kept_offers_no_retry_and_its_record_goes_once_told(
    session: Session, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    lease = interrupted_run(session, user_id, None)
    (told,) = run_leases.take_interrupted(session, user_id)
    session.commit()
    assert told.inputs is None and told.retry_path == ""
    assert run_leases.interrupted_runs(session, user_id) == []
    assert run_leases.take_retry(session, user_id, str(lease), {""}) is None


def test_a_told_record_keeps_the_inputs_no_longer_than_a_week(
    session: Session, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    lease = interrupted_run(session, user_id, KeepRun(tools.SCANNER.key, SCAN_INPUTS))
    run_leases.take_interrupted(session, user_id)
    session.execute(
        update(AiRunLease)
        .where(col(AiRunLease.id) == lease)
        .values(interrupted_at=utcnow() - run_leases.INTERRUPTED_KEPT - timedelta(hours=1))
    )
    run_leases.sweep(session, utcnow() - timedelta(seconds=30))
    session.commit()
    assert session.exec(select(AiRunLease)).all() == []
