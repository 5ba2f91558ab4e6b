"""The operator command `python -m startup_toolkit.admin reset-link EMAIL`, run as a process
against a test database: it prints a working one-time link (issue 13, account recovery)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.services import account_recovery, accounts

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = "https://unstuck.example"
PASSWORD = "correct horse battery"


def admin(database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMTP_")}
    env.update(DATABASE_URL=database_url, PUBLIC_BASE_URL=PUBLIC)
    return subprocess.run(
        [sys.executable, "-m", "startup_toolkit.admin", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_reset_link_prints_a_link_that_resets_the_password(
    engine: Engine, database_url: str, cheap_hashing: None
) -> None:
    with Session(engine) as db:
        assert accounts.sign_up(db, "Ada Lovelace", "ada@example.com", PASSWORD, PASSWORD).ok

    done = admin(database_url, "reset-link", "Ada@Example.com")
    assert done.returncode == 0, done.stderr
    link = done.stdout.strip()
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == PUBLIC + rules.OPEN_PATH
    token = parse_qs(parts.query)["token"][0]
    assert "30 minutes" in done.stderr

    with Session(engine) as db:
        row = db.exec(select(PasswordReset)).one()
        assert row.status == "issued" and row.token_hash and token not in row.token_hash
        link = account_recovery.open_link(db, token)  # the browser opens it
        assert link is not None
        assert account_recovery.reset_password(
            db, link.nonce, "new password 1", "new password 1"
        ).ok
        assert accounts.authenticate(db, "ada@example.com", "new password 1", "198.51.100.1").ok


def test_reset_link_for_an_unknown_email_fails_and_usage_is_shown(
    engine: Engine, database_url: str
) -> None:
    unknown = admin(database_url, "reset-link", "nobody@example.com")
    assert unknown.returncode == 1 and unknown.stdout == ""
    assert "No account" in unknown.stderr
    wrong = admin(database_url, "reset-password")
    assert wrong.returncode == 2 and "usage:" in wrong.stderr
