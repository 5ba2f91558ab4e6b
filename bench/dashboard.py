"""Time `load_dashboard` for a heavy user: 10,000 activity rows, 500 notifications and 200
saved results in a temporary, migrated SQLite database (`python -m bench --dashboard`)."""

from __future__ import annotations

import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from sqlalchemy import insert
from sqlmodel import Session

from startup_toolkit.db import make_engine
from startup_toolkit.domain.catalog import ALL_TOOLS
from startup_toolkit.models import (
    SavedResult,
    User,
    UserActivity,
    UserDocument,
    UserNotification,
    UserStats,
)
from startup_toolkit.models.arena import ArenaJoin
from startup_toolkit.models.base import utcnow


def seed_heavy_user(
    session: Session,
    email: str = "heavy@example.com",
    activities: int = 10_000,
    notifications: int = 500,
    results: int = 200,
    documents: int = 20,
) -> str:
    """A user with many rows of each kind (bulk inserts); returns the user id."""
    user = User(email=email, name="Heavy User")
    session.add(user)
    session.commit()
    uid = user.id
    now = utcnow()
    session.add(UserStats(user_id=uid, updated_at=now))
    for key in ("scanner-3", "funding-2", "growth-2"):  # three completed Arena challenges
        session.add(ArenaJoin(user_id=uid, kind="challenge", key=key, completed_at=now))
    session.execute(
        insert(UserActivity),
        [
            {
                "user_id": uid,
                "tool_name": ALL_TOOLS[i % len(ALL_TOOLS)].name,
                "action": f"Action {i}",
                "created_at": now - timedelta(seconds=activities - i),
            }
            for i in range(activities)
        ],
    )
    session.execute(
        insert(UserNotification),
        [
            {
                "user_id": uid,
                "type": ("info", "success", "warning", "error")[i % 4],
                "message": f"Notification {i}",
                "is_read": i % 2 == 0,
                "created_at": now - timedelta(seconds=notifications - i),
            }
            for i in range(notifications)
        ],
    )
    session.execute(
        insert(SavedResult),
        [
            {
                "user_id": uid,
                "tool_name": ALL_TOOLS[i % len(ALL_TOOLS)].name,
                "title": f"Result {i}",
                "content": {"rawContent": "x" * 2000, "summary": f"Summary {i}"},
                "content_type": "text",
                "formatted_content": "<p>" + "x" * 2000 + "</p>",
                "result_metadata": {"summary": f"Summary {i}"},
                "created_at": now - timedelta(seconds=results - i),
            }
            for i in range(results)
        ],
    )
    session.execute(
        insert(UserDocument),
        [
            {
                "user_id": uid,
                "name": f"Document {i}",
                "tool_name": ALL_TOOLS[0].name,
                "file_size": str(1000 * (i + 1)),
                "file_format": "PDF" if i % 2 else "DOCX",
                "download_url": "",
                "created_at": now - timedelta(seconds=documents - i),
            }
            for i in range(documents)
        ],
    )
    session.commit()
    return uid


def run(repeats: int = 50) -> None:
    """Seed a temporary database, then time cold (caches cleared) and warm loads."""
    from alembic.config import Config

    from alembic import command
    from startup_toolkit.services import dashboard

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        cfg = Config(str(root / "alembic.ini"))
        cfg.set_main_option("script_location", str(root / "alembic"))
        cfg.set_main_option("sqlalchemy.url", url)
        cfg.attributes["configure_logger"] = False
        command.upgrade(cfg, "head")
        engine = make_engine(url)
        with Session(engine, expire_on_commit=False) as session:
            uid = seed_heavy_user(session)
            for label, clear in (("cold", True), ("warm", False)):
                timings = []
                for _ in range(repeats):
                    if clear:
                        dashboard.cache.clear()
                    start = time.perf_counter()
                    data = dashboard.load_dashboard(session, uid)
                    timings.append((time.perf_counter() - start) * 1000)
                    assert data is not None
                print(
                    f"load_dashboard {label:4}: median {statistics.median(timings):6.2f} ms, "
                    f"max {max(timings):6.2f} ms over {repeats} runs "
                    f"(10,000 activities, 500 notifications, 200 saved results)"
                )
        engine.dispose()


if __name__ == "__main__":
    run()
