"""A saved result's payload read back as the run that made it (issue 14, item 5), and the
`runId` a save of a kept run carries."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from startup_toolkit.domain import reopen as rules
from startup_toolkit.domain import tools

WHEN = datetime(2026, 3, 2, 9, 30)


def test_an_oracle_result_reopens_as_its_prediction_with_its_details() -> None:
    data = {"input": {"businessIdea": "Socks"}, "prediction": {"probability": 70}, "sample": "demo"}
    found = rules.from_saved("Startup Oracle", {"data": data}, WHEN)
    assert found == rules.Reopened(
        tools.ORACLE.key, {"businessIdea": "Socks"}, {"probability": 70}, True, WHEN
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
