"""The quality gate and the stable-score request settings through the real AI service, groq SDK
and the fake OpenAI-compatible server (issue 15, items 6 and 7).

A reply that echoes the prompt's placeholders, leaves sections empty or contradicts its own
scores is asked for once more with the problem named; a second such reply is the tool's
parse failure. JSON requests go out at a low temperature with a fixed seed, and a provider
that refuses the seed gets the request again without it."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from sqlmodel import Session

from startup_toolkit.domain import funding, oracle
from startup_toolkit.domain.ai_request import JSON_MAX_TEMPERATURE, JSON_SEED
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS
from startup_toolkit.domain.scanner import CATEGORY_NAMES
from startup_toolkit.domain.tool_run import RunStatus, ToolRun
from startup_toolkit.domain.tools import scanner as scanner_run
from startup_toolkit.pages.funding import state as funding_page
from startup_toolkit.pages.growth import state as growth_page
from startup_toolkit.pages.incubator import state as incubator_page
from startup_toolkit.pages.oracle import state as oracle_page
from startup_toolkit.services import ai as ai_service
from startup_toolkit.services import workspace
from startup_toolkit.services.ai import AiParseError, generate_json, generate_text
from startup_toolkit.services.tool_runs import run_tool
from tests.support.ai_server import FakeAiServer

PROMPT = 'Reply as {"summary": "<two sentences: the verdict and the main reason>"}'
ECHO = {"summary": "<two sentences: the verdict and the main reason>"}
IDEA = "A scheduling app for physiotherapists that cuts no-shows with deposits."


class Verdict(BaseModel):
    summary: str


def repair_text(ai: FakeAiServer, index: int = 1) -> str:
    return ai.requests[index]["messages"][-1]["content"]


# --- item 7: the gate in the AI service --------------------------------------------------------


async def test_an_echoed_placeholder_is_repaired_naming_it(quick: FakeAiServer) -> None:
    quick.reply_json(ECHO).reply_json({"summary": "Viable: paying users already exist."})
    result = await generate_json(None, "scanner", "", PROMPT, Verdict)
    assert result.summary == "Viable: paying users already exist."
    repair = repair_text(quick)
    assert "Your previous reply could not be used" in repair
    assert '"<two sentences: the verdict and the main reason>"' in repair
    assert "placeholders" in repair


async def test_an_echoed_placeholder_twice_is_the_parse_failure(quick: FakeAiServer) -> None:
    quick.reply_json(ECHO).reply_json(ECHO).reply_json({"summary": "too late"})
    with pytest.raises(AiParseError):
        await generate_json(None, "scanner", "", PROMPT, Verdict)
    assert len(quick.requests) == 2


async def test_the_tool_s_own_check_is_named_in_the_repair(quick: FakeAiServer) -> None:
    def check(reply: Verdict) -> list[str]:
        return ["the summary is too short"] if len(reply.summary) < 10 else []

    quick.reply_json({"summary": "Meh"}).reply_json({"summary": "Solid niche, real demand."})
    result = await generate_json(None, "scanner", "", "Judge it", Verdict, check=check)
    assert result.summary == "Solid niche, real demand."
    assert "it is not a usable answer: the summary is too short." in repair_text(quick)


# --- item 7: every JSON tool's gate, through its own run ------------------------------------------


def _tool_runs() -> list[tuple[str, ToolRun[Any], dict[str, Any], str]]:
    """(name, run, a reply that fits the schema but leaves sections empty, a section named)."""
    data = oracle.StartupData(businessIdea=IDEA)
    money = funding.FundingInput(10_000, 8_000, 12, 40, 3, 5_000_000, "seed", IDEA)
    analysis = SAMPLE_ANALYSIS
    return [
        (
            "scanner",
            scanner_run.scan_run(IDEA),
            {"categories": [{"category": "Founder Fit", "score": 70}], "actionSteps": ["Go"]},
            "categories: Problem Validation",
        ),
        (
            "analysis",
            incubator_page.analysis_run(IDEA),
            {"marketAnalysis": {"overview": "Big."}, "viabilityAssessment": {"risks": ["x"]}},
            "productStrategy.description",
        ),
        (
            "stress test",
            incubator_page.stress_run(incubator_page.StressForm(IDEA, analysis)),
            {"stressScenario": {"title": "Recession"}, "strategicResponse": {}},
            "stressScenario.description",
        ),
        (
            "funding",
            funding_page.prediction_run(money),
            {"success": True, "analysis": "Good."},
            "investors",
        ),
        (
            "growth",
            growth_page.strategy_run(growth_page.GrowthForm("Socks", "Runners", 500)),
            {"summary": "Grow.", "growthSteps": ["Post daily"]},
            "marketTrends",
        ),
        ("oracle", oracle_page.prediction_run(data), {"probability": 70}, "risks"),
    ]


@pytest.mark.parametrize("index", range(6), ids=[t[0] for t in _tool_runs()])
async def test_each_json_tool_s_sparse_reply_twice_is_its_parse_failure(
    quick: FakeAiServer, founder: tuple[str, str], index: int
) -> None:
    user_id, _ = founder
    _name, run, sparse, section = _tool_runs()[index]
    quick.reply_json(sparse).reply_json(sparse)
    outcome = await run_tool(user_id, run)
    assert outcome.status is RunStatus.UNREADABLE
    assert outcome.notice == run.texts.notice(RunStatus.UNREADABLE, ai_service.PARSE_FAILED)
    assert len(quick.requests) == 2
    repair = repair_text(quick)
    assert "required sections are empty or left at their default" in repair
    assert section in repair


# --- item 6: low temperature and a fixed seed ---------------------------------------------------


async def test_json_requests_carry_the_seed_and_a_low_temperature(quick: FakeAiServer) -> None:
    quick.reply_json({"summary": "ok"})
    await generate_json(None, "growth", "", "Plan it", Verdict, temperature=0.4)
    request = quick.requests[0]
    assert request["seed"] == JSON_SEED
    assert request["temperature"] == pytest.approx(JSON_MAX_TEMPERATURE)
    quick.reply("Plain text")
    await generate_text(None, "oracle", "", "Say it")
    assert "seed" not in quick.requests[1]  # only the JSON tools ask for repeatable replies


async def test_a_provider_refusing_the_seed_gets_the_request_again_without_it(
    quick: FakeAiServer,
) -> None:
    quick.status(400, "property 'seed' is unsupported", param="seed")
    quick.reply_json({"summary": "ok"}).reply_json({"summary": "again"})
    assert (await generate_json(None, "scanner", "", "Go", Verdict)).summary == "ok"
    first, second = quick.requests
    assert first["seed"] == JSON_SEED and "seed" not in second
    assert second["messages"] == first["messages"]
    await generate_json(None, "scanner", "", "Go", Verdict)
    assert "seed" not in quick.requests[2]  # not sent to that endpoint again


async def test_the_scan_s_overall_is_the_app_s_and_the_model_s_is_kept_in_the_run(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    categories = [
        {"category": name, "score": score, "assessment": f"{name}: clear.", "confidence": "high"}
        for name, score in zip(CATEGORY_NAMES, (81, 45, 60, 79, 30), strict=True)
    ]
    quick.reply_json(
        {
            "overallScore": 58,
            "overallAssessment": "Real pain, crowded market.",
            "categories": categories,
            "actionSteps": ["Interview users"],
            "competitors": [{"name": "Acme"}],
            "marketInsights": {"keyTrends": ["Telehealth"], "challenges": ["Rules"]},
        }
    )
    outcome = await run_tool(user_id, scanner_run.scan_run(IDEA))
    assert outcome.result is not None
    assert (outcome.result.overallScore, outcome.result.modelOverallScore) == (59, 58)
    kept = workspace.get_run(session, user_id, outcome.run_id)
    assert kept is not None
    assert (kept.result["overallScore"], kept.result["modelOverallScore"]) == (59, 58)


# --- issue 28, item 5: a partial Oracle reply is kept, what it left out named -----------------


async def test_issue_28_an_oracle_reply_without_its_roadmap_is_kept_as_the_ais(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    """Probability, risks and moves without the Solution Roadmap lists: no repair request,
    no general prediction; the AI's parts are shown and kept, the missing ones named (a
    'missing' the model wrote itself is not believed)."""
    user_id, _ = founder
    partial = {
        "probability": 58,
        "risks": ["Clinics churn after the pilot"],
        "moves": ["Sign three clinics on paid pilots"],
        "missing": [],
    }
    quick.reply_json(partial)
    run = oracle_page.prediction_run(oracle.StartupData(businessIdea=IDEA))
    outcome = await run_tool(user_id, run)
    assert outcome.status is RunStatus.AI and len(quick.requests) == 1
    result = outcome.result
    assert result is not None and result.probability == 58
    assert result.risks == partial["risks"] and result.moves == partial["moves"]
    assert result.missing == ["funding", "customers", "product"]
    view = oracle_page.prediction_view(result, "")
    assert view.sample == "" and view.missing_note.startswith(
        "The AI's reply left out funding steps, customer steps and product steps"
    )
    kept = workspace.get_run(session, user_id, outcome.run_id)
    assert kept is not None and kept.origin == "ai" and not kept.sample
    assert kept.result["missing"] == ["funding", "customers", "product"]


async def test_issue_28_an_oracle_reply_without_a_probability_says_the_65_is_a_default(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.reply_json(
        {
            "probability": "unclear",
            "risks": ["Cash"],
            "moves": ["Sell"],
            "funding": ["Angels"],
            "customers": ["Clinics"],
            "product": ["Reminders"],
            "missing": ["risks"],
        }
    )
    outcome = await run_tool(user_id, oracle_page.prediction_run(oracle.StartupData(IDEA)))
    assert outcome.status is RunStatus.AI and outcome.result is not None
    assert outcome.result.missing == ["probability"]
    note = oracle_page.prediction_view(outcome.result, "").missing_note
    assert "left out a success probability" in note and "65% shown is the general default" in note
