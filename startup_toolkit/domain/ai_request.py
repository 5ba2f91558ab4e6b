"""The AI request policy, without I/O: parameters, retry delays, error texts, lenient JSON
parsing and prompt tailoring (T-AI-1..4, P-PROF-3)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain.profile import AI_CHOICES, AI_DEFAULTS

# --- parameters (T-AI-1) ---------------------------------------------------------------------

MAX_TOKENS = 4096
MAX_TOKENS_ENHANCED = 6144
#: Streamed text reaches the browser at most this often (<= 20 updates a second).
STREAM_FLUSH_SECONDS = 0.05
_TEMPERATURES: dict[str, tuple[float, float]] = {  # style: (normal, enhanced)
    "concise": (0.2, 0.3),
    "balanced": (0.3, 0.4),
    "detailed": (0.4, 0.5),
}


@dataclass(frozen=True)
class RequestParams:
    """Sampling parameters sent with every chat completion."""

    temperature: float
    max_tokens: int
    top_p: float = 0.95
    presence_penalty: float = 0.1
    frequency_penalty: float = 0.1
    #: Sent where the provider accepts one, so the same request tends to get the same reply.
    seed: int | None = None


#: The JSON tools' requests (issue 15, item 6): at most this temperature, and a fixed seed.
JSON_MAX_TEMPERATURE = 0.3
JSON_SEED = 15


def request_parameters(response_style: str, enhanced: bool) -> RequestParams:
    """Temperature by response style (unknown styles count as balanced), +0.1 and a larger
    token allowance in enhanced mode."""
    normal, more = _TEMPERATURES.get(response_style, _TEMPERATURES["balanced"])
    return RequestParams(
        temperature=more if enhanced else normal,
        max_tokens=MAX_TOKENS_ENHANCED if enhanced else MAX_TOKENS,
    )


# --- retries (T-AI-2) ------------------------------------------------------------------------

MAX_ATTEMPTS = 3
TIMEOUT_SECONDS = 60.0
#: What a run says while its request waits for one of the worker's provider slots.
QUEUED = "Waiting for a free line to the AI ..."
RETRY_AFTER_CAP_SECONDS = 30.0


def retry_delay_seconds(attempt: int, jitter: float) -> float:
    """Wait before the next attempt after failed attempt `attempt` (0-based):
    min(2000, 400 * 2**attempt) ms plus `jitter` (in [0, 1)) times 200 ms."""
    jitter = min(max(jitter, 0.0), 1.0)
    return (min(2000, 400 * 2**attempt) + jitter * 200) / 1000


def retry_after_seconds(header: str | None) -> float | None:
    """The delay a 429's Retry-After header asks for (seconds form), capped at 30 s;
    None when absent or not a number."""
    if not header:
        return None
    try:
        value = float(header.strip())
    except ValueError:
        return None
    if value != value or value < 0:  # NaN or negative
        return None
    return min(value, RETRY_AFTER_CAP_SECONDS)


# --- error texts (T-AI-3) --------------------------------------------------------------------

TIMEOUT = "Request timed out. The AI service took too long to respond."
NO_CONTENT = "No content returned"


def failure_message(message: str) -> str:
    """The spec's wrapper around a provider's error message."""
    return f"Failed to generate AI response: {message}"


# --- lenient JSON (T-AI-4) -------------------------------------------------------------------


class JsonReplyError(ValueError):
    """The reply holds no JSON object that parses."""


_FENCE_RE = re.compile(r"```[ \t]*(?:json|JSON|javascript|js)?[ \t]*\r?\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA_RE = re.compile(r",(\s*[}\]])")
_decoder = json.JSONDecoder()


@dataclass
class _StringScan:
    """Whether a left-to-right scan of JSON text is inside a string (escapes included)."""

    inside: bool = False
    escaped: bool = False

    def step(self, ch: str) -> bool:
        """Move over `ch`, a character inside a string; True when it closes the string."""
        if self.escaped:
            self.escaped = False
        elif ch == "\\":
            self.escaped = True
        elif ch == '"':
            self.inside = False
            return True
        return False


def _top_level_starts(text: str) -> list[int]:
    """Positions of '{' that open an object at brace depth 0 (braces inside strings skipped)."""
    starts: list[int] = []
    depth = 0
    scan = _StringScan()
    for i, ch in enumerate(text):
        if scan.inside:
            scan.step(ch)
        elif ch == '"' and depth > 0:
            scan.inside = True
        elif ch == "{":
            if depth == 0:
                starts.append(i)
            depth += 1
        elif ch == "}" and depth > 0:
            depth -= 1
    return starts


def _drop_trailing_commas(text: str) -> str:
    """`{"a": 1,}` -> `{"a": 1}` outside strings (a common model slip)."""
    out: list[str] = []
    scan = _StringScan()
    chunk_start = 0
    for i, ch in enumerate(text):
        if scan.inside:
            if scan.step(ch):
                out.append(text[chunk_start : i + 1])
                chunk_start = i + 1
        elif ch == '"':
            out.append(_TRAILING_COMMA_RE.sub(r"\1", text[chunk_start:i]))
            chunk_start = i
            scan.inside = True
    tail = text[chunk_start:]
    out.append(tail if scan.inside else _TRAILING_COMMA_RE.sub(r"\1", tail))
    return "".join(out)


def _first_object(text: str) -> dict[str, Any] | None:
    for start in _top_level_starts(text):
        for candidate in (text[start:], _drop_trailing_commas(text[start:])):
            try:
                value, _end = _decoder.raw_decode(candidate)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    return None


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in a model's reply: code fences (``` or ```json) are stripped,
    prose around the object is ignored, trailing commas are forgiven. Raises
    `JsonReplyError` when no object parses (a truncated object is not mined for inner ones)."""
    if not isinstance(text, str) or not text.strip():
        raise JsonReplyError("The reply is empty.")
    candidates = [m.group(1) for m in _FENCE_RE.finditer(text)]
    candidates.append(text)
    for candidate in candidates:
        value = _first_object(candidate)
        if value is not None:
            return value
    raise JsonReplyError("The reply holds no valid JSON object.")


# --- tailoring (P-PROF-3) --------------------------------------------------------------------


def _field(values: Mapping[str, Any] | object, name: str) -> Any:
    if isinstance(values, Mapping):
        return values.get(name)
    return getattr(values, name, None)


@dataclass(frozen=True)
class AiPersonalization:
    """A user's AI settings (spec defaults); unknown values fall back to the defaults."""

    response_style: str = AI_DEFAULTS["response_style"]
    expertise_level: str = AI_DEFAULTS["expertise_level"]
    industry_focus: str = AI_DEFAULTS["industry_focus"]
    communication_tone: str = AI_DEFAULTS["communication_tone"]
    detail_level: str = AI_DEFAULTS["detail_level"]

    @classmethod
    def from_values(cls, values: Mapping[str, Any] | object | None) -> AiPersonalization:
        """From a mapping or an object with the five attributes (e.g. a `user_ai_settings` row)."""
        if values is None:
            return cls()
        picked: dict[str, str] = {}
        for name, choices in AI_CHOICES.items():
            value = _field(values, name)
            if isinstance(value, str) and value.strip().lower() in choices:
                picked[name] = value.strip().lower()
        return cls(**picked)


_STYLE = {
    "concise": "Keep answers short and to the point: lead with the answer and skip preamble.",
    "balanced": "Balance brevity and depth: give the key points with enough explanation "
    "to act on them.",
    "detailed": "Give thorough, well-structured answers with reasoning, examples and "
    "concrete next steps.",
}
_EXPERTISE = {
    "beginner": "The founder is new to startups: explain terms in plain language and avoid jargon.",
    "intermediate": "The founder knows the startup basics: use common business terms "
    "without over-explaining them.",
    "advanced": "The founder is experienced: skip the basics and focus on specific, "
    "nuanced advice.",
    "expert": "The founder is an expert: be rigorous, challenge assumptions and use "
    "numbers where you can.",
}
_INDUSTRY = {
    "technology": "technology",
    "healthcare": "healthcare",
    "finance": "finance",
    "ecommerce": "e-commerce",
    "saas": "SaaS",
}
_TONE = {
    "professional": "Use a professional tone.",
    "friendly": "Use a warm, friendly and encouraging tone.",
    "casual": "Use a relaxed, conversational tone.",
    "formal": "Use a formal tone.",
}
_DETAIL = {
    "minimal": "Include only the essential details.",
    "moderate": "Include the important details without exhaustive lists.",
    "comprehensive": "Be comprehensive: cover risks, edge cases and alternatives.",
}


def tailoring_lines(s: AiPersonalization) -> list[str]:
    """One instruction per setting; 'other' industry adds none."""
    lines = [
        _STYLE.get(s.response_style, _STYLE["balanced"]),
        _EXPERTISE.get(s.expertise_level, _EXPERTISE["intermediate"]),
    ]
    industry = _INDUSTRY.get(s.industry_focus)
    if industry:
        lines.append(f"Where it helps, relate examples and advice to the {industry} industry.")
    lines.append(_TONE.get(s.communication_tone, _TONE["professional"]))
    lines.append(_DETAIL.get(s.detail_level, _DETAIL["moderate"]))
    return lines


def tailor_system_prompt(base: str, s: AiPersonalization) -> str:
    """`base` followed by the user's preferences (any output format `base` asks for wins)."""
    block = "\n".join(f"- {line}" for line in tailoring_lines(s))
    head = "Tailor your answer to this founder (keep any required output format):"
    base = (base or "").strip()
    return f"{base}\n\n{head}\n{block}" if base else f"{head}\n{block}"
