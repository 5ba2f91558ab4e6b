"""FakeAiServer speaks the wire format the real groq SDK accepts: JSON completions, SSE
streams (chunked, `data: ...` events, `data: [DONE]`), and OpenAI-style error bodies."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import groq
import httpx
import pytest

from tests.support.ai_server import PATH, FakeAiServer, Pace, Scripted

MESSAGES = [{"role": "user", "content": "Hi"}]


@pytest.fixture
def ai() -> Iterator[FakeAiServer]:
    with FakeAiServer(fallback="Fallback reply.") as server:
        yield server


def test_sdk_reads_a_json_completion(ai: FakeAiServer) -> None:
    ai.reply("Hello from the fake.", usage=(5, 4))
    with groq.Groq(api_key="k", base_url=ai.base_url, max_retries=0) as client:
        completion = client.chat.completions.create(
            model="m", messages=MESSAGES, temperature=0.3, max_tokens=100
        )
    assert completion.object == "chat.completion"
    assert completion.model == "m"
    assert completion.choices[0].message.content == "Hello from the fake."
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage is not None
    assert (completion.usage.prompt_tokens, completion.usage.total_tokens) == (5, 9)
    assert ai.recorded[0].path == PATH
    assert ai.requests[0]["max_tokens"] == 100


def test_fallback_when_the_queue_is_empty(ai: FakeAiServer) -> None:
    with groq.Groq(api_key="k", base_url=ai.base_url, max_retries=0) as client:
        completion = client.chat.completions.create(model="m", messages=MESSAGES)
    assert completion.choices[0].message.content == "Fallback reply."


def test_reply_json_fenced(ai: FakeAiServer) -> None:
    ai.reply_json({"a": 1}, fenced=True)
    with groq.Groq(api_key="k", base_url=ai.base_url, max_retries=0) as client:
        text = client.chat.completions.create(model="m", messages=MESSAGES).choices[0]
    content = text.message.content or ""
    assert "```json\n" in content and content.count("```") == 2
    assert json.loads(content.split("```json\n")[1].split("```")[0]) == {"a": 1}


async def test_sdk_reads_an_sse_stream(ai: FakeAiServer) -> None:
    ai.stream(["One", " two", " three"], usage=(8, 3))
    async with groq.AsyncGroq(api_key="k", base_url=ai.base_url, max_retries=0) as client:
        stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
        chunks = [chunk async for chunk in stream]
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    deltas = [c.choices[0].delta.content for c in chunks if c.choices]
    assert "".join(d or "" for d in deltas) == "One two three"
    last = chunks[-1]
    assert last.choices[0].finish_reason == "stop"
    assert last.x_groq is not None and last.x_groq.usage is not None
    assert (last.x_groq.usage.prompt_tokens, last.x_groq.usage.completion_tokens) == (8, 3)


async def test_usage_chunk_when_asked_for(ai: FakeAiServer) -> None:
    ai.stream(["x"], usage=(2, 1))
    async with groq.AsyncGroq(api_key="k", base_url=ai.base_url, max_retries=0) as client:
        stream = await client.chat.completions.create(
            model="m",
            messages=MESSAGES,
            stream=True,
            extra_body={"stream_options": {"include_usage": True}},
        )
        chunks = [chunk async for chunk in stream]
    tail = chunks[-1]
    assert tail.choices == [] and tail.usage is not None and tail.usage.total_tokens == 3


def test_raw_sse_framing(ai: FakeAiServer) -> None:
    """The bytes on the wire: text/event-stream, `data: {json}` events, `data: [DONE]`."""
    ai.stream(["a", "b"])
    with httpx.stream(
        "POST",
        ai.base_url + PATH,
        json={"model": "m", "messages": MESSAGES, "stream": True},
        timeout=5,
    ) as response:
        assert response.headers["content-type"] == "text/event-stream"
        assert response.headers["transfer-encoding"] == "chunked"
        lines = [line for line in response.iter_lines() if line]
    assert all(line.startswith("data: ") for line in lines)
    assert lines[-1] == "data: [DONE]"
    events = [json.loads(line[6:]) for line in lines[:-1]]
    assert [e["choices"][0]["delta"].get("content") for e in events] == ["", "a", "b", None]


def test_error_bodies_and_retry_after(ai: FakeAiServer) -> None:
    ai.status(429, "Slow down", retry_after=2)
    with (
        groq.Groq(api_key="k", base_url=ai.base_url, max_retries=0) as client,
        pytest.raises(groq.RateLimitError) as info,
    ):
        client.chat.completions.create(model="m", messages=MESSAGES)
    assert info.value.response.headers["retry-after"] == "2"
    assert isinstance(info.value.body, dict)
    assert info.value.body["error"]["message"] == "Slow down"


def test_unknown_path_is_404(ai: FakeAiServer) -> None:
    response = httpx.post(ai.base_url + "/v1/chat/completions", json={}, timeout=5)
    assert response.status_code == 404
    assert ai.requests == []


def test_an_answer_for_a_prompt_goes_only_to_requests_with_that_prompt(ai: FakeAiServer) -> None:
    ai.reply("For the growth tool.", for_prompt="growth strategist")
    ai.reply("For anyone.")
    with groq.Groq(api_key="k", base_url=ai.base_url, max_retries=0) as client:

        def ask(system: str) -> str:
            messages = [{"role": "system", "content": system}, *MESSAGES]
            reply = client.chat.completions.create(model="m", messages=messages)  # type: ignore[arg-type]
            return reply.choices[0].message.content or ""

        assert ask("You are a scanner.") == "For anyone."
        assert ask("You are a scanner.") == "Fallback reply."
        assert ask("You are a growth strategist.") == "For the growth tool."


def test_pace_spreads_an_answer_over_its_tokens() -> None:
    pace = Pace(first_token=0.5, tokens_per_second=50, min_seconds=5, max_seconds=20)
    assert pace.seconds("x" * 4 * 500) == 10.5  # 500 tokens at 50/s after the first token
    assert pace.seconds("short") == 5  # never under min_seconds
    assert pace.seconds("x" * 4 * 5000) == 20  # nor over max_seconds


async def test_paced_answers_take_their_time_and_record_it(ai: FakeAiServer) -> None:
    ai.pace(Pace(first_token=0.2, tokens_per_second=1000, min_seconds=0.3, max_seconds=1))
    async with groq.AsyncGroq(api_key="k", base_url=ai.base_url, max_retries=0) as client:
        started = time.monotonic()
        await client.chat.completions.create(model="m", messages=MESSAGES)
        plain = time.monotonic() - started
        ai.stream(["One", " two", " three"])
        started = time.monotonic()
        stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
        first = None
        async for chunk in stream:
            if first is None and chunk.choices and chunk.choices[0].delta.content:
                first = time.monotonic() - started
        streamed = time.monotonic() - started
    assert 0.3 <= plain < 1.5
    assert first is not None and 0.2 <= first < streamed
    assert 0.3 <= streamed < 1.5
    for request in ai.recorded:
        assert 0.3 <= request.finished - request.started < 1.5


def test_a_responder_answers_when_nothing_is_queued(ai: FakeAiServer) -> None:
    def respond(body: dict) -> Scripted | None:
        asked = body["messages"][-1]["content"]
        return Scripted("reply", text=f"About {asked}") if asked != "skip" else None

    ai.answer_with(respond).reply("Queued first.")
    with groq.Groq(api_key="k", base_url=ai.base_url, max_retries=0) as client:

        def ask(text: str) -> str | None:
            messages = [{"role": "user", "content": text}]
            reply = client.chat.completions.create(model="m", messages=messages)
            return reply.choices[0].message.content

        assert ask("pricing") == "Queued first."
        assert ask("pricing") == "About pricing"
        assert ask("skip") == "Fallback reply."
