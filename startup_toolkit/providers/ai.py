"""Chat completions over the groq SDK (the only module importing groq), with the spec's request
policy: up to 3 attempts on 429, 5xx and network errors, the spec's delays (or a 429's
Retry-After), a 60 s timeout and the spec's error texts (T-AI-1..3).

The SDK's own retries are off so this policy is the only one. Errors come out as
`AiProviderError`, whose message is already the text to show the user.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

import groq
import httpx

from startup_toolkit.domain.ai_request import (
    MAX_ATTEMPTS,
    NO_CONTENT,
    TIMEOUT,
    TIMEOUT_SECONDS,
    RequestParams,
    failure_message,
    retry_after_seconds,
    retry_delay_seconds,
)
from startup_toolkit.domain.research import Page

log = logging.getLogger(__name__)

T = TypeVar("T")
Message = Mapping[str, str]
Sleep = Callable[[float], Awaitable[Any]]

CONNECTION_ERROR = "Connection error."
#: Requests in flight per provider (one per worker process) unless configured otherwise.
DEFAULT_MAX_IN_FLIGHT = 64
#: Told True when a request has to wait for a free slot (a tool run shows it as queued), and
#: False when it gets one after waiting.
on_queued: ContextVar[Callable[[bool], None] | None] = ContextVar("ai_on_queued", default=None)
JSON_OBJECT = {"type": "json_object"}
BROWSER_SEARCH = [{"type": "browser_search"}]


@dataclass(frozen=True)
class Completion:
    """A reply and the tokens it cost (`estimated` when the server reported no usage)."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    model: str
    estimated: bool = False

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True)
class ResearchReply:
    """A research call's notes, the pages it read (in the order reported) and its tokens."""

    text: str
    pages: tuple[Page, ...]
    usage: Completion


def _text_of(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _field(item: Any, name: str) -> Any:
    """`item.name` of an SDK object, or `item[name]` of a plain dict (extra fields)."""
    if isinstance(item, Mapping):
        return item.get(name)
    return getattr(item, name, None)


def executed_pages(message: Any) -> tuple[Page, ...]:
    """The pages in a reply message's `executed_tools`, read leniently from both shapes:
    `search_results.results[]` (title, url, content, score) and `browser_results[]`
    (title, url, content). Entries without a URL are skipped."""
    tools = _field(message, "executed_tools")
    if tools is None and message is not None:
        tools = (getattr(message, "model_extra", None) or {}).get("executed_tools")
    pages: list[Page] = []
    for tool in tools if isinstance(tools, list) else []:
        found = _field(_field(tool, "search_results"), "results")
        browsed = _field(tool, "browser_results")
        for item in [*(found if isinstance(found, list) else []), *(browsed or [])]:
            url = _text_of(_field(item, "url")).strip()
            if url:
                title = _text_of(_field(item, "title"))
                pages.append(Page(title, url, _text_of(_field(item, "content"))))
    return tuple(pages)


class AiProviderError(Exception):
    """A failed call; `message` is user-facing. `usage` is set when tokens were spent anyway
    (e.g. an empty reply), so callers can still account for them."""

    def __init__(
        self, message: str, *, status_code: int | None = None, usage: Completion | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code
        self.usage = usage


def estimate_tokens(text: str) -> int:
    """A rough token count (about 4 characters per token) for servers that report no usage."""
    return (len(text) + 3) // 4


def estimate_prompt_tokens(messages: Sequence[Message]) -> int:
    """A rough prompt size: the text of each message plus a few tokens of framing."""
    return sum(estimate_tokens(str(m.get("content", ""))) + 4 for m in messages)


def provider_message(exc: Exception) -> str:
    """The provider's `error.message` from an SDK error's JSON body (else a short fallback)."""
    body = getattr(exc, "body", None)
    if isinstance(body, Mapping):
        error = body.get("error", body)
        if isinstance(error, Mapping):
            message = error.get("message")
            if isinstance(message, str) and message.strip():
                return message.strip()
        elif isinstance(error, str) and error.strip():
            return error.strip()
    status = getattr(exc, "status_code", None)
    if status is not None:
        return f"Error code: {status}"
    message = getattr(exc, "message", None)
    return message.strip() if isinstance(message, str) and message.strip() else CONNECTION_ERROR


def _rejects_json_mode(exc: groq.APIStatusError) -> bool:
    """A 400 about `response_format` (unsupported, or the model's JSON failed validation)."""
    if exc.status_code != 400:
        return False
    body = exc.body if isinstance(exc.body, Mapping) else {}
    error = body.get("error", body)
    if not isinstance(error, Mapping):
        return "response_format" in str(error)
    text = " ".join(str(error.get(k) or "") for k in ("message", "param", "code")).lower()
    return "response_format" in text or "json" in text


def _rejects_seed(exc: groq.APIStatusError) -> bool:
    """A 400 naming the `seed` parameter (a provider that does not take one)."""
    if exc.status_code != 400:
        return False
    body = exc.body if isinstance(exc.body, Mapping) else {}
    error = body.get("error", body)
    if not isinstance(error, Mapping):
        return "seed" in str(error).lower()
    text = " ".join(str(error.get(k) or "") for k in ("message", "param", "code")).lower()
    return "seed" in text


def _retry_after(exc: groq.APIStatusError) -> float | None:
    """Seconds a 429 asks us to wait (`retry-after-ms` or `retry-after`), capped at 30 s."""
    headers = exc.response.headers
    try:
        millis = float(headers.get("retry-after-ms", ""))
    except ValueError:
        millis = None
    if millis is not None:
        return retry_after_seconds(str(millis / 1000))
    return retry_after_seconds(headers.get("retry-after"))


class ChatProvider:
    """One OpenAI-compatible chat endpoint reached through `groq.AsyncGroq`.

    `sleep`, `jitter` and `timeout` are injectable so tests can assert exact delays and
    time out in a second instead of 60.
    """

    def __init__(
        self,
        api_key: str,
        base_url: str = "",
        model: str = "openai/gpt-oss-120b",
        *,
        timeout: float = TIMEOUT_SECONDS,
        max_attempts: int = MAX_ATTEMPTS,
        sleep: Sleep = asyncio.sleep,
        jitter: Callable[[], float] = random.random,
        http_client: httpx.AsyncClient | None = None,
        max_in_flight: int = DEFAULT_MAX_IN_FLIGHT,
    ) -> None:
        self.model = model
        self.timeout = timeout
        self.max_attempts = max(1, max_attempts)
        self._sleep = sleep
        self._jitter = jitter
        #: False once the endpoint refused a `seed`: it is not sent to it again.
        self.sends_seed = True
        #: Requests in flight at most (issue 29, item 2): more wait here, outside the
        #: timeout, and the connection pool has as many connections, so none waits there.
        self.max_in_flight = max(1, max_in_flight)
        self._slots = asyncio.Semaphore(self.max_in_flight)
        if http_client is None:
            limits = httpx.Limits(
                max_connections=self.max_in_flight,
                max_keepalive_connections=self.max_in_flight,
            )
            http_client = groq.DefaultAsyncHttpxClient(limits=limits, timeout=timeout)
        self._client = groq.AsyncGroq(
            api_key=api_key,
            base_url=base_url or None,
            max_retries=0,
            timeout=timeout,
            http_client=http_client,
        )

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self._client.close()

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """One of the `max_in_flight` request slots, for as long as the block runs; when all
        are taken, the caller's `on_queued` hook hears that it waits (the run is queued, not
        failed) and when it goes ahead."""
        hook = on_queued.get() if self._slots.locked() else None
        if hook is not None:
            hook(True)
        async with self._slots:
            if hook is not None:
                hook(False)
            yield

    def _body(
        self, messages: Sequence[Message], params: RequestParams, json_object: bool
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
            "temperature": params.temperature,
            "max_tokens": params.max_tokens,
            "top_p": params.top_p,
            "presence_penalty": params.presence_penalty,
            "frequency_penalty": params.frequency_penalty,
        }
        if json_object:
            body["response_format"] = JSON_OBJECT
        if params.seed is not None and self.sends_seed:
            body["seed"] = params.seed
        return body

    async def _with_policy(
        self,
        call: Callable[[bool], Awaitable[T]],
        *,
        json_object: bool = False,
        slotted: bool = False,
    ) -> T:
        """Run `call(json_object)` with the timeout and retry policy, each attempt in a slot
        (`slotted`: the caller holds one already). A 400 rejecting JSON mode, or a `seed`, is
        asked once more without it (not counted as an attempt)."""
        attempt = 0
        while True:
            try:
                async with (
                    contextlib.nullcontext() if slotted else self.slot(),
                    asyncio.timeout(self.timeout),
                ):
                    return await call(json_object)
            except (TimeoutError, groq.APITimeoutError, httpx.TimeoutException) as exc:
                raise AiProviderError(TIMEOUT) from exc
            except groq.APIStatusError as exc:
                if self.sends_seed and _rejects_seed(exc):
                    log.info("AI server refused the seed (%s); asking without it", exc.status_code)
                    self.sends_seed = False
                    continue
                if json_object and _rejects_json_mode(exc):
                    log.info("AI server refused JSON mode (%s); asking without it", exc.status_code)
                    json_object = False
                    continue
                delay: float | None = None
                if exc.status_code == 429:
                    delay = _retry_after(exc)
                retryable = exc.status_code == 429 or exc.status_code >= 500
                if not retryable or attempt + 1 >= self.max_attempts:
                    message = failure_message(provider_message(exc))
                    raise AiProviderError(message, status_code=exc.status_code) from exc
            except (groq.APIConnectionError, httpx.TransportError) as exc:
                delay = None
                if attempt + 1 >= self.max_attempts:
                    raise AiProviderError(failure_message(CONNECTION_ERROR)) from exc
            if delay is None:
                delay = retry_delay_seconds(attempt, self._jitter())
            log.info("AI call failed (attempt %d); retrying in %.2f s", attempt + 1, delay)
            await self._sleep(delay)
            attempt += 1

    async def complete(
        self, messages: Sequence[Message], params: RequestParams, *, json_object: bool = False
    ) -> Completion:
        """One chat completion; `json_object` asks for `response_format` json_object."""

        async def call(use_json: bool) -> Any:
            body = self._body(messages, params, use_json)
            return await self._client.chat.completions.create(**body)

        response = await self._with_policy(call, json_object=json_object)
        choices = getattr(response, "choices", None) or []
        message = choices[0].message if choices else None
        text = (getattr(message, "content", None) or "") if message is not None else ""
        usage = getattr(response, "usage", None)
        estimated = usage is None
        completion = Completion(
            text=text,
            prompt_tokens=usage.prompt_tokens if usage else estimate_prompt_tokens(messages),
            completion_tokens=usage.completion_tokens if usage else estimate_tokens(text),
            model=getattr(response, "model", None) or self.model,
            estimated=estimated,
        )
        if not text.strip():
            raise AiProviderError(failure_message(NO_CONTENT), usage=completion)
        return completion

    async def research(
        self, messages: Sequence[Message], params: RequestParams, *, seconds: float
    ) -> ResearchReply:
        """One browser-search call (`tool_choice` required, no JSON mode: the two do not
        combine), bounded by `seconds` and made once: no retry inside the time limit.
        A failure is an `AiProviderError` (its `usage` set when tokens were spent)."""
        body = self._body(messages, params, False)
        body.update(tools=BROWSER_SEARCH, tool_choice="required")
        try:
            async with self.slot(), asyncio.timeout(seconds):
                response = await self._client.chat.completions.create(**body, timeout=seconds)
        except (TimeoutError, groq.APITimeoutError, httpx.TimeoutException) as exc:
            raise AiProviderError(TIMEOUT) from exc
        except groq.APIStatusError as exc:
            message = failure_message(provider_message(exc))
            raise AiProviderError(message, status_code=exc.status_code) from exc
        except (groq.APIConnectionError, httpx.TransportError) as exc:
            raise AiProviderError(failure_message(CONNECTION_ERROR)) from exc
        choices = getattr(response, "choices", None) or []
        message = choices[0].message if choices else None
        text = _text_of(getattr(message, "content", None))
        usage = getattr(response, "usage", None)
        completion = Completion(
            text=text,
            prompt_tokens=usage.prompt_tokens if usage else estimate_prompt_tokens(messages),
            completion_tokens=usage.completion_tokens if usage else estimate_tokens(text),
            model=getattr(response, "model", None) or self.model,
            estimated=usage is None,
        )
        return ResearchReply(text, executed_pages(message), completion)

    def stream(self, messages: Sequence[Message], params: RequestParams) -> ChatStream:
        """A streamed completion: `async for delta in provider.stream(...)`. Close it
        (`aclose()` or `async with`) to stop early; that closes the HTTP response."""
        return ChatStream(self, messages, params)

    async def _open_stream(self, messages: Sequence[Message], params: RequestParams) -> Any:
        async def call(_json: bool) -> Any:
            body = self._body(messages, params, False)
            body["stream"] = True
            # OpenAI-style servers send usage in a final chunk only when asked; Groq sends
            # it in `x_groq.usage` either way.
            return await self._client.chat.completions.create(
                **body, extra_body={"stream_options": {"include_usage": True}}
            )

        return await self._with_policy(call, slotted=True)


def _chunk_usage(chunk: Any) -> Any:
    usage = getattr(chunk, "usage", None)
    if usage is None:
        x_groq = getattr(chunk, "x_groq", None)
        usage = getattr(x_groq, "usage", None) if x_groq is not None else None
    return usage


class ChatStream:
    """Text deltas of a streamed reply, as they arrive. After it ends (or is closed),
    `usage()` gives the tokens (from the server's final chunk, else estimated)."""

    def __init__(
        self, provider: ChatProvider, messages: Sequence[Message], params: RequestParams
    ) -> None:
        self._provider = provider
        self._messages = messages
        self._params = params
        self._parts: list[str] = []
        self._prompt_tokens: int | None = None
        self._completion_tokens: int | None = None
        self.model = provider.model
        self.responded = False
        self.finished = False
        self._gen = self._run()

    @property
    def text(self) -> str:
        """Everything received so far."""
        return "".join(self._parts)

    def usage(self) -> Completion | None:
        """Tokens spent: None when no response arrived at all."""
        if not self.responded:
            return None
        text = self.text
        estimated = self._prompt_tokens is None or self._completion_tokens is None
        prompt = self._prompt_tokens
        if prompt is None:
            prompt = estimate_prompt_tokens(self._messages)
        completion = self._completion_tokens
        if completion is None:
            completion = estimate_tokens(text)
        return Completion(text, prompt, completion, self.model, estimated=estimated)

    def __aiter__(self) -> ChatStream:
        return self

    async def __anext__(self) -> str:
        return await self._gen.__anext__()

    async def aclose(self) -> None:
        """Stop early and close the HTTP stream (no-op when already finished)."""
        await self._gen.aclose()

    async def __aenter__(self) -> ChatStream:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def _run(self) -> AsyncIterator[str]:
        # The slot is held for the whole stream: its connection is in use until the end.
        async with self._provider.slot():
            received = self._received()
            try:
                async for delta in received:
                    yield delta
            finally:  # closed early: the HTTP response is closed now, not when collected
                await received.aclose()

    async def _received(self) -> AsyncIterator[str]:
        stream = await self._provider._open_stream(self._messages, self._params)
        self.responded = True
        try:
            async for chunk in stream:
                model = getattr(chunk, "model", None)
                if model:
                    self.model = model
                usage = _chunk_usage(chunk)
                if usage is not None:
                    self._prompt_tokens = usage.prompt_tokens
                    self._completion_tokens = usage.completion_tokens
                for choice in getattr(chunk, "choices", None) or []:
                    if getattr(choice, "index", 0) != 0:
                        continue
                    delta = getattr(getattr(choice, "delta", None), "content", None)
                    if delta:
                        self._parts.append(delta)
                        yield delta
        except (groq.APITimeoutError, httpx.TimeoutException) as exc:
            raise AiProviderError(TIMEOUT) from exc
        except groq.APIError as exc:
            raise AiProviderError(failure_message(provider_message(exc))) from exc
        except httpx.HTTPError as exc:
            raise AiProviderError(failure_message(CONNECTION_ERROR)) from exc
        finally:
            await stream.close()
        if not self._parts:
            raise AiProviderError(failure_message(NO_CONTENT), usage=self.usage())
        self.finished = True
