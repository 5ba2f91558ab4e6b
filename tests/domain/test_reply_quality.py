"""The quality gate's rules (issue 15, item 7), table by table: template placeholders and their
echoes, empty required sections, and scores that contradict the reply's own text."""

from __future__ import annotations

from typing import Any

import pytest

from startup_toolkit.domain import reply_quality as rq
from startup_toolkit.domain.funding import FundingInput
from startup_toolkit.domain.prompts import funding as funding_prompt
from startup_toolkit.domain.prompts import scanner as scanner_prompt
from startup_toolkit.domain.reply_quality import Section

IDEA = "A scheduling app for physiotherapists that cuts no-shows with deposits."


# --- placeholders ---------------------------------------------------------------------------


def test_the_scanner_prompt_s_placeholders_are_found_and_its_fence_is_not() -> None:
    found = rq.template_placeholders(scanner_prompt.user_prompt(IDEA))
    assert "<two or three sentences: the verdict and the main reason>" in found
    assert "<0-100>" in found and "<low|medium|high>" in found
    assert "<idea>" not in found and "</idea>" not in found


def test_the_founder_s_text_inside_the_fence_is_no_placeholder() -> None:
    prompt = 'Answer.\n<idea>\nMy <secret sauce> app\n</idea>\n{"a": "<one sentence>"}'
    assert rq.template_placeholders(prompt) == frozenset({"<one sentence>"})


def test_another_tool_s_fence_and_the_founder_s_markup_are_left_out_too() -> None:
    data = FundingInput(10_000, 8_000, 12, 40, 3, 5_000_000, "seed", "Socks <b>by</b> mail")
    found = rq.template_placeholders(funding_prompt.user_prompt(data))
    assert found  # the template's own placeholders
    assert not {"<pitch>", "<b>", "</b>"} & found


PLACEHOLDERS = frozenset({"<two sentences: the verdict and the main reason>", "<one sentence>"})


@pytest.mark.parametrize(
    ("reply", "echoed"),
    [
        # the reply a small model gave: the prompt's placeholder as the assessment
        (
            {"overallAssessment": "<two sentences: the verdict and the main reason>"},
            ["<two sentences: the verdict and the main reason>"],
        ),
        # spacing and case do not hide it; nested lists and objects are searched
        (
            {"categories": [{"assessment": "  <One   SENTENCE> "}]},
            ["<One SENTENCE>"],
        ),
        # any text that is nothing but <...> is a placeholder, even one the prompt lacks
        ({"competitors": [{"name": "<competitor>"}]}, ["<competitor>"]),
        # real text, numbers and a comparison sign are not
        ({"overallAssessment": "Solid: demand > supply.", "overallScore": 72}, []),
        ({"overallAssessment": ""}, []),
    ],
)
def test_echoed_placeholders(reply: dict[str, Any], echoed: list[str]) -> None:
    assert rq.echoed_placeholders(reply, PLACEHOLDERS) == echoed


def test_the_echo_problem_quotes_what_was_copied() -> None:
    assert rq.echo_problem([]) is None
    problem = rq.echo_problem(["<one sentence>"])
    assert problem is not None
    assert '"<one sentence>"' in problem and "placeholder" in problem


# --- required sections ---------------------------------------------------------------------

SECTIONS = (
    Section("summary", lambda r: r["summary"], ("No summary was returned.",)),
    Section("steps", lambda r: r["steps"]),
    Section("trends", lambda r: r["trends"]),
)


@pytest.mark.parametrize(
    ("reply", "empty", "problem"),
    [
        ({"summary": "Go", "steps": ["a"], "trends": ["b"]}, [], False),
        # one empty section is tolerated (the tool shows its default)
        ({"summary": "Go", "steps": [], "trends": ["b"]}, ["steps"], False),
        # two are not: blank text counts, and so does a section left at its default
        ({"summary": "  ", "steps": [], "trends": ["b"]}, ["summary", "steps"], True),
        (
            {"summary": "No summary was returned.", "steps": None, "trends": {}},
            ["summary", "steps", "trends"],
            True,
        ),
    ],
)
def test_empty_sections(reply: dict[str, Any], empty: list[str], problem: bool) -> None:
    assert rq.empty_sections(reply, SECTIONS) == empty
    found = rq.sections_problem(empty)
    assert (found is not None) is problem
    if found:
        assert all(name in found for name in empty)


# --- contradictions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "text", "phrase"),
    [
        (85, "Very weak: nobody has this problem.", "very weak"),
        (72, "Demand is real. But the model is not viable at this price.", "not viable"),
        (30, "An excellent, proven business model.", "excellent"),
        # the phrase matches the score
        (30, "Very weak evidence of demand.", None),
        (85, "Exceptional founder-market fit.", None),
        # mid scores are left alone
        (55, "Very weak evidence, but an excellent team.", None),
        # a sentence about the competition is not the verdict on the idea
        (85, "Competitors are very weak in this niche.", None),
        (30, "Incumbents are very strong and well funded.", None),
        # whole words only
        (85, "Unexceptional is not a word we would use.", None),
    ],
)
def test_score_text_contradiction(score: int, text: str, phrase: str | None) -> None:
    found = rq.score_text_contradiction("Problem Validation", score, text)
    if phrase is None:
        assert found is None
    else:
        assert found == (
            f'Problem Validation is scored {score} but its assessment calls it "{phrase}"'
        )


@pytest.mark.parametrize(
    ("overall", "scores", "problem"),
    [
        (0, [60, 65, 70, 75, 80], "overallScore is 0 while the category scores average 70"),
        (100, [40, 40, 40, 40, 40], "overallScore is 100 while the category scores average 40"),
        (72, [81, 58, 64, 77, 80], None),
        (40, [70, 70, 70, 70, 70], None),  # 30 points apart: still allowed
        (None, [70], None),
        (50, [], None),
    ],
)
def test_overall_contradiction(overall: int | None, scores: list[int], problem: str | None) -> None:
    assert rq.overall_contradiction(overall, scores) == problem
