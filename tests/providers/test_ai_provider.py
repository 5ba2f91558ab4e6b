"""The chat provider through the real groq SDK against FakeAiServer on 127.0.0.1:
T-AI-1 (request body), T-AI-2 (retries, delays, timeout), T-AI-3 (error texts), JSON mode,
and streaming (deltas in order, usage, closing the HTTP stream)."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Iterator

import pytest

from startup_toolkit.domain.ai_request import NO_CONTENT, TIMEOUT, request_parameters
from startup_toolkit.providers.ai import AiProviderError, ChatProvider, Completion
from tests.support.ai_helpers import STYLE_COLUMNS, cancel_when_held, style_rows
from tests.support.ai_server import PATH, FakeAiServer

MESSAGES = [
    {"role": "system", "content": "You are a startup analyst."},
    {"role": "user", "content": "Is a dog-walking app viable?"},
]
JITTER = 0.5  # -> 100 ms of jitter in every backoff delay


@pytest.fixture
def ai() -> Iterator[FakeAiServer]:
    with FakeAiServer() as server:
        yield server


class Sleeps(list[float]):
    """An injected sleep that records the delays instead of waiting."""

    async def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
async def provider(ai: FakeAiServer, sleeps: Sleeps) -> AsyncIterator[ChatProvider]:
    p = ChatProvider(
        "test-key", ai.base_url, "test-model", sleep=sleeps, jitter=lambda: JITTER, timeout=3.0
    )
    yield p
    await p.aclose()


PARAMS = request_parameters("balanced", False)


async def test_t_ai_1_normal_reply_and_request(ai: FakeAiServer, provider: ChatProvider) -> None:
    """T-AI-1: system + user messages, model, key and the spec's parameters reach the server."""
    ai.reply("A solid niche.", usage=(31, 7))
    completion = await provider.complete(MESSAGES, PARAMS)
    assert completion == Completion("A solid niche.", 31, 7, "test-model")
    assert completion.total_tokens == 38
    (request,) = ai.recorded
    assert request.path == PATH
    assert request.headers["Authorization"] == "Bearer test-key"
    assert request.body == {
        "model": "test-model",
        "messages": MESSAGES,
        "temperature": 0.3,
        "max_tokens": 4096,
        "top_p": 0.95,
        "presence_penalty": 0.1,
        "frequency_penalty": 0.1,
    }


@pytest.mark.parametrize(
    STYLE_COLUMNS,
    style_rows(("concise", False), ("balanced", True), ("detailed", False), ("detailed", True)),
)
async def test_t_ai_1_parameters_on_the_wire(
    ai: FakeAiServer,
    provider: ChatProvider,
    style: str,
    enhanced: bool,
    temperature: float,
    max_tokens: int,
) -> None:
    """T-AI-1: the body carries each style's temperature and max_tokens (enhanced too)."""
    await provider.complete(MESSAGES, request_parameters(style, enhanced))
    body = ai.requests[0]
    assert (body["temperature"], body["max_tokens"]) == (temperature, max_tokens)
    assert (body["top_p"], body["presence_penalty"], body["frequency_penalty"]) == (0.95, 0.1, 0.1)


async def test_t_ai_2_429_honours_retry_after(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    """T-AI-2: a 429 with Retry-After waits exactly that long, then succeeds."""
    ai.status(429, retry_after=2).reply("Back again.")
    completion = await provider.complete(MESSAGES, PARAMS)
    assert completion.text == "Back again."
    assert sleeps == [2.0]
    assert len(ai.requests) == 2


async def test_t_ai_2_retry_after_is_capped(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    ai.status(429, retry_after=600).reply("ok")
    await provider.complete(MESSAGES, PARAMS)
    assert sleeps == [30.0]


async def test_t_ai_2_429_without_retry_after_backs_off(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    ai.status(429).reply("ok")
    await provider.complete(MESSAGES, PARAMS)
    assert sleeps == [pytest.approx(0.5)]


async def test_t_ai_2_500_then_success_with_backoff(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    """T-AI-2: min(2000, 400*2^n) ms + jitter*200 ms: 0.5 s, then 0.9 s."""
    ai.status(500).status(503).reply("Third time lucky.")
    completion = await provider.complete(MESSAGES, PARAMS)
    assert completion.text == "Third time lucky."
    assert sleeps == [pytest.approx(0.5), pytest.approx(0.9)]
    assert len(ai.requests) == 3


async def test_t_ai_2_t_ai_3_three_500s_fail_with_the_provider_message(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    """T-AI-2/3: three attempts in all, then the provider's error.message, wrapped."""
    for _ in range(3):
        ai.status(500, "The model is overloaded.")
    ai.reply("never reached")
    with pytest.raises(AiProviderError) as info:
        await provider.complete(MESSAGES, PARAMS)
    assert info.value.message == "Failed to generate AI response: The model is overloaded."
    assert info.value.status_code == 500
    assert len(ai.requests) == 3
    assert len(sleeps) == 2
    assert ai.pending == 1


async def test_t_ai_3_client_errors_are_not_retried(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    """T-AI-3: a 401 shows the provider's message at once."""
    ai.status(401, "Invalid API Key")
    with pytest.raises(AiProviderError) as info:
        await provider.complete(MESSAGES, PARAMS)
    assert info.value.message == "Failed to generate AI response: Invalid API Key"
    assert len(ai.requests) == 1
    assert sleeps == []


async def test_t_ai_2_network_errors_are_retried(sleeps: Sleeps) -> None:
    """T-AI-2: a refused connection counts as a network error: 3 attempts, then a message."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = ChatProvider(
        "k", f"http://127.0.0.1:{port}", "m", sleep=sleeps, jitter=lambda: 0.0, timeout=1.0
    )
    try:
        with pytest.raises(AiProviderError) as info:
            await p.complete(MESSAGES, PARAMS)
    finally:
        await p.aclose()
    assert info.value.message == "Failed to generate AI response: Connection error."
    assert sleeps == [pytest.approx(0.4), pytest.approx(0.8)]


async def test_t_ai_2_t_ai_3_slow_server_times_out(ai: FakeAiServer, sleeps: Sleeps) -> None:
    """T-AI-2/3: past the timeout (60 s in production, 0.4 s here) the call stops with the
    spec's timeout text; a timeout is not retried."""
    ai.slow(10)
    provider = ChatProvider(
        "test-key", ai.base_url, "test-model", sleep=sleeps, jitter=lambda: JITTER, timeout=0.4
    )
    started = time.monotonic()
    try:
        with pytest.raises(AiProviderError) as info:
            await provider.complete(MESSAGES, PARAMS)
    finally:
        await provider.aclose()
    elapsed = time.monotonic() - started
    assert info.value.message == TIMEOUT
    assert 0.38 <= elapsed < 3.4
    assert len(ai.requests) == 1
    assert sleeps == []
    assert ai.wait_disconnect()


def test_t_ai_2_default_timeout_is_60_seconds() -> None:
    p = ChatProvider("k", "http://127.0.0.1:9", "m")
    assert p.timeout == 60.0
    assert p._client.max_retries == 0
    assert p._client.timeout == 60.0


async def test_t_ai_3_empty_content(ai: FakeAiServer, provider: ChatProvider) -> None:
    """T-AI-3: an empty reply is 'No content returned', wrapped; the tokens are reported."""
    ai.empty()
    with pytest.raises(AiProviderError) as info:
        await provider.complete(MESSAGES, PARAMS)
    assert info.value.message == f"Failed to generate AI response: {NO_CONTENT}"
    assert info.value.usage is not None
    assert (info.value.usage.prompt_tokens, info.value.usage.completion_tokens) == (12, 0)


async def test_json_mode_sends_response_format(ai: FakeAiServer, provider: ChatProvider) -> None:
    ai.reply('{"ok": true}')
    await provider.complete(MESSAGES, PARAMS, json_object=True)
    assert ai.requests[0]["response_format"] == {"type": "json_object"}
    assert ai.requests[0]["max_tokens"] == 4096


async def test_json_mode_refused_is_asked_again_without_it(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    """A server that answers 400 for response_format gets the same request without it."""
    ai.status(
        400, "'response_format' of type 'json_object' is not supported", param="response_format"
    )
    ai.reply('{"ok": true}')
    completion = await provider.complete(MESSAGES, PARAMS, json_object=True)
    assert completion.text == '{"ok": true}'
    first, second = ai.requests
    assert first["response_format"] == {"type": "json_object"}
    assert "response_format" not in second
    assert {k: v for k, v in first.items() if k != "response_format"} == second
    assert sleeps == []


async def test_json_mode_fallback_happens_once(ai: FakeAiServer, provider: ChatProvider) -> None:
    ai.status(400, "json_validate_failed", error_code="json_validate_failed")
    ai.status(400, "Context length exceeded")
    with pytest.raises(AiProviderError) as info:
        await provider.complete(MESSAGES, PARAMS, json_object=True)
    assert info.value.message == "Failed to generate AI response: Context length exceeded"
    assert len(ai.requests) == 2


async def test_other_400_in_json_mode_is_not_retried(
    ai: FakeAiServer, provider: ChatProvider
) -> None:
    ai.status(400, "Please reduce the length of the messages.")
    with pytest.raises(AiProviderError):
        await provider.complete(MESSAGES, PARAMS, json_object=True)
    assert len(ai.requests) == 1


async def test_streaming_yields_chunks_in_order(ai: FakeAiServer, provider: ChatProvider) -> None:
    """Streaming: deltas arrive in order; usage comes from the server's final chunk."""
    ai.stream(["Hello", ", ", "founder", "!"], usage=(40, 4))
    stream = provider.stream(MESSAGES, PARAMS)
    deltas = [delta async for delta in stream]
    assert deltas == ["Hello", ", ", "founder", "!"]
    assert stream.finished
    assert stream.usage() == Completion("Hello, founder!", 40, 4, "test-model")
    body = ai.requests[0]
    assert body["stream"] is True
    assert (body["temperature"], body["max_tokens"], body["top_p"]) == (0.3, 4096, 0.95)


async def test_streaming_delivers_deltas_as_they_arrive(
    ai: FakeAiServer, provider: ChatProvider
) -> None:
    """The first delta is yielded while the server still holds the rest."""
    ai.stream(["First", " second"], hold_after=1)
    stream = provider.stream(MESSAGES, PARAMS)
    assert await asyncio.wait_for(stream.__anext__(), 5) == "First"
    assert ai.wait_held()
    ai.release()
    assert [d async for d in stream] == [" second"]


async def test_closing_a_stream_closes_the_http_response(
    ai: FakeAiServer, provider: ChatProvider
) -> None:
    """Cancelling: aclose() after the first delta hangs up; usage is then estimated."""
    ai.stream(["Part one", " part two"], hold_after=1)
    stream = provider.stream(MESSAGES, PARAMS)
    assert await stream.__anext__() == "Part one"
    await stream.aclose()
    assert await asyncio.to_thread(ai.wait_disconnect)
    usage = stream.usage()
    assert usage is not None and usage.estimated
    assert usage.text == "Part one"
    assert usage.completion_tokens == 2
    assert usage.prompt_tokens > 0
    assert not stream.finished


async def test_cancelling_the_consuming_task_closes_the_stream(
    ai: FakeAiServer, provider: ChatProvider
) -> None:
    """Cancelling the task that reads the stream hangs up too (no explicit close needed)."""
    ai.stream(["a", "b"], hold_after=1)
    stream = provider.stream(MESSAGES, PARAMS)
    got: list[str] = []

    async def consume() -> None:
        async for delta in stream:
            got.append(delta)

    await cancel_when_held(ai, consume())
    assert got == ["a"]
    assert await asyncio.to_thread(ai.wait_disconnect)


async def test_streaming_retries_before_the_first_byte(
    ai: FakeAiServer, provider: ChatProvider, sleeps: Sleeps
) -> None:
    """T-AI-2 applies to opening a stream."""
    ai.status(429, retry_after=1).stream(["ok"])
    assert [d async for d in provider.stream(MESSAGES, PARAMS)] == ["ok"]
    assert sleeps == [1.0]


async def test_streaming_errors_and_empty_stream(ai: FakeAiServer, provider: ChatProvider) -> None:
    """T-AI-3 for streams: the provider's message, and 'No content returned' when empty."""
    ai.status(401, "Invalid API Key")
    with pytest.raises(AiProviderError) as info:
        _ = [d async for d in provider.stream(MESSAGES, PARAMS)]
    assert info.value.message == "Failed to generate AI response: Invalid API Key"

    ai.stream([], usage=(9, 0))
    stream = provider.stream(MESSAGES, PARAMS)
    with pytest.raises(AiProviderError) as info:
        _ = [d async for d in stream]
    assert info.value.message == f"Failed to generate AI response: {NO_CONTENT}"
    assert info.value.usage == Completion("", 9, 0, "test-model")


async def test_plain_reply_to_a_stream_request_is_chunked(
    ai: FakeAiServer, provider: ChatProvider
) -> None:
    ai.reply("A longer answer split into chunks by the fake server.")
    deltas = [d async for d in provider.stream(MESSAGES, PARAMS)]
    assert len(deltas) > 1
    assert "".join(deltas) == "A longer answer split into chunks by the fake server."
