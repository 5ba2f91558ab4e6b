"""The Startup Oracle's two runs, each a spec: the prediction for the founder's details (the
general prediction when the reply is unreadable) and the generated content of one AI Generate
button. Their runs, the prediction's quality gate, and how a saved prediction reads as its
run."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import oracle as rules
from startup_toolkit.domain import oracle_content as content_rules
from startup_toolkit.domain import run_origin, workspace
from startup_toolkit.domain.catalog import STARTUP_ORACLE
from startup_toolkit.domain.prompts import oracle as prompt
from startup_toolkit.domain.reply_quality import Section, empty_sections
from startup_toolkit.domain.report_tools_other import oracle_content_doc, oracle_doc
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import saved_data, saved_inputs
from startup_toolkit.domain.tool_run import RunStatus, ToolRun
from startup_toolkit.domain.tools.spec import SavedRun, ToolSpec

PREDICTION_KEY = "oracle"
CONTENT_KEY = "oracle-content"
TOOL_NAME = STARTUP_ORACLE.name


@dataclass(frozen=True)
class ContentForm:
    """What a content button's run works on."""

    content: content_rules.ContentKind
    data: rules.StartupData


#: What a usable prediction needs (issue 28, item 5): its risks and next moves. A reply
#: without its Solution Roadmap lists is kept, the page saying what it left out.
SECTIONS: tuple[Section, ...] = tuple(
    Section(name, lambda r, name=name: getattr(r, name)) for name in ("risks", "moves")
)


def oracle_problems(result: rules.OracleResult) -> list[str]:
    """The gate: risks and next moves are both needed (the roadmap lists are not)."""
    empty = empty_sections(result, SECTIONS)
    if not empty:
        return []
    return [f"these required sections are empty or left at their default: {', '.join(empty)}"]


def prediction_run(
    data: rules.StartupData, idea_id: int | None = None
) -> ToolRun[rules.OracleResult]:
    """The prediction for `data`; a reply without risks or moves (after one repair) gives
    the general prediction; a partial one keeps what it got right, naming what it left out."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.SYSTEM,
        prompt=prompt.user_prompt(data),
        schema=rules.OracleResult,
        check=oracle_problems,
        finish=rules.with_missing,
        temperature=rules.ORACLE_TEMPERATURE,
        texts=rules.RUN_TEXTS,
        sample=rules.sample_result,
        demo_seconds=rules.DEMO_SECONDS,
        fallback=lambda status: rules.general_result() if status is RunStatus.UNREADABLE else None,
        keep=workspace.KeepRun(PREDICTION_KEY, workspace.as_json(data), data.businessIdea, idea_id),
    )


def content_run(form: ContentForm, idea_id: int | None = None) -> ToolRun[str]:
    """The text of one content button for the founder's details."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.CONTENT_SYSTEM,
        prompt=prompt.content_prompt(form.content, form.data),
        max_tokens=content_rules.CONTENT_MAX_TOKENS,
        finish=content_rules.clean_content,
        texts=content_rules.run_texts(form.content),
        sample=lambda: content_rules.sample_content(form.content, form.data.businessIdea),
        demo_seconds=rules.DEMO_SECONDS / 2,
        keep=workspace.KeepRun(
            CONTENT_KEY,
            {"content": form.content.kind, "data": workspace.as_json(form.data)},
            form.data.businessIdea,
            idea_id,
        ),
    )


#: How a saved prediction's `sample` kind reads ('' is the AI's prediction).
_SAVED_KINDS = {rules.DEMO_KIND: Origin.SAMPLE, rules.GENERAL_KIND: Origin.FALLBACK}


def headline(result: Any) -> str:
    """'72% success probability: High Success Potential' for an idea's timeline ('' for a
    result of another shape)."""
    if not isinstance(result, Mapping) or not {"probability", "successProbability"} & set(result):
        return ""
    try:
        probability = rules.OracleResult.model_validate(result).probability
    except ValueError:
        return ""
    return f"{probability}% success probability: {rules.band(probability)}"


def from_saved(content: Mapping[str, Any]) -> SavedRun | None:
    if (data := saved_data(content, "prediction")) is None:
        return None
    flag = data.get("sample")
    # The saved kind ('demo', 'general') tells demo mode from a stand-in in older rows too.
    legacy = _SAVED_KINDS.get(flag, Origin.BUILT_IN) if isinstance(flag, str) else Origin.BUILT_IN
    origin = run_origin.read(data.get(run_origin.ORIGIN_KEY), sample=bool(flag), legacy=legacy)
    inputs = saved_inputs(data)
    return SavedRun(PREDICTION_KEY, inputs, data["prediction"], bool(flag), origin.value)


def _example_data() -> rules.StartupData:
    return rules.StartupData(businessIdea="A marketplace that matches dog walkers with owners.")


PREDICTION: ToolSpec[rules.StartupData, rules.OracleResult] = ToolSpec(
    key=PREDICTION_KEY,
    label=f"{STARTUP_ORACLE.name}: prediction",
    timeline_label="Startup Oracle",
    stem="oracle-prediction",
    make_run=prediction_run,
    example=_example_data,
    page=STARTUP_ORACLE,
    report=oracle_doc,
    headline=headline,
    from_saved=from_saved,
    stand_in="general predictions",
    stand_in_badge="General predictions",
)

CONTENT: ToolSpec[ContentForm, str] = ToolSpec(
    key=CONTENT_KEY,
    label=f"{STARTUP_ORACLE.name}: generated content",
    timeline_label="Oracle Content",
    stem="oracle-content",
    make_run=content_run,
    example=lambda: ContentForm(content_rules.CONTENT_KINDS[0], _example_data()),
    page=STARTUP_ORACLE,
    report=oracle_content_doc,
)
