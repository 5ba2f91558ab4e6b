"""Reports (`domain.report.Report`) from what a founder keeps: a kept run of any tool, a
saved result, and an idea's timeline across tools. What the Markdown and PDF exports write
and the share page shows. A stored result that no longer fits its tool's model gives a
generic report of its fields: these builders never raise. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol

from startup_toolkit.domain import run_origin, scanner, tools
from startup_toolkit.domain.report import Report, ScoreChart, Section, Table
from startup_toolkit.domain.report_text import (
    date_text,
    line,
    millis,
    short_date,
    text,
    text_sections,
)
from startup_toolkit.domain.report_tools_base import ToolDoc
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import slugify
from startup_toolkit.domain.tools.spec import SAMPLE_BASIS

AI_BASIS = "AI"
ESTIMATE_BASIS = tools.FUNDING.sample_basis
GENERIC_NOTE = "This result was stored in an older format; its fields are shown as they were kept."
MAX_GENERIC_LINES = 200
MAX_TIMELINE_ROWS = 300
CHART_RUNS = 4


class RunLike(Protocol):
    """What a report needs of a kept run (`models.workspace.ToolRunRecord`; its `origin`,
    when it has one, says how the result was made: `domain/run_origin.of_run`)."""

    tool: str
    input: Any
    result: Any
    created_at: datetime
    sample: bool
    model: str


def tool_label(tool: str) -> str:
    """How a report names `tool`."""
    spec = tools.spec(tool)
    return spec.label if spec is not None else line(tool, 60) or "Tool"


def _stem(tool: str, fallback: str = "result") -> str:
    spec = tools.spec(tool)
    return spec.stem if spec is not None else fallback


def file_stem(stem: str, at: datetime) -> str:
    """'{stem}-{milliseconds}': the spec's download names without the extension."""
    return f"{stem}-{millis(at)}"


# --- Generic report of a result's fields ------------------------------------------------------


def _label(key: Any) -> str:
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", str(key)).replace("_", " ").strip()
    return line(words[:1].upper() + words[1:].lower(), 80) or "Value"


def _flat(value: Any, prefix: str = "") -> list[str]:
    """'Label: value' lines of a JSON value, nested labels joined by ' / '."""
    if isinstance(value, Mapping):
        found: list[str] = []
        for key, item in value.items():
            found += _flat(item, f"{prefix} / {_label(key)}" if prefix else _label(key))
            if len(found) >= MAX_GENERIC_LINES:
                break
        return found[:MAX_GENERIC_LINES]
    if isinstance(value, list):
        found = []
        for item in value[:MAX_GENERIC_LINES]:
            found += _flat(item, prefix)
        return found[:MAX_GENERIC_LINES]
    plain = line(value)
    if not plain:
        return []
    return [f"{prefix}: {plain}" if prefix else plain]


def generic_sections(value: Any) -> tuple[Section, ...]:
    """A result's fields as they are: texts as sections, a list's items and an object's
    fields as bullets under its keys."""
    if isinstance(value, str):
        return text_sections(value)
    if not isinstance(value, Mapping):
        bullets = tuple(_flat(value))
        return (Section("Result", bullets=bullets),) if bullets else ()
    details: list[str] = []
    sections: list[Section] = []
    for key, item in value.items():
        if isinstance(item, Mapping | list):
            bullets = tuple(_flat(item))
            if bullets:
                sections.append(Section(_label(key), bullets=bullets))
        elif len(text(item)) > 200:
            sections.append(Section(_label(key), paragraphs=(text(item),)))
        elif line(item):
            details.append(f"{_label(key)}: {line(item)}")
    head = [Section("Details", paragraphs=tuple(details))] if details else []
    return tuple(head + sections)[:60]


def _generic_doc(tool: str, result: Any) -> ToolDoc:
    label = tool_label(tool)
    return ToolDoc(
        title=f"{label} result",
        sections=(
            Section("About this report", paragraphs=(GENERIC_NOTE,)),
            *generic_sections(result),
        ),
        stem=_stem(tool),
        headline=f"{label} result",
    )


def tool_doc(tool: str, inputs: Any, result: Any) -> ToolDoc:
    """The tool's own document of a result, or the generic one when the stored JSON does not
    fit its model (any more)."""
    spec = tools.spec(tool)
    if spec is not None and spec.report is not None:
        try:
            doc = spec.report(inputs if isinstance(inputs, Mapping) else {}, result)
        except Exception:  # stored JSON can be anything: never let it break an export
            return _generic_doc(tool, result)
        return doc if doc.stem else replace(doc, stem=spec.stem)
    return _generic_doc(tool, result)


def run_headline(run: RunLike) -> str:
    """One line for an idea's timeline, e.g. 'Viability 72/100 (Potentially Viable)'."""
    return tool_doc(run.tool, run.input, run.result).headline


def _basis(tool: str, origin: Origin) -> str:
    """What a result rests on: the AI, demo mode's sample, or (issue 28) the tool's stand-in
    after the AI reply could not be used."""
    if origin is Origin.AI:
        return AI_BASIS
    if origin is Origin.SAMPLE:
        spec = tools.spec(tool)
        return spec.sample_basis if spec is not None else SAMPLE_BASIS
    return tools.origin_badge(tool, origin)


def _with_basis(headline: str, run: RunLike) -> str:
    """A timeline row's result, with what it rests on when it is not the AI's answer."""
    badge = tools.origin_badge(run.tool, run_origin.of_run(run))
    return f"{headline} · {badge}" if badge else headline


# --- A kept run -------------------------------------------------------------------------------


def report_from_run(run: RunLike) -> Report:
    """The report of one kept run: the tool's document under its facts (tool, date, basis,
    model)."""
    doc = tool_doc(run.tool, run.input, run.result)
    origin = run_origin.of_run(run)
    facts = [
        ("Tool", tool_label(run.tool)),
        ("Date", date_text(run.created_at)),
        ("Basis", _basis(run.tool, origin)),
    ]
    if line(run.model) and origin is Origin.AI:
        facts.append(("Model", line(run.model, 200)))
    return Report(
        title=doc.title,
        file_stem=file_stem(doc.stem, run.created_at),
        subtitle=doc.headline,
        facts=tuple(facts),
        sections=doc.sections,
    )


# --- A saved result ---------------------------------------------------------------------------


def _saved_doc(tool_name: str, content: Any) -> tuple[ToolDoc, str, Origin | None]:
    """The saved content's document, the tool key it came from ('' when unknown) and, when
    it reads as its tool's run, how that was made."""
    if isinstance(content, Mapping) and "rawContent" in content:
        doc = ToolDoc("", text_sections(content.get("rawContent")), "", "")
        return doc, "", None
    spec = tools.saved_spec(tool_name)
    if spec is not None and isinstance(content, Mapping):
        try:
            if spec.saved_report is not None:
                return spec.saved_report(content), spec.key, None
            found = tools.from_saved(tool_name, content)
            owner = tools.spec(found.key) if found is not None else None
            if found is not None and owner is not None and owner.report is not None:
                doc = owner.report(found.inputs, found.result)
                return doc, owner.key, tools.saved_origin(found)
        except Exception:  # an older or hand-made row: the generic report below
            pass
    data = content.get("data") if isinstance(content, Mapping) else content
    note = (Section("About this report", paragraphs=(GENERIC_NOTE,)),) if spec else ()
    return ToolDoc("", (*note, *generic_sections(data)), "", ""), "", None


def _saved_basis(
    content: Any, metadata: Mapping[str, Any], tool: str, origin: Origin | None
) -> str:
    """What a saved result rests on ('' for the AI's answer): by its tool's reading of it,
    else by the flags it was saved with."""
    data = content.get("data") if isinstance(content, Mapping) else None
    data = data if isinstance(data, Mapping) else {}
    if origin in (Origin.AI, Origin.SAMPLE, Origin.FALLBACK):
        return "" if origin is Origin.AI else _basis(tool, origin)
    if data.get("estimated") is True or metadata.get("basis") == "estimate":
        return ESTIMATE_BASIS
    flags = (data.get("sample"), metadata.get("sample"))
    if any(flag is True or (isinstance(flag, str) and flag) for flag in flags):
        return SAMPLE_BASIS
    return SAMPLE_BASIS if metadata.get("basis") == "sample" else ""


def report_from_saved(
    tool_name: Any, title: Any, content: Any, metadata: Any, created_at: datetime
) -> Report:
    """The report of a saved result (`models.results.SavedResult`'s fields): the tool's own
    document when its content is one the tool saves, else its text, chat or fields."""
    tool_text = line(tool_name, 100)
    meta = metadata if isinstance(metadata, Mapping) else {}
    doc, tool, origin = _saved_doc(tool_text, content)
    name = line(title, 300) or doc.title or f"{tool_text or 'Saved'} result"
    facts = [("Tool", tool_text or "Unknown"), ("Saved", date_text(created_at))]
    basis = _saved_basis(content, meta, tool, origin)
    if basis:
        facts.append(("Basis", basis))
    summary = line(meta.get("summary"), 200)
    stem = _stem(tool, "") or slugify(name)
    return Report(
        title=name,
        file_stem=file_stem(stem, created_at),
        subtitle=doc.headline or summary,
        facts=tuple(facts),
        sections=doc.sections,
    )


def report_from_saved_run(title: Any, run: RunLike, saved_at: datetime) -> Report:
    """A saved result whose metadata names its kept run: the run's report under the saved
    title."""
    report = report_from_run(run)
    return Report(
        title=line(title, 300) or report.title,
        file_stem=report.file_stem,
        subtitle=report.subtitle,
        facts=(*report.facts, ("Saved", date_text(saved_at))),
        sections=report.sections,
    )


# --- An idea's timeline -----------------------------------------------------------------------


def _scan_chart(runs: Sequence[RunLike]) -> ScoreChart | None:
    """The latest scans' overall and category scores, oldest first, one series per scan."""
    scans: list[tuple[str, scanner.ScanResult]] = []
    for run in runs:
        if run.tool != tools.SCANNER.key:
            continue
        try:
            scans.append(
                (short_date(run.created_at), scanner.ScanResult.model_validate(run.result))
            )
        except Exception:  # an unreadable scan is left out of the chart
            continue
        if len(scans) == CHART_RUNS:
            break
    if not scans:
        return None
    scans.reverse()
    names = [c.category for c in scans[-1][1].categories]
    groups = [("Overall", tuple(s.overallScore for _, s in scans))]
    for name in names:
        scores = tuple(
            next((c.score for c in s.categories if c.category == name), 0) for _, s in scans
        )
        groups.append((name, scores))
    return ScoreChart(tuple(label for label, _ in scans), tuple(groups))


def idea_report(title: Any, description: Any, runs: Sequence[RunLike], at: datetime) -> Report:
    """An idea's timeline: its description, the latest scans' scores as a chart, then every
    run (newest first, as given) with its tool, date and headline."""
    name = line(title, 120) or "Untitled idea"
    shown = runs[:MAX_TIMELINE_ROWS]
    rows = tuple(
        (date_text(r.created_at), tool_label(r.tool), _with_basis(run_headline(r), r))
        for r in shown
    )
    more = len(runs) - len(shown)
    sections: list[Section] = []
    if text(description):
        sections.append(Section("Idea", paragraphs=(text(description, 5000),)))
    chart = _scan_chart(runs)
    if chart is not None:
        sections.append(Section("Viability scores over time", chart=chart))
    note = f"{more} older runs are not listed." if more > 0 else "" if rows else "No runs yet."
    sections.append(
        Section(
            "Timeline",
            paragraphs=(note,) if note else (),
            table=Table(("Date", "Tool", "Result"), rows) if rows else None,
        )
    )
    count = len(runs)
    return Report(
        title=name,
        file_stem=file_stem(f"idea-{slugify(name, 'idea')}", at),
        subtitle=f"Idea timeline: {count} run{'' if count == 1 else 's'}",
        facts=(("Exported", date_text(at)),),
        sections=tuple(sections),
    )


__all__ = [
    "RunLike",
    "file_stem",
    "generic_sections",
    "idea_report",
    "report_from_run",
    "report_from_saved",
    "report_from_saved_run",
    "run_headline",
    "tool_doc",
    "tool_label",
]
