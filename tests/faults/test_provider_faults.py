"""Issue 29, item 3: the AI provider fails mid-run, against the real groq SDK, FakeAiServer
on 127.0.0.1 and a real database. Whichever way it fails (the stream cut part-way, the
connection closed without an answer, 500s, a hang past the timeout), the founder gets the
tool's own failure notice (the page shows it with Retry), the call's budget hold is settled
or released exactly once, and nothing half-made is kept; a provider that recovers answers
the next attempt, charged once."""

from __future__ import annotations

import pytest

from startup_toolkit.domain.ai_request import TIMEOUT
from startup_toolkit.services.ai import close_providers
from startup_toolkit.services.tool_runs import Notice, RunStatus, run_tool
from tests.faults.conftest import TEXTS, Ledger, chat_run
from tests.support.ai_server import FakeAiServer

pytestmark = pytest.mark.faults

CONNECTION = "Failed to generate AI response: Connection error."


def failed(reason: str) -> Notice:
    return TEXTS.notice(RunStatus.FAILED, reason)


def assert_settled_once(ledger: Ledger) -> None:
    """One budget row for the one call that got an answer, settled: no open hold, no lease."""
    (row,) = ledger.usage()
    assert row.lease_id is None and row.completion_tokens > 0
    assert row.total_tokens == row.prompt_tokens + row.completion_tokens
    assert ledger.leases() == []


async def test_a_stream_cut_mid_way_fails_clearly_and_keeps_nothing(
    provider: FakeAiServer, ledger: Ledger
) -> None:
    provider.drop_mid_stream(["First ", "you ", "talk ", "to ", "people."], after=2)
    heard: list[str] = []
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda t: heard.append(t) or True)
    assert heard == ["First ", "you "]  # what arrived was shown as it came
    assert outcome.status is RunStatus.FAILED and outcome.result is None
    assert outcome.notice == failed(CONNECTION)
    assert ledger.kept() == []  # no half answer kept
    # What was streamed is charged (estimated: the cut stream sent no usage), once.
    (row,) = ledger.usage()
    assert row.lease_id is None and 0 < row.total_tokens < 500
    assert ledger.leases() == []


async def test_a_connection_closed_without_an_answer_is_retried_then_fails_clearly(
    provider: FakeAiServer, ledger: Ledger
) -> None:
    for _ in range(3):
        provider.drop()
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.status is RunStatus.FAILED and outcome.notice == failed(CONNECTION)
    assert len(provider.requests) == 3  # the policy's three attempts
    # Nothing came back: the hold is released, nothing charged, nothing kept.
    assert ledger.usage() == [] and ledger.kept() == [] and ledger.leases() == []


async def test_500s_then_recovery_answer_within_the_attempts_charged_once(
    provider: FakeAiServer, ledger: Ledger
) -> None:
    provider.status(500, "Overloaded").status(502, "Bad gateway").reply("Talk to ten owners.")
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.status is RunStatus.AI and outcome.result == "Talk to ten owners."
    assert len(provider.requests) == 3
    assert_settled_once(ledger)
    assert len(ledger.kept()) == 1


async def test_500s_past_the_attempts_fail_clearly_and_retry_recovers(
    provider: FakeAiServer, ledger: Ledger
) -> None:
    for _ in range(3):
        provider.status(500, "Overloaded")
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.status is RunStatus.FAILED
    assert outcome.notice == failed("Failed to generate AI response: Overloaded")
    assert ledger.usage() == [] and ledger.kept() == []
    # Retry, once the provider is back: answered, kept and charged once.
    provider.reply("Talk to ten owners.")
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.ok and outcome.result == "Talk to ten owners."
    assert_settled_once(ledger)
    assert len(ledger.kept()) == 1


async def test_a_hang_past_the_timeout_fails_clearly_and_hangs_up(
    provider: FakeAiServer, ledger: Ledger
) -> None:
    provider.slow(30, "Too late.")
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.status is RunStatus.FAILED and outcome.notice == failed(TIMEOUT)
    assert provider.wait_disconnect(1, timeout=5)  # the request was abandoned, not left open
    assert ledger.usage() == [] and ledger.kept() == [] and ledger.leases() == []
    await close_providers()
