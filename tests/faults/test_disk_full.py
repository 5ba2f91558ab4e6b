"""Issue 29, item 3: the disk under the embedded database fills (SQLite, `make run`'s default).

The database file lives on a disk of its own, a tmpfs of a few megabytes mounted for the test,
and a filler file takes the space left, so SQLite's next write fails the way it does on a full
disk ("database or disk is full"). A run is refused with the clear message of a database that
refuses writes before anything is sent or charged, while reads go on: the founder stays signed
in and sees their kept runs. Once space is freed the next run works, with no restart."""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain.tool_run import STORAGE_REFUSED
from startup_toolkit.models.accounts import UserSession
from startup_toolkit.services import sessions, user_cache, workspace
from startup_toolkit.services.tool_runs import RunStatus, run_tool
from tests.conftest import sqlite_copy
from tests.faults.conftest import TEXTS, Ledger, chat_run
from tests.support.ai_server import FakeAiServer
from tests.support.founders import session_token, signed_up

pytestmark = pytest.mark.faults

DISK_SIZE = "4m"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs of DISK_SIZE mounted for this test (the fault tests run as root, as CI does)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={DISK_SIZE}", "tmpfs", str(disk)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"a small disk cannot be mounted here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=False)


@pytest.fixture
def database_url(
    _migrated_sqlite_template: Path, small_disk: Path, settings_env: pytest.MonkeyPatch
) -> str:
    """The app's migrated SQLite database on the small disk (overrides the usual one)."""
    return sqlite_copy(_migrated_sqlite_template, small_disk, settings_env)


def fill(disk: Path) -> Path:
    """Take every byte left on `disk` with a filler file; its path."""
    filler = disk / "filler"
    chunk = b"\0" * 65536
    with filler.open("wb", buffering=0) as out:
        while True:
            try:
                out.write(chunk)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
                chunk = chunk[: len(chunk) // 2]
                if not chunk:
                    return filler


async def test_a_full_disk_refuses_runs_clearly_while_reads_go_on(
    provider: FakeAiServer, engine: Engine, small_disk: Path
) -> None:
    with Session(engine) as session:
        user_id = signed_up(session, "disk@example.com")
        token = session_token(session, user_id)
        long_ago = sessions.utcnow() - timedelta(hours=2)  # the next page load writes
        session.execute(update(UserSession).values(last_seen_at=long_ago))
        session.commit()
    ledger = Ledger(engine, user_id)
    provider.reply("Talk to ten owners.", usage=(40, 10))
    assert (await run_tool(user_id, chat_run(), on_text=lambda _t: True)).ok

    filler = fill(small_disk)
    user_cache.cache.clear()
    # Reads go on: the founder's page load still knows them (its last-seen write refused) ...
    with Session(engine) as session:
        assert sessions.resolve_session(session, token) == user_id
        # ... and their kept runs are listed.
        kept = workspace.runs_of_tool(session, user_id, "cofounder")
        assert [r.result for r in kept] == ["Talk to ten owners."]
    # A run is refused before anything is sent or charged, with a clear reason.
    outcome = await run_tool(user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.status is RunStatus.FAILED
    assert outcome.notice == TEXTS.notice(RunStatus.FAILED, STORAGE_REFUSED)
    assert len(provider.requests) == 1

    # Space is freed: the next run works on the same engine, nothing restarted.
    filler.unlink()
    provider.reply("Then ask them to pay.", usage=(40, 10))
    assert (await run_tool(user_id, chat_run(), on_text=lambda _t: True)).ok
    assert len(provider.requests) == 2
    assert ledger.charged() == 100 and len(ledger.kept()) == 2
