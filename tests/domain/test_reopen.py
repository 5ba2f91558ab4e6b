"""A saved result's payload read back as the run that made it (issue 14, item 5), and the
`runId` a save of a kept run carries."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from startup_toolkit.domain import reopen as rules
from startup_toolkit.domain import tools
from startup_toolkit.domain.run_origin import Origin

WHEN = datetime(2026, 3, 2, 9, 30)


def test_an_oracle_result_reopens_as_its_prediction_with_its_details() -> None:
    data = {"input": {"businessIdea": "Socks"}, "prediction": {"probability": 70}, "sample": "demo"}
    found = rules.from_saved("Startup Oracle", {"data": data}, WHEN)
    assert found == rules.Reopened(
        tools.ORACLE.key,
        {"businessIdea": "Socks"},
        {"probability": 70},
        True,
        WHEN,
        origin=Origin.SAMPLE,
    )


def test_funding_inputs_come_back_under_the_forms_names() -> None:
    given = {"revenue": 5, "growthRate": 1.5, "teamSize": 3, "fundingStage": "seed", "pitch": "p"}
    found = rules.from_saved(
        "Funding Predictor", {"data": {"input": given, "prediction": {}, "estimated": False}}, WHEN
    )
    assert found is not None and found.tool == tools.FUNDING.key and not found.sample
    assert found.inputs == {
        "revenue": 5,
        "growth_rate": 1.5,
        "team_size": 3,
        "stage": "seed",
        "pitch": "p",
    }


@pytest.mark.parametrize(
    ("tool_name", "content"),
    [
        ("AI Co-Founder", {"data": {"messages": []}}),
        ("Startup Viability Scanner", {"data": {"idea": "x"}}),  # no result in it
        ("Startup Viability Scanner", {"rawContent": "text"}),
        ("Growth Engine", None),
        (None, {"data": {"result": {}}}),
    ],
)
def test_what_no_tool_can_reopen_is_none(tool_name: object, content: object) -> None:
    assert rules.from_saved(tool_name, content, WHEN) is None


def test_run_ids_in_metadata() -> None:
    assert rules.with_run_id({"a": 1}, 7) == {"a": 1, "runId": 7}
    assert rules.with_run_id({"a": 1}, None) == {"a": 1}
    assert rules.run_id_of({"runId": 7}) == 7
    for bad in ({"runId": "7"}, {"runId": True}, {"runId": -1}, {}, None, [7]):
        assert rules.run_id_of(bad) is None


def test_times_are_sent_as_aware_utc() -> None:
    assert rules.iso_utc(WHEN) == "2026-03-02T09:30:00+00:00"
    assert rules.iso_utc(WHEN.replace(tzinfo=UTC)) == "2026-03-02T09:30:00+00:00"


# --- issue 28, item 1: a reopened stand-in says what it is ---------------------------------------

DEMO_NOTE = " (a sample result, made in demo mode)"


def _saved(tool_name: str, data: dict[str, object]) -> rules.Reopened:
    found = rules.from_saved(tool_name, {"data": data}, WHEN)
    assert found is not None
    return found


def test_issue_28_a_saved_oracle_fallback_reads_as_general_predictions_not_demo_mode() -> None:
    """The Oracle's general predictions, saved after an unreadable reply ('general'), reopen
    as what they are, never as demo mode's sample (old rows and new ones alike)."""
    base = {"input": {"businessIdea": "Socks"}, "prediction": {"probability": 65}}
    older = {**base, "sample": "general"}
    for data in (older, {**older, "origin": "fallback"}):
        found = _saved("Startup Oracle", data)
        assert found.origin is Origin.FALLBACK and found.sample
        assert found.note == " (general predictions, because the AI reply could not be used)"
        assert "demo" not in found.note
    demo = _saved("Startup Oracle", {**base, "sample": "demo"})
    assert demo.origin is Origin.SAMPLE and demo.note == DEMO_NOTE
    ai = _saved("Startup Oracle", {**base, "sample": ""})
    assert ai.origin is Origin.AI and not ai.sample and ai.note == ""


def test_issue_28_a_saved_funding_estimate_says_why_it_is_the_estimate() -> None:
    """A funding estimate saved after the AI reply could not be used reopens as the built-in
    estimate for that reason; one made in demo mode may say demo mode; an older row that did
    not record which says only that it is the estimate, not the AI's prediction."""
    base = {"input": {"fundingStage": "seed"}, "prediction": {}}
    fallback = _saved("Funding Predictor", {**base, "estimated": True, "origin": "fallback"})
    assert fallback.origin is Origin.FALLBACK and fallback.sample
    assert fallback.note == (
        " (the built-in estimate from your numbers, because the AI reply could not be used)"
    )
    demo = _saved("Funding Predictor", {**base, "estimated": True, "origin": "sample"})
    assert demo.origin is Origin.SAMPLE and demo.note == DEMO_NOTE
    older = _saved("Funding Predictor", {**base, "estimated": True})
    assert older.origin is Origin.BUILT_IN and "demo" not in older.note
    assert older.note == " (the built-in estimate from your numbers, not an AI result)"
    ai = _saved("Funding Predictor", {**base, "estimated": False})
    assert ai.origin is Origin.AI and ai.note == ""


@pytest.mark.parametrize("origin", ["gibberish", 7, None, "AI"])
def test_issue_28_an_unknown_recorded_origin_reads_from_the_flag(origin: object) -> None:
    base = {"input": {}, "strategy": {}, "origin": origin}
    assert _saved("Growth Engine", {**base, "sample": True}).origin is Origin.BUILT_IN
    assert _saved("Growth Engine", {**base, "sample": False}).origin is Origin.AI
