"""How a result was made (issue 28): the AI's answer, demo mode's sample or the tool's
stand-in after the AI reply could not be used, read from what kept runs and saved results
record (older rows from their flags), and the words every list and note uses for each."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from startup_toolkit.domain import run_origin as rules
from startup_toolkit.domain import tools
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.tool_run import RunStatus, ToolOutcome


@pytest.mark.parametrize(
    ("status", "origin"),
    [
        (RunStatus.AI, Origin.AI),
        (RunStatus.SAMPLE, Origin.SAMPLE),
        (RunStatus.UNREADABLE, Origin.FALLBACK),
        (RunStatus.FAILED, Origin.FALLBACK),
        (RunStatus.BUDGET, Origin.FALLBACK),
    ],
)
def test_a_runs_origin_follows_how_it_ended(status: RunStatus, origin: Origin) -> None:
    assert rules.from_status(status) is origin
    assert ToolOutcome(status).origin is origin


def test_kept_runs_read_their_origin_and_older_rows_their_flag() -> None:
    assert rules.of_run(SimpleNamespace(origin="fallback", sample=True)) is Origin.FALLBACK
    assert rules.of_run(SimpleNamespace(origin="ai", sample=False)) is Origin.AI
    # Before issue 28 only the answer and demo mode's sample were kept.
    assert rules.of_run(SimpleNamespace(sample=True)) is Origin.SAMPLE
    assert rules.of_run(SimpleNamespace(origin="", sample=False)) is Origin.AI
    assert rules.of_run(SimpleNamespace(origin="<b>x</b>", sample=True)) is Origin.SAMPLE


def test_saved_results_read_their_origin_from_content_then_metadata_then_flag() -> None:
    assert rules.of_saved({"origin": "sample"}, True) is Origin.SAMPLE
    assert rules.of_saved({}, True, metadata={"origin": "fallback"}) is Origin.FALLBACK
    assert rules.of_saved({}, True) is Origin.BUILT_IN  # older: which kind is not known
    assert rules.of_saved({}, False) is Origin.AI
    assert rules.of_saved({"origin": ["ai"]}, True, metadata="junk") is Origin.BUILT_IN


def test_the_words_for_each_origin() -> None:
    funding = tools.FUNDING.key
    assert tools.origin_note(funding, Origin.AI) == ""
    assert tools.origin_badge(funding, Origin.AI) == ""
    assert tools.origin_note(funding, Origin.SAMPLE) == " (a sample result, made in demo mode)"
    assert tools.origin_badge(funding, Origin.SAMPLE) == "Sample"
    assert tools.origin_badge(funding, Origin.FALLBACK) == "Estimate (AI reply unusable)"
    assert tools.origin_note(tools.GROWTH.key, Origin.FALLBACK) == (
        " (the built-in sample strategy, because the AI reply could not be used)"
    )
    assert tools.origin_badge(tools.ORACLE.key, Origin.BUILT_IN) == "General predictions (not AI)"
    assert tools.origin_badge("unknown", Origin.FALLBACK) == "Built-in result (AI reply unusable)"
    for origin in (Origin.FALLBACK, Origin.BUILT_IN):  # a stand-in is never called demo mode
        assert "demo" not in tools.origin_note(funding, origin)
