"""What the AI tools call: text, JSON and streamed chat replies, tailored by the user's AI
settings (P-PROF-3), metered against the daily token budget and recorded in `ai_usage`.

Every call: loads the user's AI personalisation (defaults for visitors, i.e. `user_id` None),
holds the request's largest cost against the daily budget before anything is sent (refused
when the budget is spent; visitors are not metered), then settles that `ai_usage` row to the
tokens the provider call really spent. Database work runs in a worker thread
(`asyncio.to_thread`), never on the event loop. Errors come out as `AiError`, whose
`message` is user-facing.

Tools ask `ai_available()` first and show their built-in sample result (demo mode) when it is
False; calling these functions without a key raises `AiError(NOT_CONFIGURED)`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from sqlmodel import Session

from startup_toolkit.db import run_in_session
from startup_toolkit.domain import reply_quality
from startup_toolkit.domain import research as evidence_rules
from startup_toolkit.domain.ai_request import (
    JSON_MAX_TEMPERATURE,
    JSON_SEED,
    MAX_TOKENS,
    MAX_TOKENS_ENHANCED,
    AiPersonalization,
    JsonReplyError,
    RequestParams,
    parse_json_object,
    request_parameters,
    tailor_system_prompt,
)
from startup_toolkit.domain.urls import MAX_URL_LENGTH
from startup_toolkit.providers.ai import (
    AiProviderError,
    ChatProvider,
    Completion,
    Message,
    ResearchReply,
    estimate_prompt_tokens,
    estimate_tokens,
)
from startup_toolkit.services import ai_usage
from startup_toolkit.services.user_settings import get_ai_settings, get_preferences
from startup_toolkit.settings import Settings, get_settings

log = logging.getLogger(__name__)

Model = TypeVar("Model", bound=BaseModel)
#: A tool's quality gate: the problems of its validated reply (none: it may be shown).
ReplyCheck = Callable[[Any], Sequence[str]]

BUDGET_EXCEEDED = "You have used today's AI allowance. It resets at midnight UTC."
PARSE_FAILED = "Had trouble understanding the AI response. Please try again."
NOT_CONFIGURED = "AI is not configured on this server (demo mode)."
NO_MESSAGE = "There is no message to answer."

JSON_INSTRUCTION = "Answer with one valid JSON object and nothing else (no code fences)."
REPAIR_INSTRUCTION = (
    "Your previous reply could not be used: {problem}\n"
    "Reply again with only the corrected JSON object, matching this JSON Schema:\n{schema}"
)
MAX_CHAT_MESSAGES = 20
MAX_CHAT_CHARS = 48_000
_MAX_SCHEMA_CHARS = 4000
_MAX_PROBLEM_CHARS = 1000
_MAX_ECHO_CHARS = 8000


class AiError(Exception):
    """A failed AI call; `message` is the text to show."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class AiBudgetExceeded(AiError):
    """The user's daily token allowance is spent; nothing was sent."""

    def __init__(self, message: str = BUDGET_EXCEEDED) -> None:
        super().__init__(message)


class AiResearchUnavailable(AiError):
    """The provider refused the browser search tool (the model or server lacks it)."""


class UnusableReply(ValueError):
    """A reply that fits the schema but is no result (issue 15, item 7): `problems` name why."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = list(problems)


class AiParseError(AiError):
    """The model's reply was not usable JSON, even after one repair request."""

    def __init__(self, message: str = PARSE_FAILED) -> None:
        super().__init__(message)


def ai_available() -> bool:
    """False means demo mode: no AI key configured."""
    return get_settings().ai_enabled


# --- provider (one per event loop and configuration) -----------------------------------------

_providers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[str, ...], Any]] = (
    weakref.WeakKeyDictionary()
)


def make_provider(settings: Settings) -> ChatProvider:
    """A provider for the configured endpoint (tests replace this to inject sleep/timeout)."""
    return ChatProvider(
        settings.ai_api_key,
        settings.ai_base_url,
        settings.ai_model,
        max_in_flight=settings.ai_max_in_flight,
    )


def _provider() -> ChatProvider:
    settings = get_settings()
    if not settings.ai_enabled:
        raise AiError(NOT_CONFIGURED)
    # An httpx client belongs to the loop it first ran on: keep one per loop.
    per_loop = _providers.setdefault(asyncio.get_running_loop(), {})
    key = (settings.ai_api_key, settings.ai_base_url, settings.ai_model)
    provider = per_loop.get(key)
    if provider is None:
        provider = per_loop[key] = make_provider(settings)
    return provider


async def close_providers() -> None:
    """Close the HTTP clients made on the running loop (shutdown and tests)."""
    per_loop = _providers.pop(asyncio.get_running_loop(), {})
    for provider in per_loop.values():
        await provider.aclose()


# --- database work (in a thread) -------------------------------------------------------------


def _personalization(session: Session, user_id: str | None) -> AiPersonalization:
    """The user's personalisation; defaults for visitors and when they turned it off."""
    if not user_id:
        return AiPersonalization()
    prefs = get_preferences(session, user_id)
    if prefs is not None and not prefs.ai_personalization:
        return AiPersonalization()
    return AiPersonalization.from_values(get_ai_settings(session, user_id))


async def _prepare(user_id: str | None) -> AiPersonalization:
    return await asyncio.to_thread(run_in_session, _personalization, user_id)


async def _hold(
    user_id: str | None, tool_name: str, messages: Sequence[Message], params: RequestParams
) -> int | None:
    """Hold the call's largest cost (its prompt and `max_tokens`) against the user's budget,
    or stop with `AiBudgetExceeded` before anything is sent."""
    if not user_id:
        return None
    tokens = estimate_prompt_tokens(messages) + params.max_tokens
    limit = get_settings().ai_daily_tokens
    lease = run_lease.get()
    try:
        return await asyncio.to_thread(
            run_in_session, ai_usage.hold, user_id, tool_name, tokens, limit, lease
        )
    except ai_usage.BudgetSpent:
        raise AiBudgetExceeded() from None


#: The lease of the tool run this task's calls belong to (`services/run_leases`), if any.
run_lease: ContextVar[int | None] = ContextVar("ai_run_lease", default=None)


@dataclass
class UsageTally:
    """What the AI calls made inside `tally_usage()` spent: the last model and all tokens."""

    model: str = ""
    tokens: int = 0


_tally: ContextVar[UsageTally | None] = ContextVar("ai_usage_tally", default=None)


@contextmanager
def tally_usage() -> Iterator[UsageTally]:
    """Count the tokens of every AI call made by this task inside the block (a tool run)."""
    tally = UsageTally()
    reset = _tally.set(tally)
    try:
        yield tally
    finally:
        _tally.reset(reset)


async def _settle(hold_id: int | None, usage: Completion | None) -> None:
    """Turn the hold into the tokens spent (none: removed); a database failure is logged,
    never shown to the user."""
    tally = _tally.get()
    if tally is not None and usage is not None:
        tally.model = usage.model or tally.model
        tally.tokens += usage.total_tokens
    if hold_id is None:
        return
    spent = (usage.model, usage.prompt_tokens, usage.completion_tokens) if usage else (None, 0, 0)
    try:
        await asyncio.shield(asyncio.to_thread(run_in_session, ai_usage.settle, hold_id, *spent))
    except Exception:
        log.exception("Could not settle AI usage hold %s", hold_id)


# --- requests --------------------------------------------------------------------------------


def _params(
    personal: AiPersonalization,
    enhanced: bool,
    temperature: float | None = None,
    max_tokens: int | None = None,
) -> RequestParams:
    params = request_parameters(personal.response_style, enhanced)
    if temperature is not None:
        params = replace(params, temperature=min(max(float(temperature), 0.0), 2.0))
    if max_tokens is not None:
        params = replace(params, max_tokens=min(max(int(max_tokens), 1), MAX_TOKENS_ENHANCED))
    return params


def _messages(
    system: str, personal: AiPersonalization, rest: Sequence[Mapping[str, str]]
) -> list[dict[str, str]]:
    return [{"role": "system", "content": tailor_system_prompt(system, personal)}, *map(dict, rest)]


async def _complete(
    user_id: str | None,
    tool_name: str,
    messages: list[dict[str, str]],
    params: RequestParams,
    *,
    json_object: bool = False,
) -> Completion:
    provider = _provider()
    hold_id = await _hold(user_id, tool_name, messages, params)
    usage: Completion | None = None
    try:
        usage = await provider.complete(messages, params, json_object=json_object)
    except AiProviderError as exc:
        usage = exc.usage
        raise AiError(exc.message) from exc
    finally:
        await _settle(hold_id, usage)
    return usage


async def generate_text(
    user_id: str | None,
    tool_name: str,
    system: str,
    prompt: str,
    *,
    enhanced: bool = False,
    temperature: float | None = None,
    max_tokens: int | None = None,
) -> str:
    """One completion (system + user message) tailored to the user; returns the reply text."""
    _provider()  # demo mode fails before any database work
    personal = await _prepare(user_id)
    params = _params(personal, enhanced, temperature, max_tokens)
    messages = _messages(system, personal, [{"role": "user", "content": prompt}])
    completion = await _complete(user_id, tool_name, messages, params)
    return completion.text.strip()


#: The research call: low temperature, room for the model's reasoning and its notes.
RESEARCH_TEMPERATURE = 0.2
RESEARCH_MAX_TOKENS = 3000
#: Statuses with which a server refuses a tool it does not have (the request is not retried).
_REFUSED_TOOL = frozenset({400, 404, 422})


async def research(
    user_id: str | None, tool_name: str, system: str, prompt: str, *, seconds: float
) -> ResearchReply:
    """One browser-search call for a tool run, within `seconds`; its tokens are held against
    the founder's budget and settled like every other call. Raises `AiBudgetExceeded` before
    anything is sent, `AiError` when the call fails."""
    provider = _provider()
    personal = await _prepare(user_id)
    params = _params(personal, False, RESEARCH_TEMPERATURE, RESEARCH_MAX_TOKENS)
    messages = _messages(system, personal, [{"role": "user", "content": prompt}])
    hold_id = await _hold(user_id, tool_name, messages, params)
    usage: Completion | None = None
    try:
        reply = await provider.research(messages, params, seconds=seconds)
        usage = reply.usage
    except AiProviderError as exc:
        usage = exc.usage
        if exc.status_code in _REFUSED_TOOL:
            raise AiResearchUnavailable(exc.message) from exc
        raise AiError(exc.message) from exc
    finally:
        await _settle(hold_id, usage)
    return reply


def _validate(
    schema: type[Model],
    text: str,
    placeholders: frozenset[str] = frozenset(),
    check: ReplyCheck | None = None,
) -> Model:
    """The reply validated by `schema`, once it passes the quality gate: no echoed template
    placeholder, and none of the tool's own `check` problems (else `UnusableReply`)."""
    data = parse_json_object(text)
    result = schema.model_validate(data)
    echo = reply_quality.echo_problem(reply_quality.echoed_placeholders(data, placeholders))
    problems = [echo] if echo else []
    if check is not None:
        problems.extend(check(result))
    if problems:
        raise UnusableReply(problems)
    return result


def _problem(exc: Exception) -> str:
    if isinstance(exc, UnusableReply):
        text = "it is not a usable answer: " + "; ".join(exc.problems) + "."
    elif isinstance(exc, ValidationError):
        lines = [
            f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}"
            for err in exc.errors()[:10]
        ]
        text = "it does not match the schema (" + "; ".join(lines) + ")."
    else:
        text = "it is not a valid JSON object."
    return text[:_MAX_PROBLEM_CHARS]


async def generate_json(
    user_id: str | None,
    tool_name: str,
    system: str,
    prompt: str,
    schema: type[Model],
    *,
    enhanced: bool = False,
    temperature: float | None = None,
    check: ReplyCheck | None = None,
) -> Model:
    """A JSON reply validated by `schema` (its defaults fill gaps) that passes the quality
    gate (no echoed placeholder of `prompt`, no `check` problem). Asks for a JSON object at a
    low temperature with a fixed seed, parses leniently (T-AI-4), and on failure asks once
    more with a repair instruction naming the problem; then raises `AiParseError`."""
    _provider()
    personal = await _prepare(user_id)
    params = _params(personal, enhanced, temperature)
    params = replace(
        params, temperature=min(params.temperature, JSON_MAX_TEMPERATURE), seed=JSON_SEED
    )
    placeholders = reply_quality.template_placeholders(prompt)
    base = f"{system.strip()}\n\n{JSON_INSTRUCTION}" if system.strip() else JSON_INSTRUCTION
    messages = _messages(base, personal, [{"role": "user", "content": prompt}])
    first = await _complete(user_id, tool_name, messages, params, json_object=True)
    try:
        return _validate(schema, first.text, placeholders, check)
    except (JsonReplyError, ValidationError, UnusableReply) as exc:
        problem = _problem(exc)
    log.info("AI reply for %s was not usable (%s); asking once more", tool_name, problem)
    schema_text = json.dumps(schema.model_json_schema(), separators=(",", ":"))
    repair = [
        *messages,
        {"role": "assistant", "content": first.text[:_MAX_ECHO_CHARS]},
        {
            "role": "user",
            "content": REPAIR_INSTRUCTION.format(
                problem=problem, schema=schema_text[:_MAX_SCHEMA_CHARS]
            ),
        },
    ]
    second = await _complete(user_id, tool_name, repair, params, json_object=True)
    try:
        return _validate(schema, second.text, placeholders, check)
    except (JsonReplyError, ValidationError, UnusableReply) as exc:
        log.warning("AI reply for %s unusable after repair: %s", tool_name, _problem(exc))
        raise AiParseError() from exc


# --- the most a run can hold ------------------------------------------------------------------

#: What the founder's tailoring adds to a system prompt at most, in tokens.
_TAILORING_TOKENS = 160
#: The research a JSON call's prompt may carry at most: every page's title, address and
#: excerpt, and the notes (`domain/research.evidence_block`), in characters.
_EVIDENCE_CHARS = (
    evidence_rules.MAX_SOURCES
    * (evidence_rules.MAX_TITLE + MAX_URL_LENGTH + evidence_rules.MAX_EVIDENCE_SNIPPET + 40)
    + evidence_rules.MAX_NOTES
    + 400
)


def _chars(count: int) -> int:
    """`estimate_tokens` of a text of `count` characters."""
    return estimate_tokens("x" * count)


def json_run_ceiling(system: str, prompt: str, *, research: str = "") -> int:
    """The most tokens one JSON tool run can hold against the daily budget: its research call
    (when `research`, its plan, is given), its JSON call with the largest evidence, and the
    one repair request (the reply echoed, the problem and the schema), each with the largest
    reply (`MAX_TOKENS`)."""
    extra = _EVIDENCE_CHARS if research else len(evidence_rules.NO_EVIDENCE) + 2
    messages = [{"content": f"{system.strip()}\n\n{JSON_INSTRUCTION}"}, {"content": prompt}]
    asked = estimate_prompt_tokens(messages) + _chars(extra) + _TAILORING_TOKENS
    repair_note = len(REPAIR_INSTRUCTION) + _MAX_PROBLEM_CHARS + _MAX_SCHEMA_CHARS
    repair = asked + _chars(_MAX_ECHO_CHARS + repair_note) + 8 + MAX_TOKENS
    looked = 0
    if research:
        plan = [{"content": evidence_rules.RESEARCH_SYSTEM}, {"content": research}]
        looked = estimate_prompt_tokens(plan) + _TAILORING_TOKENS + RESEARCH_MAX_TOKENS
    return looked + asked + MAX_TOKENS + repair


def _chat_history(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """User/assistant turns with text, newest kept: at most 20 messages and ~48k characters."""
    clean = [
        {"role": str(m.get("role")), "content": m.get("content", "")}
        for m in messages
        if isinstance(m, Mapping)
        and m.get("role") in ("user", "assistant")
        and isinstance(m.get("content"), str)
        and m.get("content", "").strip()
    ]
    kept: list[dict[str, str]] = []
    chars = 0
    for message in reversed(clean[-MAX_CHAT_MESSAGES:]):
        if kept and chars + len(message["content"]) > MAX_CHAT_CHARS:
            break
        content = message["content"][:MAX_CHAT_CHARS]
        kept.append({"role": message["role"], "content": content})
        chars += len(content)
    kept.reverse()
    return kept


async def stream_chat(
    user_id: str | None,
    tool_name: str,
    system: str,
    messages: list[dict[str, str]],
    *,
    enhanced: bool = False,
    max_tokens: int | None = None,
) -> AsyncIterator[str]:
    """Stream a chat reply: `async for delta in stream_chat(...)`. Closing the iterator early
    (`aclose()`, or cancelling the task) closes the HTTP stream; the tokens are recorded when
    it finishes, fails or is closed."""
    history = _chat_history(messages)
    if not history:
        raise AiError(NO_MESSAGE)
    provider = _provider()
    personal = await _prepare(user_id)
    params = _params(personal, enhanced, max_tokens=max_tokens)
    messages_sent = _messages(system, personal, history)
    hold_id = await _hold(user_id, tool_name, messages_sent, params)
    chat = provider.stream(messages_sent, params)
    try:
        async for delta in chat:
            yield delta
    except AiProviderError as exc:
        raise AiError(exc.message) from exc
    finally:
        try:
            await chat.aclose()
        finally:
            await _settle(hold_id, chat.usage())
