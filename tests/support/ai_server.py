"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions wire format at
`POST /openai/v1/chat/completions` (where the groq SDK sends it), scriptable per test.

    with FakeAiServer() as ai:
        settings_env.setenv("AI_API_KEY", "test-key")
        settings_env.setenv("AI_BASE_URL", ai.base_url)
        ai.reply("Hello")                 # next request gets this (JSON, or SSE if streamed)
        ai.status(429, retry_after=2)     # then a rate limit
        ...
        ai.requests[0]["temperature"]     # every request body, in order

Browser-search requests (`tools: [{"type": "browser_search"}]`, the research step) are answered
from their own queue, scripted with `research(...)` (the pages read, reported in
`message.executed_tools` in either of Groq's shapes), `research_none()`, `research_error()` and
`research_slow()`; when that queue is empty they get a reply that read no page.

Concurrent runs of several tools (a founder's brief) cannot rely on the order of requests: an
answer scripted with `for_prompt="..."` goes only to a request whose messages contain that
text (e.g. a line of one tool's system prompt), ahead of the shared queue.

When the queue is empty, `answer_with(fn)` picks the answer from the body (`fn(body)` gives a
`Scripted` or None), else every request gets `fallback` (a plain reply). `pace(Pace(...))`
makes every answer take a provider's time (`RecordedRequest.started`/`finished` say how long
it took). A request with
`"stream": true` is answered as Server-Sent Events (`data: {...}` chunks, then
`data: [DONE]`), with the usage in the final chunk (`x_groq.usage`, like Groq, and `usage`
when `stream_options.include_usage` was asked for). Faults: `drop()` closes the next
request's connection without an answer, `drop_mid_stream(...)` cuts a stream part-way, and
`status(500)` a few times, then `reply(...)`, is a provider that recovers.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.ai_research import (
    RESEARCH_NOTES,
    WebPage,
    executed_tools,
    is_research,
)
from tests.support.http_peer import HttpPeer, PeerServer

PATH = "/openai/v1/chat/completions"
BROKEN_JSON = '{"summary": "A promising idea", "score": 7'


@dataclass
class Scripted:
    """One scripted answer."""

    kind: str  # "reply" | "status" | "slow" | "stream" | "drop"
    text: str | None = ""
    status: int = 200
    message: str = ""
    retry_after: float | str | None = None
    param: str | None = None
    code: str | None = None
    delay: float = 0.0
    chunks: list[str] = field(default_factory=list)
    hold_after: int | None = None
    drop_after: int | None = None  # a stream: send this many deltas, then cut the connection
    usage: tuple[int, int] | None = None
    executed_tools: list[dict[str, Any]] | None = None
    for_prompt: str = ""  # only for a request whose messages contain this ('' = any)


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    started: float = 0.0  # time.monotonic() when the request arrived
    finished: float = 0.0  # and when its answer ended (0: not yet)


@dataclass(frozen=True)
class Pace:
    """A provider's speed: the first token after `first_token` s, then `tokens_per_second`
    (four characters a token); a whole answer takes `min_seconds` to `max_seconds`."""

    first_token: float = 0.5
    tokens_per_second: float = 50.0
    min_seconds: float = 5.0
    max_seconds: float = 20.0

    def seconds(self, text: str) -> float:
        """How long an answer of `text` takes, its first token included."""
        spoken = self.first_token + max(1, len(text) // 4) / self.tokens_per_second
        return min(self.max_seconds, max(self.min_seconds, spoken))


#: Picks the answer to a request from its body (None: the fallback).
Responder = Callable[[dict[str, Any]], "Scripted | None"]


def _usage(prompt: int, completion: int) -> dict[str, int]:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


class _Server(PeerServer):
    request_queue_size = 1024  # a wave of hundreds of runs connects at once
    fake: FakeAiServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    # -- plumbing ------------------------------------------------------------------------------

    def _send_json(
        self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def _client_gone(self, timeout: float) -> bool:
        """Wait up to `timeout` for the client to close the connection."""
        try:
            ready, _, _ = select.select([self.connection], [], [], timeout)
            if not ready:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def _wait(self, seconds: float, step: float = 0.05) -> bool:
        """Sleep up to `seconds` (noticing a stop every `step`); False when the client left or
        the server stops first."""
        fake = self.server.fake
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if fake._stopping.is_set():
                return False
            if self._client_gone(min(step, max(0.0, deadline - time.monotonic()))):
                fake._note_disconnect()
                return False
        return True

    def _chunk(self, payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        data = f"data: {text}\n\n".encode()
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    # -- requests ------------------------------------------------------------------------------

    def do_POST(self) -> None:
        fake = self.server.fake
        started = time.monotonic()
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"_raw": raw.decode(errors="replace")}
        if self.path.split("?")[0] != PATH:
            self._send_json(404, {"error": {"message": f"Unknown path {self.path}"}})
            return
        request = RecordedRequest(self.path, dict(self.headers.items()), body, started)
        fake._record(request)
        script = fake._next(is_research(body), body)
        try:
            self._answer(script, body)
        except (BrokenPipeError, ConnectionResetError):
            fake._note_disconnect()
        request.finished = time.monotonic()

    def _cut(self) -> None:
        """Close the connection at once, mid-answer (a provider or network failure)."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    def _answer(self, script: Scripted, body: dict[str, Any]) -> None:
        fake = self.server.fake
        if script.kind == "drop":
            self._cut()
            return
        if script.kind == "status":
            error: dict[str, Any] = {"message": script.message, "type": "api_error"}
            if script.code:
                error["code"] = script.code
            if script.param:
                error["param"] = script.param
            headers = {}
            if script.retry_after is not None:
                headers["Retry-After"] = str(script.retry_after)
            self._send_json(script.status, {"error": error}, headers)
            return
        if script.kind == "slow" and not self._wait(script.delay):
            return
        prompt_chars = sum(len(str(m.get("content", ""))) for m in body.get("messages") or [])
        if body.get("stream"):
            chunks = script.chunks if script.kind == "stream" else _split(script.text or "")
            self._stream(script, body, chunks, prompt_chars)
            return
        text = script.text if script.kind != "stream" else "".join(script.chunks)
        if fake.pacing is not None and not self._wait(fake.pacing.seconds(text or ""), 0.25):
            return
        usage = script.usage or (max(1, prompt_chars // 4), max(1, len(text or "") // 4))
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if script.executed_tools is not None:
            message["executed_tools"] = script.executed_tools
        self._send_json(
            200,
            {
                "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model") or fake.model,
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "stop",
                    }
                ],
                "usage": _usage(*usage),
            },
        )

    def _stream(
        self, script: Scripted, body: dict[str, Any], chunks: list[str], prompt_chars: int
    ) -> None:
        fake = self.server.fake
        model = body.get("model") or fake.model
        cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def frame(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }

        pace, gap = fake.pacing, 0.0
        if pace is not None:
            if not self._wait(pace.first_token, 0.25):
                return
            rest = max(0.0, pace.seconds("".join(chunks)) - pace.first_token)
            gap = rest / max(1, len(chunks) - 1)  # the first at first_token, the last at the end
        self._chunk(frame({"role": "assistant", "content": ""}))
        for i, piece in enumerate(chunks):
            if script.hold_after is not None and i == script.hold_after:
                fake._held.set()
                if not self._wait_release():
                    return
            if gap and i and not self._wait(gap):
                return
            if script.drop_after is not None and i == script.drop_after:
                self._cut()
                return
            self._chunk(frame({"content": piece}))
        if script.hold_after is not None and script.hold_after >= len(chunks):
            fake._held.set()
            if not self._wait_release():
                return
        usage = script.usage or (max(1, prompt_chars // 4), max(1, len("".join(chunks)) // 4))
        last = frame({}, "stop")
        last["x_groq"] = {"id": f"req_{cid}", "usage": _usage(*usage)}
        self._chunk(last)
        if (body.get("stream_options") or {}).get("include_usage"):
            tail = frame({})
            tail["choices"] = []
            tail["usage"] = _usage(*usage)
            self._chunk(tail)
        self._chunk("[DONE]")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _wait_release(self) -> bool:
        fake = self.server.fake
        deadline = time.monotonic() + fake.hold_timeout
        while time.monotonic() < deadline:
            if fake._release.is_set():
                return True
            if fake._stopping.is_set():
                return False
            if self._client_gone(0.02):
                fake._note_disconnect()
                return False
        return True


def _prompt_text(body: dict[str, Any]) -> str:
    """Every message's content of a request, joined (what `for_prompt` is looked up in)."""
    return "\n".join(str(m.get("content", "")) for m in body.get("messages") or [])


def _split(text: str, size: int = 8) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


class FakeAiServer(HttpPeer):
    """Start with `start()` (or `with`), stop with `stop()`; see the module docstring."""

    def __init__(self, fallback: str = "This is a fake AI reply.", model: str = "fake-model"):
        super().__init__(_Handler, server_class=_Server)
        self.fallback = fallback
        self.model = model
        self.hold_timeout = 10.0
        self.pacing: Pace | None = None
        self._responder: Responder | None = None
        self._queue: deque[Scripted] = deque()
        self._research: deque[Scripted] = deque()
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._disconnects = 0
        self._stopping = threading.Event()
        self._held = threading.Event()
        self._release = threading.Event()

    # -- lifecycle -----------------------------------------------------------------------------

    def stop(self) -> None:
        self._stopping.set()
        self._release.set()
        super().stop()

    def reset(self) -> FakeAiServer:
        """Forget queued replies, recorded requests and holds (between browser tests that share
        one server)."""
        with self._lock:
            self._queue.clear()
            self._research.clear()
            self._requests.clear()
            self._disconnects = 0
        self._held.clear()
        self._release.clear()
        return self

    # -- script --------------------------------------------------------------------------------

    def _push(self, script: Scripted, for_prompt: str = "") -> FakeAiServer:
        script.for_prompt = for_prompt
        with self._lock:
            self._queue.append(script)
        return self

    def _push_research(self, script: Scripted, for_prompt: str = "") -> FakeAiServer:
        script.for_prompt = for_prompt
        with self._lock:
            self._research.append(script)
        return self

    def research(
        self,
        sources: list[WebPage] | list[tuple[str, str, str]],
        *,
        shape: str = "search",
        text: str = RESEARCH_NOTES,
        usage: tuple[int, int] | None = None,
        for_prompt: str = "",
    ) -> FakeAiServer:
        """The next research request reads these pages (`WebPage`s or (title, url, content)),
        reported in `executed_tools` in `shape`: "search", "browser" or "both"."""
        pages = [p if isinstance(p, WebPage) else WebPage(*p) for p in sources]
        tools = executed_tools(pages, shape)
        script = Scripted("reply", text=text, usage=usage, executed_tools=tools)
        return self._push_research(script, for_prompt)

    def research_none(self, text: str = "I could not search the web.") -> FakeAiServer:
        """The next research request is answered without any executed tool (no page read)."""
        return self._push_research(Scripted("reply", text=text))

    def research_error(self, code: int = 400, message: str | None = None) -> FakeAiServer:
        """The next research request fails with this status (400: the tool is not supported)."""
        text = message or {400: "tool browser_search is not supported with this model"}.get(
            code, f"Upstream error {code}"
        )
        return self._push_research(Scripted("status", status=code, message=text))

    def research_slow(
        self, seconds: float, sources: list[WebPage] | list[tuple[str, str, str]] = ()
    ) -> FakeAiServer:
        """The next research request is answered only after `seconds` (gives up early when the
        client disconnects)."""
        pages = [p if isinstance(p, WebPage) else WebPage(*p) for p in sources]
        tools = executed_tools(pages, "search") if pages else None
        return self._push_research(
            Scripted("slow", text=RESEARCH_NOTES, delay=seconds, executed_tools=tools)
        )

    def reply(
        self, text: str, *, usage: tuple[int, int] | None = None, for_prompt: str = ""
    ) -> FakeAiServer:
        """A normal reply (split into SSE chunks if the request streams)."""
        return self._push(Scripted("reply", text=text, usage=usage), for_prompt)

    def reply_json(
        self,
        obj: Any,
        *,
        fenced: bool = False,
        usage: tuple[int, int] | None = None,
        for_prompt: str = "",
    ) -> FakeAiServer:
        """A JSON reply, optionally wrapped in a ```json fence with prose around it."""
        text = json.dumps(obj, indent=2)
        if fenced:
            text = f"Here is the analysis:\n```json\n{text}\n```\nLet me know if you need more."
        return self.reply(text, usage=usage, for_prompt=for_prompt)

    def broken_json(self, text: str = BROKEN_JSON, *, for_prompt: str = "") -> FakeAiServer:
        """A reply that is not valid JSON (a truncated object)."""
        return self.reply(text, for_prompt=for_prompt)

    def status(
        self,
        code: int,
        message: str | None = None,
        *,
        retry_after: float | str | None = None,
        param: str | None = None,
        error_code: str | None = None,
        for_prompt: str = "",
    ) -> FakeAiServer:
        """An error answer with the OpenAI error body `{"error": {"message": ...}}`."""
        default = {429: "Rate limit reached. Please try again later."}.get(
            code, f"Upstream error {code}"
        )
        return self._push(
            Scripted(
                "status",
                status=code,
                message=message or default,
                retry_after=retry_after,
                param=param,
                code=error_code,
            ),
            for_prompt,
        )

    def slow(
        self, seconds: float, text: str = "Too late.", *, for_prompt: str = ""
    ) -> FakeAiServer:
        """Answer only after `seconds` (gives up early when the client disconnects)."""
        return self._push(Scripted("slow", text=text, delay=seconds), for_prompt)

    def empty(self) -> FakeAiServer:
        """A reply whose content is empty."""
        return self._push(Scripted("reply", text="", usage=(12, 0)))

    def stream(
        self,
        chunks: list[str],
        *,
        usage: tuple[int, int] | None = None,
        hold_after: int | None = None,
    ) -> FakeAiServer:
        """An SSE reply with these content deltas. `hold_after=n` sends n deltas, then waits
        for `release()` (or the client to disconnect) before sending the rest."""
        return self._push(
            Scripted("stream", chunks=list(chunks), usage=usage, hold_after=hold_after)
        )

    def drop(self) -> FakeAiServer:
        """The next request's connection is closed without an answer."""
        return self._push(Scripted("drop"))

    def drop_mid_stream(self, chunks: list[str], *, after: int) -> FakeAiServer:
        """A streamed reply that sends `after` of these deltas, then cuts the connection (no
        final chunk, no usage, no end of the chunked body)."""
        return self._push(Scripted("stream", chunks=list(chunks), drop_after=after))

    def release(self) -> None:
        """Let a held stream continue."""
        self._release.set()

    def wait_held(self, timeout: float = 5.0) -> bool:
        """Wait until a stream reached its hold point."""
        return self._held.wait(timeout)

    # -- observations --------------------------------------------------------------------------

    def pace(self, pace: Pace | None) -> FakeAiServer:
        """Answer every request at this pace from now on (None: at once)."""
        self.pacing = pace
        return self

    def answer_with(self, responder: Responder | None) -> FakeAiServer:
        """When nothing is queued, `responder(body)` picks the answer (None: the fallback)."""
        self._responder = responder
        return self

    def _next(self, research: bool = False, body: dict[str, Any] | None = None) -> Scripted:
        """The next answer: a research one, else the first scripted for this request's prompt,
        else the first scripted for any, else what `answer_with` picks, else the fallback."""
        prompt = _prompt_text(body or {})
        with self._lock:
            queue = self._research if research else self._queue
            mine = next((s for s in queue if s.for_prompt and s.for_prompt in prompt), None)
            mine = mine or next((s for s in queue if not s.for_prompt), None)
            if mine is not None:
                queue.remove(mine)
                return mine
            responder = self._responder
        if responder is not None and (found := responder(body or {})) is not None:
            return found
        return Scripted("reply", text="" if research else self.fallback)

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _note_disconnect(self) -> None:
        with self._lock:
            self._disconnects += 1

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every request body received, in order."""
        with self._lock:
            return [r.body for r in self._requests]

    @property
    def recorded(self) -> list[RecordedRequest]:
        """Every request with its path and headers."""
        with self._lock:
            return list(self._requests)

    @property
    def disconnects(self) -> int:
        """How many times a client hung up before the answer was complete."""
        with self._lock:
            return self._disconnects

    def wait_disconnect(self, count: int = 1, timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.disconnects >= count:
                return True
            time.sleep(0.02)
        return self.disconnects >= count

    @property
    def pending(self) -> int:
        """Scripted answers not used yet."""
        with self._lock:
            return len(self._queue)

    @property
    def research_requests(self) -> list[dict[str, Any]]:
        """The bodies of the browser-search requests received, in order."""
        return [b for b in self.requests if is_research(b)]
