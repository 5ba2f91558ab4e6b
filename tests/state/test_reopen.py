"""Reopening a kept run (`?run=ID`) or a saved result (`?result=ID`) in its tool page
(issue 14, item 5): the result as if just run, the inputs back in the form, the note's date;
another founder's id, an unknown or bad one, or a run of another tool: 'not found' and the
empty form. Saving a reopened or fresh result names its kept run (`runId`)."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import workspace
from tests.pages.scanner.test_state import IDEA, REPLY
from tests.support.events import js
from tests.support.founders import signed_in
from tests.support.kept import saved_result
from tests.support.tool_states import opened

SCANNER = "/startup-viability-scanner"
NOT_FOUND = "That result was not found"


def keep(
    engine: Engine,
    user_id: str,
    tool: str,
    inputs: dict[str, Any],
    result: Any,
    *,
    idea: str = IDEA,
    sample: bool = False,
    days_ago: int = 3,
) -> int:
    with Session(engine) as db:
        run_id = workspace.keep_run(
            db,
            user_id,
            keys.KeepRun(tool, inputs, idea),
            result,
            sample=sample,
            now=utcnow() - timedelta(days=days_ago),
        )
    assert run_id is not None
    return run_id


# --- the scanner ------------------------------------------------------------------------------


def test_scanner_reopens_a_kept_run_with_its_idea_and_date(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, REPLY)
    s, toast = opened(ScannerState, f"{SCANNER}?run={run_id}", cookie)
    assert toast == ""
    assert s.result is not None and s.result.score == 58 and s.idea == IDEA and not s.result.sample
    assert [c.score for c in s.result.categories] == [81, 45, 60, 79, 30]
    assert s.reopened is not None and s.reopened.at.startswith(
        str((utcnow() - timedelta(days=3)).date())
    )
    assert s.reopened is not None and not s.reopened.sample and s._run_id == run_id


def test_scanner_reopens_a_sample_run_as_a_sample(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, SAMPLE_SCAN, sample=True)
    s, _ = opened(ScannerState, f"{SCANNER}?run={run_id}", cookie)
    assert (
        s.result is not None
        and s.result.sample
        and (s.reopened is not None and s.reopened.sample)
        and s.result.score == 72
    )


@pytest.mark.parametrize("raw", ["999999", "abc", "-1", "0", "1" * 40, "1.5"])
def test_scanner_unknown_or_bad_run_id_is_not_found(founder: tuple[str, str], raw: str) -> None:
    _, cookie = founder
    s, toast = opened(ScannerState, f"{SCANNER}?run={raw}", cookie)
    assert NOT_FOUND in toast
    assert s.result is None and s.reopened is None and s.idea == ""


def test_scanner_another_founders_run_or_result_is_not_found(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, REPLY)
    result_id = saved_result(
        engine, user_id, "Startup Viability Scanner", {"idea": IDEA, "result": REPLY}
    )
    _, bob = signed_in(engine, "bob@example.com")
    for route in (f"{SCANNER}?run={run_id}", f"{SCANNER}?result={result_id}"):
        s, toast = opened(ScannerState, route, bob)
        assert NOT_FOUND in toast
        assert s.result is None and s.idea == ""


def test_scanner_a_run_of_another_tool_is_not_found(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.GROWTH.key, {"product": IDEA}, {"summary": "x"})
    s, toast = opened(ScannerState, f"{SCANNER}?run={run_id}", cookie)
    assert NOT_FOUND in toast and s.result is None


def test_scanner_signed_out_reopens_nothing_and_says_nothing(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, REPLY)
    s, toast = opened(ScannerState, f"{SCANNER}?run={run_id}", "")
    assert toast == "" and s.result is None


def test_scanner_without_a_param_leaves_the_page_alone(founder: tuple[str, str]) -> None:
    _, cookie = founder
    s, toast = opened(ScannerState, SCANNER, cookie)
    assert toast == "" and s.result is None


def test_scanner_saved_result_reopens_its_kept_run_while_kept(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, REPLY)
    other = {**REPLY, "overallScore": 12}
    content = {"idea": "old", "result": other}
    scanner = "Startup Viability Scanner"
    result_id = saved_result(engine, user_id, scanner, content, metadata={"runId": run_id})
    s, toast = opened(ScannerState, f"{SCANNER}?result={result_id}", cookie)
    assert toast == "" and s.result.score == 58 and s.idea == IDEA and s._run_id == run_id


def test_scanner_saved_result_without_its_run_reopens_what_was_saved(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    content = {"idea": "Saved idea text", "result": {**REPLY, "overallScore": 12}, "sample": True}
    result_id = saved_result(
        engine, user_id, "Startup Viability Scanner", content, metadata={"runId": 987654}
    )
    s, toast = opened(ScannerState, f"{SCANNER}?result={result_id}", cookie)
    assert toast == ""
    assert (
        s.result.score == 12
        and s.idea == "Saved idea text"
        and s.result.sample
        and (s.reopened is not None and s.reopened.sample)
    )
    assert s._run_id is None and s.reopened is not None


def test_scanner_saved_result_of_another_tool_is_not_found(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    result_id = saved_result(engine, user_id, "Growth Engine", {"strategy": {"summary": "x"}})
    s, toast = opened(ScannerState, f"{SCANNER}?result={result_id}", cookie)
    assert NOT_FOUND in toast and s.result is None


def test_scanner_a_stored_result_it_cannot_read_is_not_found(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, {"overallScore": "high"})
    s, toast = opened(ScannerState, f"{SCANNER}?run={run_id}", cookie)
    assert NOT_FOUND in toast and s.result is None


def test_scanner_save_of_a_reopened_run_names_the_run(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    run_id = keep(engine, user_id, tools.SCANNER.key, {"idea": IDEA}, REPLY)
    s, _ = opened(ScannerState, f"{SCANNER}?run={run_id}", cookie)
    assert "Results saved" in js(asyncio.run(s.save()))
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
    assert row.result_metadata["runId"] == run_id
    assert row.result_metadata["categoryCount"] == 5 and "savedAt" in row.result_metadata
    assert json.dumps(row.content["data"]["result"]["overallScore"]) == "58"
