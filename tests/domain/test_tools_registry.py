"""The tool registry (issue 25, item 1): one spec per AI tool, complete, and every per-tool map
derived from it."""

from __future__ import annotations

import dataclasses

import pytest

from startup_toolkit.domain import tools
from startup_toolkit.domain.catalog import POPULAR_TOOLS
from startup_toolkit.domain.report_builders import tool_doc, tool_label
from startup_toolkit.domain.tool_run import ToolRun
from startup_toolkit.domain.workspace import as_json


def test_every_spec_is_complete() -> None:
    assert {t.key: t.missing() for t in tools.TOOLS} == {t.key: [] for t in tools.TOOLS}


def test_keys_are_unique_and_name_their_kept_runs() -> None:
    keys = [t.key for t in tools.TOOLS]
    assert len(keys) == len(set(keys))
    for spec in tools.TOOLS:
        run = spec.example_run()
        assert isinstance(run, ToolRun)
        if run.keep is not None:
            assert run.keep.tool == spec.key


@pytest.mark.parametrize(
    ("change", "lacks"),
    [
        ({"label": " "}, "label"),
        ({"stem": ""}, "stem"),
        ({"report": None}, "report"),
        ({"page": None}, "page"),
    ],
)
def test_a_spec_that_lacks_a_part_says_which(change: dict[str, object], lacks: str) -> None:
    broken = dataclasses.replace(tools.SCANNER, **change)
    assert lacks in broken.missing()


def test_a_kept_json_tool_without_its_quality_gate_is_incomplete() -> None:
    def unchecked(form: object, idea_id: int | None) -> ToolRun[object]:
        return dataclasses.replace(tools.FUNDING.make_run(form, idea_id), check=None)

    assert "check" in dataclasses.replace(tools.FUNDING, make_run=unchecked).missing()


def test_every_catalogue_tool_page_reopens_what_it_saves() -> None:
    for tool in POPULAR_TOOLS:
        spec = tools.saved_spec(tool.name)
        assert spec is not None and spec.route == tool.path
        assert tools.result_path(tool.name, 3) == f"{tool.path}?result=3"
    assert tools.result_path("Startup Arena", 3) == ""


def test_every_kept_tool_has_a_report_named_by_its_label_and_stem() -> None:
    for spec in tools.TOOLS:
        run = spec.example_run()
        if run.keep is None:  # the chat is kept as a conversation when saved (below)
            continue
        sample = as_json(run.sample())
        doc = tool_doc(spec.key, as_json(spec.example()), sample)
        assert doc.stem, spec.key
        assert tool_label(spec.key) == spec.label
        assert "About this report" not in [s.heading for s in doc.sections], spec.key


def test_a_kept_conversation_reports_as_a_chat() -> None:
    chat = {
        "messages": [{"role": "user", "content": "Price?"}, {"role": "assistant", "content": "$9"}]
    }
    doc = tool_doc(tools.COFOUNDER.key, {}, chat)
    assert doc.stem == tools.COFOUNDER.stem
    assert "About this report" not in [s.heading for s in doc.sections]


def test_the_cofounder_summary_reads_each_tool_from_its_spec_in_one_order() -> None:
    """The summary's risks and next steps come from the first tool by rank that has some: two
    tools that give the same list may not share a rank, or the order would be the registry's."""
    readings = [t.summary for t in tools.TOOLS if t.summary is not None]
    for kind in ("risks", "steps"):
        ranks = [getattr(r, f"{kind}_rank") for r in readings if getattr(r, kind) is not None]
        assert len(ranks) == len(set(ranks)), kind
    assert tools.COFOUNDER.summary is None  # a chat is not a result the chat reads back
