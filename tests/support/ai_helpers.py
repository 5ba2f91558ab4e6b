"""What the AI request, provider, service and tool-run tests share: the T-AI-1 style table,
cancelling a reader at a held stream, and a founder whose daily AI allowance is spent."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import pytest
from sqlmodel import Session

from startup_toolkit.models.ai import AiUsage
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer

#: The names of STYLE_TABLE's columns, for `pytest.mark.parametrize`.
STYLE_COLUMNS = ("style", "enhanced", "temperature", "max_tokens")
#: T-AI-1: the temperature and max_tokens of each response style, plain and enhanced.
STYLE_TABLE: list[tuple[str, bool, float, int]] = [
    ("concise", False, 0.2, 4096),
    ("concise", True, 0.3, 6144),
    ("balanced", False, 0.3, 4096),
    ("balanced", True, 0.4, 6144),
    ("detailed", False, 0.4, 4096),
    ("detailed", True, 0.5, 6144),
]


def style_rows(*picked: tuple[str, bool]) -> list[tuple[str, bool, float, int]]:
    """The rows of STYLE_TABLE for these (style, enhanced) pairs, in this order."""
    return [next(row for row in STYLE_TABLE if row[:2] == pair) for pair in picked]


async def cancel_when_held(ai: FakeAiServer, reading: Coroutine[Any, Any, None]) -> None:
    """Run `reading` as a task until the fake's stream holds, then cancel that task; it must
    end cancelled."""
    task = asyncio.create_task(reading)
    assert await asyncio.to_thread(ai.wait_held)
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def spend_daily_budget(
    settings_env: pytest.MonkeyPatch, session: Session, user_id: str, tool_name: str
) -> None:
    """Cap the daily AI allowance at 1000 tokens and record a `tool_name` call of
    `user_id`'s that used all of it."""
    settings_env.setenv("AI_DAILY_TOKENS", "1000")
    get_settings.cache_clear()
    session.add(AiUsage(user_id=user_id, tool_name=tool_name, prompt_tokens=900, total_tokens=1000))
    session.commit()
