"""The pure AI request policy: T-AI-1 (parameters), T-AI-2 (delays), T-AI-3 (error texts),
T-AI-4 (lenient JSON) and P-PROF-3 (prompt tailoring)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from startup_toolkit.domain.ai_request import (
    NO_CONTENT,
    TIMEOUT,
    AiPersonalization,
    JsonReplyError,
    RequestParams,
    failure_message,
    parse_json_object,
    request_parameters,
    retry_after_seconds,
    retry_delay_seconds,
    tailor_system_prompt,
)
from tests.support.ai_helpers import STYLE_COLUMNS, STYLE_TABLE


@pytest.mark.parametrize(STYLE_COLUMNS, [*STYLE_TABLE, ("unknown", False, 0.3, 4096)])
def test_t_ai_1_parameters_by_style_and_enhanced_mode(
    style: str, enhanced: bool, temperature: float, max_tokens: int
) -> None:
    """T-AI-1: the spec's temperature and token table; fixed top_p and penalties."""
    assert request_parameters(style, enhanced) == RequestParams(
        temperature=temperature,
        max_tokens=max_tokens,
        top_p=0.95,
        presence_penalty=0.1,
        frequency_penalty=0.1,
    )


@pytest.mark.parametrize(
    ("attempt", "jitter", "seconds"),
    [(0, 0.0, 0.4), (0, 0.5, 0.5), (1, 0.0, 0.8), (1, 0.999, 0.9998), (2, 0.0, 1.6), (5, 0.0, 2.0)],
)
def test_t_ai_2_retry_delay(attempt: int, jitter: float, seconds: float) -> None:
    """T-AI-2: min(2000, 400 * 2^n) ms plus up to 200 ms of jitter."""
    assert retry_delay_seconds(attempt, jitter) == pytest.approx(seconds)


def test_t_ai_2_retry_after_header() -> None:
    """T-AI-2: a 429's Retry-After (seconds) is used, capped at 30 s; junk is ignored."""
    assert retry_after_seconds("2") == 2.0
    assert retry_after_seconds(" 1.5 ") == 1.5
    assert retry_after_seconds("120") == 30.0
    assert retry_after_seconds(None) is None
    assert retry_after_seconds("") is None
    assert retry_after_seconds("-1") is None
    assert retry_after_seconds("nan") is None
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") is None


def test_t_ai_3_error_texts() -> None:
    """T-AI-3: the spec's texts, word for word."""
    assert TIMEOUT == "Request timed out. The AI service took too long to respond."
    assert NO_CONTENT == "No content returned"
    assert failure_message("boom") == "Failed to generate AI response: boom"


@pytest.mark.parametrize(
    "text",
    [
        '{"score": 80, "label": "ok"}',
        '```json\n{"score": 80, "label": "ok"}\n```',
        '```JSON\n{"score": 80, "label": "ok"}\n```',
        '```\n{"score": 80, "label": "ok"}\n```',
        'Sure! Here it is:\n```json\n{"score": 80, "label": "ok"}\n```\nAnything else?',
        'Here is the result: {"score": 80, "label": "ok"} Hope it helps.',
        '{"score": 80, "label": "ok",}',
        '  \n{"score": 80,\n "label": "ok"\n}\n',
    ],
)
def test_t_ai_4_lenient_json(text: str) -> None:
    """T-AI-4: fences, prose around the object and trailing commas are tolerated."""
    assert parse_json_object(text) == {"score": 80, "label": "ok"}


def test_t_ai_4_braces_inside_strings_and_nesting() -> None:
    """T-AI-4: the first balanced object, braces and quotes inside strings respected."""
    text = 'Note: {"a": "x } y { \\"z\\"", "b": {"c": [1, {"d": 2}]}} and {"other": 1}'
    assert parse_json_object(text) == {"a": 'x } y { "z"', "b": {"c": [1, {"d": 2}]}}


def test_t_ai_4_trailing_comma_inside_string_kept() -> None:
    assert parse_json_object('{"a": "1,}", "b": [1, 2,],}') == {"a": "1,}", "b": [1, 2]}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "No JSON here at all.",
        '{"summary": "A promising idea", "score": 7',
        '{"outer": {"inner": 1}, "truncated": "ye',
        "[1, 2, 3]",
        "{'single': 'quotes'}",
    ],
)
def test_t_ai_4_unparseable_replies_raise(text: str) -> None:
    """T-AI-4: no object (or a truncated one, never mined for inner objects) is an error."""
    with pytest.raises(JsonReplyError):
        parse_json_object(text)


def test_p_prof_3_defaults_are_the_spec_defaults() -> None:
    s = AiPersonalization()
    assert (
        s.response_style,
        s.expertise_level,
        s.industry_focus,
        s.communication_tone,
        s.detail_level,
    ) == ("balanced", "intermediate", "technology", "professional", "moderate")


def test_p_prof_3_tailoring_reflects_every_setting() -> None:
    """P-PROF-3: each setting adds its instruction after the tool's own system prompt."""
    prompt = tailor_system_prompt(
        "You are a startup analyst.",
        AiPersonalization("concise", "beginner", "healthcare", "friendly", "comprehensive"),
    )
    assert prompt.startswith("You are a startup analyst.\n\n")
    assert "short and to the point" in prompt
    assert "new to startups" in prompt
    assert "healthcare industry" in prompt
    assert "friendly" in prompt
    assert "comprehensive" in prompt.lower()
    assert "keep any required output format" in prompt


def test_p_prof_3_other_industry_is_ignored() -> None:
    """P-PROF-3: 'other' adds no industry instruction."""
    prompt = tailor_system_prompt("Base.", AiPersonalization(industry_focus="other"))
    assert "industry" not in prompt
    default = tailor_system_prompt("Base.", AiPersonalization())
    assert "technology industry" in default


def test_p_prof_3_saas_and_ecommerce_labels() -> None:
    assert "SaaS industry" in tailor_system_prompt("", AiPersonalization(industry_focus="saas"))
    assert "e-commerce industry" in tailor_system_prompt(
        "", AiPersonalization(industry_focus="ecommerce")
    )


def test_p_prof_3_from_values_accepts_rows_and_drops_unknown_values() -> None:
    row = SimpleNamespace(
        response_style="detailed",
        expertise_level="Expert",
        industry_focus="space",
        communication_tone=None,
        detail_level="minimal",
    )
    assert AiPersonalization.from_values(row) == AiPersonalization(
        response_style="detailed", expertise_level="expert", detail_level="minimal"
    )
    assert AiPersonalization.from_values({"communication_tone": "casual"}) == AiPersonalization(
        communication_tone="casual"
    )
    assert AiPersonalization.from_values(None) == AiPersonalization()
