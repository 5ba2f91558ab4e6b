"""Issue 29, item 2: a worker's provider requests in flight are capped (`AI_MAX_IN_FLIGHT`);
more wait their turn (queued, heard by `on_queued`), their wait outside the request's
timeout, and a streamed reply keeps its slot until it ends. Against FakeAiServer on
127.0.0.1 through the real groq SDK."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from startup_toolkit.domain.ai_request import request_parameters
from startup_toolkit.providers.ai import ChatProvider, on_queued
from tests.support.ai_server import FakeAiServer

MESSAGES = [{"role": "user", "content": "Is a dog-walking app viable?"}]
PARAMS = request_parameters("balanced", False)


@pytest.fixture
def ai() -> Iterator[FakeAiServer]:
    with FakeAiServer() as server:
        yield server


def _overlaps(ai: FakeAiServer) -> int:
    """The most requests the server had under way at one moment."""
    edges = sorted([(r.started, 1) for r in ai.recorded] + [(r.finished, -1) for r in ai.recorded])
    most = now = 0
    for _, step in edges:
        now += step
        most = max(most, now)
    return most


async def test_requests_past_the_cap_wait_their_turn_outside_the_timeout(
    ai: FakeAiServer,
) -> None:
    # Each reply takes 0.8 s, well inside the 1.5 s timeout even on a loaded machine; the last
    # of five, two at a time, waits 1.6 s for its turn: longer than the timeout.
    provider = ChatProvider("k", ai.base_url, "m", timeout=1.5, max_in_flight=2)
    for n in range(5):
        ai.slow(0.8, f"Answer {n}")
    heard: list[bool] = []
    on_queued.set(heard.append)
    try:
        replies = await asyncio.gather(*(provider.complete(MESSAGES, PARAMS) for _ in range(5)))
    finally:
        await provider.aclose()
    # All five answered (the last waited past the timeout: not a failure) ...
    assert sorted(r.text for r in replies) == [f"Answer {n}" for n in range(5)]
    # ... never more than two at the server at once, and the three that waited were told.
    assert _overlaps(ai) == 2
    assert heard.count(True) == 3 and heard.count(False) == 3


async def test_a_stream_holds_its_slot_until_it_ends(ai: FakeAiServer) -> None:
    provider = ChatProvider("k", ai.base_url, "m", timeout=5.0, max_in_flight=1)
    ai.stream(["Hello", " there"], hold_after=1)
    ai.reply("Second")
    try:
        chat = provider.stream(MESSAGES, PARAMS)
        first = await chat.__anext__()
        assert ai.wait_held(5)
        second = asyncio.create_task(provider.complete(MESSAGES, PARAMS))
        await asyncio.sleep(0.3)
        assert not second.done() and len(ai.recorded) == 1  # waits for the stream's slot
        ai.release()
        rest = [delta async for delta in chat]
        assert first + "".join(rest) == "Hello there"
        assert (await asyncio.wait_for(second, 5)).text == "Second"
    finally:
        await provider.aclose()
