"""Issue 29: a founder whose AI run a stopped server interrupted is told so, once, when a
tool page's allowance bar mounts (`ToolPageState.load_allowance`): not charged, with a Retry
button opening the tool (`?retry=<lease id>`) with their inputs back in the form, ready to
run again; another founder's, an unknown or a used id: the empty form and a clear toast.
Through Reflex's real event processor (the notice) and the pages' on_load, on a real
database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import reopen as rules
from startup_toolkit.domain import tools
from startup_toolkit.domain.tools.scanner import scan_run
from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.pages.cofounder.state import CofounderState
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.pages.growth.state import GrowthState
from startup_toolkit.pages.incubator.state import IncubatorState
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import run_leases
from startup_toolkit.state.tools import ToolPageState
from tests.support.founders import signed_in
from tests.support.kept import interrupted_run
from tests.support.tool_states import Recorder, Tab, in_processor, opened

ROUTE = "/startup-viability-scanner"
IDEA = "A marketplace that pairs retired engineers with hardware startups"


async def mount_allowance_bar(tab: Tab) -> None:
    event = Event(name=f"{ToolPageState.get_full_name()}.load_allowance", payload={})
    await asyncio.wait_for(await tab.processor.enqueue(tab.token, event), timeout=10)


def interrupted(engine: Engine, user_id: str, keep: KeepRun | None, name: str = "") -> int:
    """A run of `user_id` whose worker stopped: its lease's id."""
    with Session(engine) as session:
        return interrupted_run(session, user_id, keep, name or "Viability Scanner")


def test_an_interrupted_run_is_told_once_with_retry(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    lease = interrupted(engine, user_id, scan_run(IDEA).keep)

    async def run(tab: Tab, recorder: Recorder) -> list[str]:
        await tab.prepare(cookie)
        await mount_allowance_bar(tab)
        first = recorder.toasts()
        await mount_allowance_bar(tab)
        assert recorder.toasts() == first  # told once
        return first

    (toast,) = in_processor(ScannerState, ROUTE, run)
    assert run_leases.INTERRUPTED_TITLE in toast
    assert "Your Viability Scanner run was interrupted" in toast
    # The button says Retry: the text does not ask for it again beside it.
    assert "Nothing was charged" in toast and "run it again" not in toast.lower()
    # The Retry button opens the Scanner at the run's lease, to put the idea back.
    assert '["label"] : "Retry"' in toast
    assert f'path:"{ROUTE}?retry={lease}"' in toast


def test_a_run_that_cannot_be_run_again_is_told_without_a_retry_button(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    interrupted(engine, user_id, None)

    async def run(tab: Tab, recorder: Recorder) -> list[str]:
        await tab.prepare(cookie)
        await mount_allowance_bar(tab)
        return recorder.toasts()

    (toast,) = in_processor(ScannerState, ROUTE, run)
    assert "Your Viability Scanner run was interrupted" in toast and '["action"]' not in toast
    assert run_leases.RUN_AGAIN.strip() in toast


def test_a_founder_without_interrupted_runs_is_told_nothing(
    engine: Engine, founder: tuple[str, str]
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> list[str]:
        await tab.prepare(cookie)
        await mount_allowance_bar(tab)
        return recorder.toasts()

    assert in_processor(ScannerState, ROUTE, run) == []


# --- Retry (`?retry=<lease id>` on the tool's page) -----------------------------------------


def test_retry_puts_the_founders_idea_back_in_the_scanner_once(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    lease = interrupted(engine, user_id, scan_run(IDEA).keep)
    s, toast = opened(ScannerState, f"{ROUTE}?retry={lease}", cookie)
    assert rules.RETRY_READY in toast and "Nothing was charged" in toast
    assert s.idea == IDEA and s.result is None and s.reopened is None  # ready to scan again
    # Used: the address again is the empty form and a clear toast, not an error.
    s, toast = opened(ScannerState, f"{ROUTE}?retry={lease}", cookie)
    assert rules.RETRY_NOT_FOUND in toast and s.idea == "" and s.result is None


@pytest.mark.parametrize("raw", ["999999", "abc", "-1", "1" * 40])
def test_retry_of_an_unknown_or_bad_id_is_the_empty_form(
    founder: tuple[str, str], raw: str
) -> None:
    _, cookie = founder
    s, toast = opened(ScannerState, f"{ROUTE}?retry={raw}", cookie)
    assert rules.RETRY_NOT_FOUND in toast and s.idea == "" and s.result is None


def test_retry_of_another_founders_run_restores_nothing_and_leaves_it_theirs(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    lease = interrupted(engine, user_id, scan_run(IDEA).keep)
    _, bob = signed_in(engine, "bob@example.com")
    s, toast = opened(ScannerState, f"{ROUTE}?retry={lease}", bob)
    assert rules.RETRY_NOT_FOUND in toast and s.idea == "" and IDEA not in toast
    s, _ = opened(ScannerState, f"{ROUTE}?retry={lease}", cookie)
    assert s.idea == IDEA  # still the owner's to retry


def _shown(key: str, s: Any, inputs: dict[str, Any]) -> bool:
    """The form of tool `key`'s page `s` holds the run's `inputs`."""
    data = inputs.get("data", inputs)
    return {
        tools.SCANNER.key: lambda: s.idea == inputs["idea"],
        tools.INCUBATOR.key: lambda: s.idea == inputs["idea"] and s.analysis is None,
        # A stress test's retry: the idea and the analysis it tests, to test it again.
        tools.STRESS_TEST.key: lambda: s.idea == inputs["idea"] and s.analysis is not None,
        tools.FUNDING.key: lambda: (s.form["revenue"], s.form["stage"]) == ("50000", "seed"),
        tools.GROWTH.key: lambda: (s.product, s.audience) == (data["product"], data["audience"]),
        tools.ORACLE.key: lambda: s.form["businessIdea"] == data["businessIdea"],
        tools.ORACLE_CONTENT.key: lambda: s.form["businessIdea"] == data["businessIdea"],
        # A Co-Founder reply's retry: the founder's message back in the input, to send again.
        tools.COFOUNDER.key: lambda: s.draft == inputs["message"] and s.tab == "chat",
    }[key]()


#: Every tool page that reruns an interrupted run, by the run's tool.
PAGES: dict[str, type] = {
    tools.SCANNER.key: ScannerState,
    tools.INCUBATOR.key: IncubatorState,
    tools.STRESS_TEST.key: IncubatorState,
    tools.FUNDING.key: FundingState,
    tools.GROWTH.key: GrowthState,
    tools.ORACLE.key: OracleState,
    tools.ORACLE_CONTENT.key: OracleState,
    tools.COFOUNDER.key: CofounderState,
}


@pytest.mark.parametrize("key", sorted(PAGES))
def test_every_tool_page_puts_an_interrupted_runs_inputs_back(
    engine: Engine, founder: tuple[str, str], key: str
) -> None:
    spec = tools.BY_KEY[key]
    keep = spec.example_run().again
    assert keep is not None and spec.route
    user_id, cookie = founder
    lease = interrupted(engine, user_id, keep, spec.label)
    with Session(engine) as session:
        (told,) = run_leases.take_interrupted(session, user_id)
        session.commit()
    assert told.retry_path == f"{spec.route}?retry={lease}"
    s, toast = opened(PAGES[key], told.retry_path, cookie)
    assert rules.RETRY_READY in toast, toast
    assert _shown(key, s, dict(keep.inputs))


def test_every_tool_page_that_reruns_runs_is_covered() -> None:
    reruns = {t.key for t in tools.TOOLS if t.route and t.example_run().again is not None}
    assert reruns == set(PAGES)
