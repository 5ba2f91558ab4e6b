"""Reopening in the incubator, funding, growth and oracle pages (issue 14, item 5): each shows
its kept run or saved result with the inputs back in the form; a run of another tool, another
founder's or an unknown id is not found; Save Results of a reopened run names the run."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import funding as funding_rules
from startup_toolkit.domain import funding_estimate, growth_export, oracle_content, tools
from startup_toolkit.domain import growth as growth_rules
from startup_toolkit.domain import oracle as oracle_rules
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS, SAMPLE_STRESS_TEST
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.pages.growth.state import GrowthForm, GrowthState
from startup_toolkit.pages.incubator.state import IncubatorState
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.pages.oracle.state_content import OracleContentState
from startup_toolkit.services import workspace
from tests.support.events import js
from tests.support.founders import signed_in
from tests.support.kept import saved_result
from tests.support.tool_states import opened, substate

IDEA = "Reminders with deposits that cut no-shows for small physiotherapy clinics."
NOT_FOUND = "That result was not found"


def keep(
    engine: Engine, user_id: str, tool: str, inputs: Any, result: Any, sample: bool = False
) -> int:
    with Session(engine) as db:
        run_id = workspace.keep_run(
            db,
            user_id,
            keys.KeepRun(tool, keys.as_json(inputs), IDEA),
            result,
            sample=sample,
            now=utcnow() - timedelta(days=2),
        )
    assert run_id is not None
    return run_id


def saved_metadata(engine: Engine) -> dict[str, Any]:
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
    return row.result_metadata


# --- the incubator ----------------------------------------------------------------------------


def test_incubator_reopens_an_analysis_run(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    run_id = keep(
        engine, user_id, tools.INCUBATOR.key, {"idea": IDEA}, SAMPLE_ANALYSIS, sample=True
    )
    s, toast = opened(IncubatorState, f"/idea-incubator?run={run_id}", cookie)
    assert toast == ""
    assert s.analysis is not None and s.stress is None and s.tab == "analysis" and s.idea == IDEA
    assert s.analysis.overview == SAMPLE_ANALYSIS.marketAnalysis.overview
    assert (
        s.analysis.sample
        and (s.reopened is not None and s.reopened.sample)
        and s.reopened is not None
    )
    assert "Results saved" in js(asyncio.run(s.save()))
    assert saved_metadata(engine)["runId"] == run_id


def test_incubator_reopens_a_stress_test_run_with_its_analysis(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    inputs = {"idea": IDEA, "analysis": SAMPLE_ANALYSIS}
    run_id = keep(engine, user_id, tools.STRESS_TEST.key, inputs, SAMPLE_STRESS_TEST)
    s, _ = opened(IncubatorState, f"/idea-incubator?run={run_id}", cookie)
    assert s.analysis is not None and s.stress is not None and s.tab == "stress"
    assert s.stress.title == SAMPLE_STRESS_TEST.stressScenario.title
    assert s._run_id == run_id


def test_incubator_reopens_a_saved_result_with_its_stress_test(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    content = {
        "idea": IDEA,
        "analysis": SAMPLE_ANALYSIS.model_dump(mode="json"),
        "stressTest": SAMPLE_STRESS_TEST.model_dump(mode="json"),
        "sample": False,
    }
    result_id = saved_result(engine, user_id, "Idea Incubator", content)
    s, toast = opened(IncubatorState, f"/idea-incubator?result={result_id}", cookie)
    assert toast == "" and s.stress is not None and s.idea == IDEA and not s.analysis.sample


def test_incubator_a_scanner_run_or_bobs_run_is_not_found(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    scan = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, {"overallScore": 50})
    s, toast = opened(IncubatorState, f"/idea-incubator?run={scan}", cookie)
    assert NOT_FOUND in toast and s.analysis is None and s.tab == "input"
    mine = keep(engine, user_id, tools.INCUBATOR.key, {"idea": IDEA}, SAMPLE_ANALYSIS)
    _, bob = signed_in(engine, "bob@example.com")
    s, toast = opened(IncubatorState, f"/idea-incubator?run={mine}", bob)
    assert NOT_FOUND in toast and s.analysis is None and s.idea == ""


# --- funding ----------------------------------------------------------------------------------


def funding_input() -> funding_rules.FundingInput:
    data, _ = funding_rules.parse_input(
        {**funding_rules.default_form(), "revenue": "72000", "growth_rate": "12.5", "pitch": IDEA}
    )
    assert data is not None
    return data


def test_funding_reopens_a_run_with_its_metrics_in_the_form(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    data = funding_input()
    prediction = funding_estimate.estimate(data)
    run_id = keep(engine, user_id, tools.FUNDING.key, data, prediction, sample=True)
    s, toast = opened(FundingState, f"/funding-predictor?run={run_id}", cookie)
    assert toast == ""
    assert s.result is not None and s.result.amount == prediction.amount
    assert s.form["revenue"] == "72000" and s.form["growth_rate"] == "12.5"
    assert s.form["pitch"] == IDEA and s.form["stage"] == "seed"
    assert s.result.estimated and (s.reopened is not None and s.reopened.sample)
    assert "Results saved" in js(asyncio.run(s.save()))
    assert saved_metadata(engine)["runId"] == run_id


def test_funding_reopens_a_saved_result(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    data = funding_input()
    prediction = funding_estimate.estimate(data)
    content = funding_rules.save_content(prediction, data, origin=Origin.AI)
    result_id = saved_result(engine, user_id, "Funding Predictor", content)
    s, toast = opened(FundingState, f"/funding-predictor?result={result_id}", cookie)
    assert toast == "" and s.result is not None and not s.result.estimated
    assert s.form["revenue"] == "72000" and s.form["pitch"] == IDEA


def test_funding_a_growth_run_is_not_found(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.GROWTH.key, {"product": IDEA}, {"summary": "x"})
    s, toast = opened(FundingState, f"/funding-predictor?run={run_id}", cookie)
    assert NOT_FOUND in toast and s.result is None


# --- growth -----------------------------------------------------------------------------------


def test_growth_reopens_a_run_with_its_inputs(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    form = GrowthForm(IDEA, "Clinic owners", 2500.0)
    strategy = growth_rules.sample_strategy(2500.0)
    run_id = keep(engine, user_id, tools.GROWTH.key, form, strategy)
    s, toast = opened(GrowthState, f"/growth-engine?run={run_id}", cookie)
    assert toast == ""
    assert s.result is not None and s.result.summary == strategy.summary and not s.result.sample
    assert (s.product, s.audience, s.budget) == (IDEA, "Clinic owners", "2500")
    assert "Results saved" in js(asyncio.run(s.save()))
    assert saved_metadata(engine)["runId"] == run_id


def test_growth_reopens_a_saved_result_and_refuses_bobs(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    strategy = growth_rules.sample_strategy(900.0)
    content = growth_export.save_content(
        strategy, IDEA, "Clinic owners", 900.0, origin=Origin.SAMPLE
    )
    result_id = saved_result(engine, user_id, "Growth Engine", content)
    s, toast = opened(GrowthState, f"/growth-engine?result={result_id}", cookie)
    assert toast == "" and s.result is not None and s.result.sample and s.budget == "900"
    _, bob = signed_in(engine, "bob@example.com")
    s, toast = opened(GrowthState, f"/growth-engine?result={result_id}", bob)
    assert NOT_FOUND in toast and s.result is None and s.product == ""


# --- the oracle -------------------------------------------------------------------------------


def oracle_data() -> oracle_rules.StartupData:
    data, _ = oracle_rules.validate({"businessIdea": IDEA, "stage": "mvp", "users": "40"})
    assert data is not None
    return data


def test_oracle_reopens_a_prediction_run(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    result = oracle_rules.sample_result()
    run_id = keep(engine, user_id, tools.ORACLE.key, oracle_data(), result, sample=True)
    s, toast = opened(OracleState, f"/startup-oracle?run={run_id}", cookie)
    assert toast == ""
    assert s.result is not None and s.result.probability == result.probability
    assert s.result.sample == "demo"
    assert s.form["businessIdea"] == IDEA and s.form["users"] == "40"
    assert "Results saved" in js(asyncio.run(s.save()))
    assert saved_metadata(engine)["runId"] == run_id


def test_oracle_reopens_generated_content_in_its_dialog(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    kind = oracle_content.CONTENT_KINDS[0]
    text = oracle_content.sample_content(kind, IDEA)
    inputs = {"content": kind.kind, "data": keys.as_json(oracle_data())}
    run_id = keep(engine, user_id, tools.ORACLE_CONTENT.key, inputs, text)
    s = substate(OracleState, f"/startup-oracle?run={run_id}", cookie)
    assert js(asyncio.run(s.reopen())) == ""
    content = s.parent_state.get_substate(OracleContentState.get_full_name().split(".")[1:])
    shown = content.content
    assert shown is not None and shown.text == text and shown.kind == kind.kind  # open
    assert s.form["businessIdea"] == IDEA and s.result is None and s.reopened is not None


def test_oracle_a_scanner_run_is_not_found(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, {"overallScore": 1})
    s, toast = opened(OracleState, f"/startup-oracle?run={run_id}", cookie)
    assert NOT_FOUND in toast and s.result is None


# --- issue 28, item 1: a reopened stand-in says what it is, never demo mode -------------------


def test_issue_28_a_saved_oracle_fallback_reopens_as_general_predictions(
    engine: Engine, founder: tuple[str, str]
) -> None:
    """The general predictions saved after an unreadable reply (a key was set) reopen with
    their own label, not demo mode's sample and its 'Set AI_API_KEY'."""
    user_id, cookie = founder
    data, general = oracle_data(), oracle_rules.general_result()
    content = oracle_rules.save_content(general, data, origin=Origin.FALLBACK)
    result_id = saved_result(engine, user_id, "Startup Oracle", content)
    s, toast = opened(OracleState, f"/startup-oracle?result={result_id}", cookie)
    assert toast == "" and s.result is not None and s.result.sample == "general"
    assert s.reopened is not None and "demo mode" not in s.reopened.note
    assert s.reopened.note == " (general predictions, because the AI reply could not be used)"
    # Saved again, it stays what it is.
    assert "Results saved" in js(asyncio.run(s.save()))
    with Session(engine) as db:
        rows = db.exec(select(SavedResult).order_by(SavedResult.id)).all()  # type: ignore[arg-type]
    assert rows[-1].content["data"]["origin"] == "fallback"


def test_issue_28_an_older_saved_oracle_general_prediction_is_not_demo_mode(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    content = {
        "input": oracle_data().as_dict(),
        "prediction": oracle_rules.general_result().model_dump(mode="json"),
        "sample": "general",  # saved before issue 28: no origin recorded
    }
    result_id = saved_result(engine, user_id, "Startup Oracle", content)
    s, _ = opened(OracleState, f"/startup-oracle?result={result_id}", cookie)
    assert s.result is not None and s.result.sample == "general"
    assert s.reopened is not None and "general predictions" in s.reopened.note


def test_issue_28_a_saved_funding_fallback_reopens_as_the_estimate_after_an_unusable_reply(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    data = funding_input()
    content = funding_rules.save_content(
        funding_estimate.estimate(data), data, origin=Origin.FALLBACK
    )
    result_id = saved_result(engine, user_id, "Funding Predictor", content)
    s, toast = opened(FundingState, f"/funding-predictor?result={result_id}", cookie)
    assert toast == "" and s.result is not None and s.result.estimated
    assert s.result.estimate_reason == funding_rules.FAILED_REASON
    assert s.reopened is not None and "demo mode" not in s.reopened.note
    assert "because the AI reply could not be used" in s.reopened.note
    demo = funding_rules.save_content(funding_estimate.estimate(data), data, origin=Origin.SAMPLE)
    demo_id = saved_result(engine, user_id, "Funding Predictor", demo)
    s, _ = opened(FundingState, f"/funding-predictor?result={demo_id}", cookie)
    assert s.result is not None and s.result.estimate_reason.startswith("Demo mode")
    assert s.reopened is not None and s.reopened.note == " (a sample result, made in demo mode)"


def test_issue_28_a_kept_growth_fallback_reopens_as_the_sample_strategy_after_an_unusable_reply(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    form = GrowthForm(IDEA, "Clinic owners", 600.0)
    with Session(engine) as db:
        run_id = workspace.keep_run(
            db,
            user_id,
            keys.KeepRun(tools.GROWTH.key, keys.as_json(form), IDEA),
            growth_rules.sample_strategy(600.0),
            sample=False,
            origin=Origin.FALLBACK,
        )
    s, toast = opened(GrowthState, f"/growth-engine?run={run_id}", cookie)
    assert toast == "" and s.result is not None and s.result.sample
    assert s.reopened is not None and s.reopened.sample
    assert s.reopened.note == (
        " (the built-in sample strategy, because the AI reply could not be used)"
    )
    assert "Results saved" in js(asyncio.run(s.save()))
    assert saved_metadata(engine)["origin"] == "fallback"
