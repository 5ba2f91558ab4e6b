"""run_tool's streamed text replies (T-CHAT-1, T-CHAT-2): `on_start` says the run goes ahead
(and whether with the sample) before any text; `on_text` returning False stops the stream and
the outcome says it is incomplete, in demo mode too."""

from __future__ import annotations

import asyncio

import pytest

from startup_toolkit.services import ai
from startup_toolkit.services.tool_runs import (
    Notice,
    RunStatus,
    RunTexts,
    ToolOutcome,
    ToolRun,
    run_tool,
)
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer

TEXTS = RunTexts(failed=Notice("Failed"), no_access=Notice("No access"))
SAMPLE = "One two three four"


def _run() -> ToolRun[str]:
    history = [{"role": "user", "content": "Hi"}]
    return ToolRun("test", "Be brief.", TEXTS, lambda: SAMPLE, history=history)


def _stream(user_id: str, stop_after: int = 0) -> tuple[list[str], ToolOutcome[str]]:
    """Run the streamed tool: (what the callbacks saw, in order; the outcome)."""
    seen: list[str] = []

    def on_start(status: RunStatus) -> None:
        seen.append(f"start:{status.value}")

    def on_text(delta: str) -> bool:
        seen.append(delta)
        return not stop_after or len(seen) - 1 < stop_after

    async def go() -> ToolOutcome[str]:
        try:
            return await run_tool(user_id, _run(), on_text=on_text, on_start=on_start)
        finally:
            await ai.close_providers()

    return seen, asyncio.run(go())


@pytest.fixture
def demo(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()


@pytest.mark.usefixtures("demo")
def test_demo_mode_starts_as_a_sample_then_streams_it_word_by_word(
    founder: tuple[str, str],
) -> None:
    seen, outcome = _stream(founder[0])
    assert seen == ["start:sample", "One", " two", " three", " four"]
    assert (outcome.status, outcome.result, outcome.complete) == (RunStatus.SAMPLE, SAMPLE, True)


@pytest.mark.usefixtures("demo")
def test_a_demo_stream_stopped_by_on_text_is_incomplete(founder: tuple[str, str]) -> None:
    seen, outcome = _stream(founder[0], stop_after=2)
    assert seen == ["start:sample", "One", " two"]
    assert (outcome.status, outcome.complete) == (RunStatus.SAMPLE, False)


def test_the_ai_run_starts_before_its_text(fake_ai: FakeAiServer, founder: tuple[str, str]) -> None:
    fake_ai.stream(["Hel", "lo"])
    seen, outcome = _stream(founder[0])
    assert seen == ["start:ai", "Hel", "lo"]
    assert (outcome.status, outcome.result, outcome.complete) == (RunStatus.AI, "Hello", True)


def test_no_access_never_starts(
    fake_ai: FakeAiServer, founder: tuple[str, str], settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("ACCESS_MODE", "subscription")
    get_settings.cache_clear()
    seen, outcome = _stream(founder[0])
    assert seen == []
    assert outcome.status is RunStatus.NO_ACCESS and outcome.notice == Notice("No access")
    assert fake_ai.requests == []
