"""The one migration history builds the models' schema, the same on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, select

from alembic import command
from startup_toolkit import models
from startup_toolkit.db import make_engine
from tests.conftest import alembic_config, migrate
from tests.support.founders import FIRST_STATS, stats_figures

EXPECTED_TABLES = {
    "ai_run_leases",
    # spec platform section 3
    "user_activity",
    "user_documents",
    "user_notifications",
    "user_favorites",
    "user_stats",
    "saved_results",
    "user_ai_settings",
    "profiles",
    "user_preferences",
    "user_security_settings",
    # DESIGN.md "Data"
    "users",
    "sessions",
    "subscriptions",
    "invoices",
    "stripe_events",
    "contact_messages",
    "ai_usage",
    "resources",
    # sign-in security (models/security.py, migration 0002)
    "login_attempts",
    "sign_in_tickets",
    "user_totp",
    # two-factor recovery codes (models/security.py, migration 0013)
    "user_recovery_codes",
    # account recovery (models/recovery.py, migration 0005)
    "password_resets",
    # the founder's workspace (models/workspace.py, migration 0006)
    "ideas",
    "tool_runs",
    "share_links",
    # the shared Startup Arena (models/arena.py, migration 0008)
    "arena_entries",
    "arena_posts",
    "arena_likes",
    "arena_joins",
    # the Solutions Hub's generated versions (models/resources.py, migration 0009)
    "resource_versions",
    # the weekly watch on a brief (models/watch.py, migration 0016)
    "idea_watches",
    "watch_checks",
    "watch_digests",
}

# Tables with no owning user: kept when a user is deleted.
UNOWNED_TABLES = {"users", "stripe_events", "contact_messages", "resources", "login_attempts"}


def _schema(engine: Engine) -> dict[str, Any]:
    """A database-neutral description of the schema: columns, keys, indexes, foreign keys."""
    insp = inspect(engine)
    out: dict[str, Any] = {}
    for table in sorted(insp.get_table_names()):
        if table == "alembic_version":
            continue
        columns = {
            c["name"]: (type(c["type"].as_generic()).__name__, c["nullable"])
            for c in insp.get_columns(table)
        }
        indexes = {(tuple(i["column_names"]), bool(i["unique"])) for i in insp.get_indexes(table)}
        uniques = {tuple(u["column_names"]) for u in insp.get_unique_constraints(table)}
        fks = {
            (
                tuple(f["constrained_columns"]),
                f["referred_table"],
                (f.get("options") or {}).get("ondelete"),
            )
            for f in insp.get_foreign_keys(table)
        }
        out[table] = {
            "columns": columns,
            "pk": tuple(insp.get_pk_constraint(table)["constrained_columns"]),
            # A unique index and a unique constraint are the same guarantee; SQLite and
            # PostgreSQL report them differently.
            "unique": sorted({cols for cols, u in indexes if u} | uniques),
            "indexes": sorted(cols for cols, u in indexes if not u),
            "fks": sorted(fks, key=str),
        }
    return out


def _no_drift(engine: Engine) -> list[Any]:
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": False})
        return compare_metadata(ctx, SQLModel.metadata)


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Engine:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    migrate(url)
    return make_engine(url)


def test_migrations_create_every_table(sqlite_engine: Engine) -> None:
    assert set(inspect(sqlite_engine).get_table_names()) - {"alembic_version"} == EXPECTED_TABLES


def test_migrations_match_the_models_on_sqlite(sqlite_engine: Engine) -> None:
    assert _no_drift(sqlite_engine) == []


def test_per_user_lists_are_indexed_by_user_and_time(sqlite_engine: Engine) -> None:
    schema = _schema(sqlite_engine)
    for table in (
        "user_activity",
        "user_notifications",
        "saved_results",
        "user_documents",
        "ai_usage",
    ):
        assert ("user_id", "created_at") in schema[table]["indexes"], table
    for table in ("user_stats", "user_ai_settings", "user_preferences", "user_security_settings"):
        assert ("user_id",) in schema[table]["unique"], table


def test_every_user_row_cascades_from_users(sqlite_engine: Engine) -> None:
    schema = _schema(sqlite_engine)
    owned = [t for t, s in schema.items() if any(fk[1] == "users" for fk in s["fks"])]
    assert set(owned) == EXPECTED_TABLES - UNOWNED_TABLES
    for table in owned:
        assert all(fk[2] == "CASCADE" for fk in schema[table]["fks"] if fk[1] == "users"), table


def _seed_and_delete_user(engine: Engine) -> dict[str, int]:
    """Create a user with one row in every owned table, delete the user, count what is left."""
    with Session(engine) as s:
        user = models.User(email="a@example.com", name="A")
        s.add(user)
        s.flush()
        uid = user.id
        s.add_all(
            [
                models.UserSession(user_id=uid, token_hash="h", expires_at=models.base.utcnow()),
                models.Profile(id=uid, full_name="A"),
                models.UserAiSettings(user_id=uid),
                models.UserPreferences(user_id=uid),
                models.UserSecuritySettings(user_id=uid),
                models.UserActivity(user_id=uid, tool_name="Dashboard", action="x"),
                models.UserNotification(user_id=uid, message="hi"),
                models.UserFavorite(
                    user_id=uid, tool_name="AI Co-Founder", tool_path="/ai-cofounder"
                ),
                models.UserStats(user_id=uid),
                models.SavedResult(user_id=uid, tool_name="t", title="r", content={"a": 1}),
                models.UserDocument(user_id=uid, name="d"),
                models.Subscription(user_id=uid, stripe_subscription_id="sub_1"),
                models.AiUsage(user_id=uid, tool_name="t"),
                models.SignInTicket(user_id=uid, ticket_hash="t", expires_at=models.base.utcnow()),
                models.UserTotp(user_id=uid, pending_secret="S"),
                models.UserRecoveryCode(user_id=uid, salt="00" * 16, code_hash="0" * 64),
                models.PasswordReset(
                    user_id=uid, password_stamp="s", expires_at=models.base.utcnow()
                ),
                models.ShareLink(user_id=uid, token_hash="h", kind="idea", target=[1]),
            ]
        )
        s.flush()
        idea = models.Idea(user_id=uid, title="Socks")
        s.add(idea)
        s.flush()
        s.add(models.ToolRunRecord(user_id=uid, idea_id=idea.id, tool="scanner", input={}))
        watch = models.IdeaWatch(user_id=uid, idea_id=idea.id)
        digest = models.WatchDigest(user_id=uid, period=1)
        s.add_all([watch, digest])
        s.flush()
        s.add(
            models.WatchCheck(
                user_id=uid, watch_id=watch.id, idea_id=idea.id, period=1, digest_id=digest.id
            )
        )
        s.commit()
        s.delete(s.get(models.User, uid))
        s.commit()
    counts = {}
    with engine.connect() as conn:
        for table in EXPECTED_TABLES - (UNOWNED_TABLES - {"users"}):
            counts[table] = conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
    return counts


def test_deleting_a_user_deletes_their_rows_on_sqlite(sqlite_engine: Engine) -> None:
    assert set(_seed_and_delete_user(sqlite_engine).values()) == {0}


def test_spec_defaults_apply(sqlite_engine: Engine) -> None:
    with Session(sqlite_engine) as s:
        user = models.User(email="d@example.com")
        s.add(user)
        s.flush()
        s.add_all(
            [
                models.UserStats(user_id=user.id),
                models.UserAiSettings(user_id=user.id),
                models.UserPreferences(user_id=user.id),
                models.UserSecuritySettings(user_id=user.id),
                models.UserNotification(user_id=user.id, message="m"),
                models.UserDocument(user_id=user.id, name="n"),
            ]
        )
        s.commit()
        stats = s.exec(select(models.UserStats)).one()
        ai = s.exec(select(models.UserAiSettings)).one()
        prefs = s.exec(select(models.UserPreferences)).one()
        sec = s.exec(select(models.UserSecuritySettings)).one()
        note = s.exec(select(models.UserNotification)).one()
        doc = s.exec(select(models.UserDocument)).one()
        user_id = user.id
    assert stats_figures(stats) == FIRST_STATS
    assert (
        ai.response_style,
        ai.expertise_level,
        ai.industry_focus,
        ai.communication_tone,
        ai.detail_level,
    ) == (
        "balanced",
        "intermediate",
        "technology",
        "professional",
        "moderate",
    )
    assert (
        prefs.email_notifications,
        prefs.push_notifications,
        prefs.marketing_emails,
        prefs.weekly_reports,
    ) == (True, False, True, True)
    assert (
        prefs.ai_personalization,
        prefs.data_collection,
        prefs.theme,
        prefs.language,
        prefs.timezone,
    ) == (True, True, "dark", "en", "UTC")
    assert (sec.two_factor_enabled, sec.session_timeout, sec.login_notifications) == (
        False,
        30,
        True,
    )
    assert note.is_read is False
    assert doc.file_format == "PDF"
    assert len(user_id) >= 10  # P-AUTH-4: ids are long enough for the helpers' id rule


def test_contact_rows_stored_before_0010_count_for_the_confirmation_limit(tmp_path: Path) -> None:
    """issue 27, item 2: migration 0010 gives stored messages their recipient as the limit
    counts it, and a confirmation already sent counts as that row's claim for its day."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0009")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO contact_messages (name, email, message, ip_address, status,"
                " attempts, last_error, created_at, confirmation_sent_at) VALUES"
                " ('Ada', ' Ada@Example.COM ', 'Hi', '', 'sent', 0, '', :at, :at),"
                " ('Bob', 'bob@example.com', 'Hi', '', 'pending', 0, '', :at, NULL)"
            ),
            {"at": "2026-01-02 03:04:05.000000"},
        )
    migrate(url)
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT recipient, confirmation_claimed_at FROM contact_messages ORDER BY id")
        ).all()
    engine.dispose()
    assert [(r[0], r[1] is not None) for r in rows] == [
        ("ada@example.com", True),
        ("bob@example.com", False),
    ]


def test_0012_gives_shareable_rows_public_ids_and_binds_only_older_targets(
    tmp_path: Path,
) -> None:
    """issue 27, item 1 (share links): migration 0012 gives every saved result, kept run and
    idea a random public id, and an existing link the public ids of its targets only when
    each target is older than the link; a younger target took a reused id, so that link
    stays dead."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0011")
    engine = create_engine(url)
    old, new, at = (
        "2026-01-01 00:00:00.000000",
        "2026-03-01 00:00:00.000000",
        "2026-02-01 00:00:00.000000",
    )
    with Session(engine) as db:  # users has the same columns at 0011 as now
        db.add(models.User(id="u1", email="a@example.com", name="A"))
        db.commit()
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO saved_results (id, user_id, created_at, tool_name, title, content,"
                " content_type, formatted_content, metadata) VALUES"
                " (1, 'u1', :old, 't', 'Shared', '\"a\"', 'text', '', '{}'),"
                " (2, 'u1', :new, 't', 'Took id 2', '\"b\"', 'text', '', '{}')"
            ),
            {"old": old, "new": new},
        )
        conn.execute(
            text(
                "INSERT INTO ideas (id, user_id, created_at, title, description, text_key,"
                " updated_at) VALUES (1, 'u1', :old, 'Socks', '', 'k1', :old),"
                " (2, 'u1', :old, 'Hats', '', 'k2', :old)"
            ),
            {"old": old},
        )
        conn.execute(
            text(
                "INSERT INTO tool_runs (id, user_id, created_at, idea_id, tool, input, result,"
                " sample, model, tokens, duration_ms) VALUES"
                " (1, 'u1', :old, 1, 'scanner', '{}', NULL, 1, '', 0, 0)"
            ),
            {"old": old},
        )
        conn.execute(
            text(
                "INSERT INTO share_links (id, user_id, created_at, token_hash, kind, target,"
                " title, expires_at, revoked_at) VALUES"
                " (1, 'u1', :at, 'h1', 'result', '[1]', '', NULL, NULL),"
                " (2, 'u1', :at, 'h2', 'result', '[2]', '', NULL, NULL),"
                " (3, 'u1', :at, 'h3', 'comparison', '[1, 2]', '', NULL, NULL),"
                " (4, 'u1', :at, 'h4', 'run', '[1]', '', NULL, NULL),"
                " (5, 'u1', :at, 'h5', 'result', '[9]', '', NULL, NULL)"
            ),
            {"at": at},
        )
    migrate(url)
    with engine.connect() as conn:
        keys = {
            table: dict(conn.execute(text(f"SELECT id, public_id FROM {table}")).all())
            for table in ("saved_results", "ideas", "tool_runs")
        }
        links = dict(conn.execute(text("SELECT id, target_keys FROM share_links")).all())
    engine.dispose()
    every = [k for table in keys.values() for k in table.values()]
    assert all(len(k) == 32 for k in every) and len(set(every)) == len(every) == 5
    assert {i: json.loads(v) for i, v in links.items()} == {
        1: [keys["saved_results"][1]],
        2: [],  # its target is younger than the link: a reused id
        3: [keys["ideas"][1], keys["ideas"][2]],
        4: [keys["tool_runs"][1]],
        5: [],
    }


def test_0015_gives_kept_runs_their_origin_from_the_sample_flag(tmp_path: Path) -> None:
    """Issue 28: before 0015 only the AI's answers and demo mode's samples were kept, so a
    kept run's flag says which; new rows default to the AI's."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0013")
    engine = create_engine(url)
    with Session(engine) as db:
        db.add(models.User(id="u1", email="a@example.com", name="A"))
        db.commit()
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tool_runs (id, user_id, created_at, idea_id, tool, public_id, input,"
                " result, sample, model, tokens, duration_ms) VALUES"
                " (1, 'u1', '2026-01-01 00:00:00', NULL, 'scanner', 'p1', '{}', NULL, 1, '', 0, 0),"
                " (2, 'u1', '2026-01-01 00:00:00', NULL, 'funding', 'p2', '{}', NULL, 0, 'm', 0, 0)"
            )
        )
    migrate(url)
    with engine.connect() as conn:
        origins = dict(conn.execute(text("SELECT id, origin FROM tool_runs")).all())
    engine.dispose()
    assert origins == {1: "sample", 2: "ai"}


@pytest.mark.postgres
def test_migrations_build_the_same_schema_on_postgresql(
    sqlite_engine: Engine, postgres_url: str
) -> None:
    migrate(postgres_url)
    pg = create_engine(postgres_url)
    try:
        assert _schema(pg) == _schema(sqlite_engine)
        assert _no_drift(pg) == []
        assert set(_seed_and_delete_user(pg).values()) == {0}
    finally:
        pg.dispose()
