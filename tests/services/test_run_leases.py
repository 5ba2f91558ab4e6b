"""The leases of AI runs (issue 29, services/run_leases.py) on a real database: the sweep
interrupts only runs whose lease went stale and releases only their open holds; renewing
keeps a live run's lease fresh; a record never shown is forgotten after a week."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update
from sqlmodel import Session, col, select

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.ai import AiRunLease, AiUsage
from startup_toolkit.services import ai_usage, run_leases


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
