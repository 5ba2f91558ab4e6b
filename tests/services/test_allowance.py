"""Today's AI allowance as the founder sees it (issue 14, item 9): used and remaining tokens
counted from the real `ai_usage` rows since 00:00 UTC, the share used, the warning from 80 %,
the spent message, when it resets, and what applies without a limit or in demo mode; the
state shows it to the signed-in founder only."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import allowance as rules
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.services import ai_usage
from startup_toolkit.settings import get_settings
from startup_toolkit.state.tools import ToolPageState
from tests.support import tool_states
from tests.support.founders import user

NOW = datetime(2026, 3, 10, 19, 0, tzinfo=UTC)  # 5 h before the reset


@pytest.fixture
def ai_limit(settings_env: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Real AI configured (no call is made) with a daily limit of 10,000 tokens."""
    settings_env.setenv("AI_API_KEY", "test-key")
    settings_env.setenv("AI_DAILY_TOKENS", "10000")
    get_settings.cache_clear()
    return settings_env


def _spent(session: Session, user_id: str, tokens: int, at: datetime) -> None:
    session.add(AiUsage(user_id=user_id, tool_name="Scanner", total_tokens=tokens, created_at=at))
    session.commit()


@pytest.mark.parametrize(
    ("used", "level", "percent", "remaining", "message"),
    [
        (0, rules.OK, 0, 10_000, ""),
        (7_999, rules.OK, 79, 2_001, ""),
        (8_000, rules.WARNING, 80, 2_000, "You have used 80 % of today's AI allowance"),
        (8_550, rules.WARNING, 85, 1_450, "You have used 85 % of today's AI allowance"),
        (9_999, rules.WARNING, 99, 1, "You have used 99 % of today's AI allowance"),
        (10_000, rules.SPENT, 100, 0, rules.SPENT_TEXT),
        (12_500, rules.SPENT, 100, 0, rules.SPENT_TEXT),
    ],
)
def test_used_remaining_share_and_warning_from_the_rows_of_today(
    session: Session,
    ai_limit: pytest.MonkeyPatch,
    used: int,
    level: str,
    percent: int,
    remaining: int,
    message: str,
) -> None:
    ada, bob = user(session), user(session, "bob@example.com")
    _spent(session, ada, 50_000, NOW - timedelta(days=1))  # yesterday: not counted
    _spent(session, bob, 9_000, NOW - timedelta(hours=1))  # another founder's: not counted
    if used:
        _spent(session, ada, used - used // 3, NOW - timedelta(hours=18, minutes=59))
        _spent(session, ada, used // 3, NOW - timedelta(minutes=5))
    now = ai_usage.todays_allowance(session, ada, now=NOW)
    assert (now.level, now.used, now.limit) == (level, used, 10_000)
    assert (now.percent, now.remaining, now.message) == (percent, remaining, message)
    assert now.has_bar
    assert now.usage_text == f"{used:,} of 10,000 tokens used today, {remaining:,} left"
    assert now.reset == "Resets at 00:00 UTC, in 5 h"


@pytest.mark.parametrize(
    ("now", "text"),
    [
        (datetime(2026, 3, 10, 0, 0, tzinfo=UTC), "Resets at 00:00 UTC, in 24 h"),
        (datetime(2026, 3, 10, 14, 30, tzinfo=UTC), "Resets at 00:00 UTC, in 9 h 30 min"),
        (datetime(2026, 3, 10, 23, 12, 30, tzinfo=UTC), "Resets at 00:00 UTC, in 48 min"),
        (datetime(2026, 3, 10, 23, 59, 59, tzinfo=UTC), "Resets at 00:00 UTC, in 1 min"),
        # Another time zone: the same instant, the same reset.
        (
            datetime(2026, 3, 10, 22, 0, tzinfo=timezone(timedelta(hours=2))),
            "Resets at 00:00 UTC, in 4 h",
        ),
    ],
)
def test_reset_text(now: datetime, text: str) -> None:
    assert rules.reset_text(now) == text


def test_no_limit_and_demo_mode_say_what_applies_instead_of_a_bar(
    session: Session, settings_env: pytest.MonkeyPatch
) -> None:
    ada = user(session)
    _spent(session, ada, 5_000, NOW)
    settings_env.setenv("AI_API_KEY", "test-key")
    settings_env.setenv("AI_DAILY_TOKENS", "0")
    get_settings.cache_clear()
    unlimited = ai_usage.todays_allowance(session, ada, now=NOW)
    assert (unlimited.level, unlimited.has_bar) == (rules.UNLIMITED, False)
    assert unlimited.message == rules.UNLIMITED_TEXT and unlimited.usage_text == ""
    settings_env.delenv("AI_API_KEY")
    settings_env.setenv("AI_DAILY_TOKENS", "10000")
    get_settings.cache_clear()
    demo = ai_usage.todays_allowance(session, ada, now=NOW)
    assert (demo.level, demo.has_bar, demo.message) == (rules.DEMO, False, rules.DEMO_TEXT)


# --- the state behind the bar ----------------------------------------------------------------


def test_the_state_shows_the_signed_in_founders_figures(
    engine: Engine, founder: tuple[str, str], ai_limit: pytest.MonkeyPatch
) -> None:
    user_id, cookie = founder
    with Session(engine) as db:
        _spent(db, user_id, 8_600, datetime.now(UTC) - timedelta(seconds=5))
    s = tool_states.substate(ToolPageState, "/startup-viability-scanner", cookie)
    asyncio.run(s.load_allowance())
    shown = s.allowance
    assert shown is not None and shown.has_bar
    assert (shown.used, shown.remaining, shown.percent, shown.level) == (
        8_600,
        1_400,
        86,
        rules.WARNING,
    )
    assert shown.message == "You have used 86 % of today's AI allowance"
    assert shown.bar_color == "amber"
    assert shown.resets.startswith("Resets at 00:00 UTC, in ")
    # A run later: refresh brings the figures up to date.
    with Session(engine) as db:
        _spent(db, user_id, 2_000, datetime.now(UTC))
    asyncio.run(s.refresh_allowance())
    shown = s.allowance
    assert shown is not None
    assert (shown.level, shown.remaining, shown.bar_color) == (rules.SPENT, 0, "red")
    assert shown.message == rules.SPENT_TEXT


def test_the_state_shows_nothing_to_a_visitor(engine: Engine, ai_limit: pytest.MonkeyPatch) -> None:
    s = tool_states.substate(ToolPageState, "/startup-viability-scanner", "")
    asyncio.run(s.load_allowance())
    assert s.allowance is None
