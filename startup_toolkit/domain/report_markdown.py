"""A `Report` as a Markdown file. Every text is the model's or a founder's, so it is written
as plain text: Markdown's own characters are escaped (no link, image or HTML can come from
it), `|` is escaped in tables, and a source is a link only when its address is http(s).
Pure: no I/O."""

from __future__ import annotations

import re
from urllib.parse import quote

from startup_toolkit.domain.report import Link, Report, ScoreChart, Section, Table
from startup_toolkit.domain.report_text import is_http

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")
_LINE_START = re.compile(r"^(\s*)(\d+)([.)])", re.MULTILINE)
_LEADING_MARK = re.compile(r"^(\s*)([-=+#])", re.MULTILINE)


def escape(value: str) -> str:
    """Plain text that Markdown shows as it is."""
    escaped = _SPECIAL.sub(r"\\\1", value)
    escaped = _LINE_START.sub(r"\1\2\\\3", escaped)
    return _LEADING_MARK.sub(r"\1\\\2", escaped)


def _one_line(value: str) -> str:
    return " ".join(value.split())


def _paragraph(value: str) -> str:
    """A paragraph; its own line breaks kept as hard breaks."""
    lines = [escape(part.rstrip()) for part in value.split("\n")]
    return "  \n".join(part if part.strip() else "" for part in lines).strip()


def _cell(value: str) -> str:
    return escape(_one_line(value)) or " "


def _table(table: Table) -> list[str]:
    width = len(table.headers)
    rows = [
        "| " + " | ".join(_cell(h) for h in table.headers) + " |",
        "|" + "|".join(" --- " for _ in range(width)) + "|",
    ]
    for row in table.rows:
        cells = [*row, *([""] * (width - len(row)))][:width]
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return rows


def chart_table(chart: ScoreChart) -> Table:
    """The chart's scores as a table: one row per group, one column per series."""
    return Table(
        ("Category", *chart.series),
        tuple((label, *(f"{s}/100" for s in scores)) for label, scores in chart.groups),
    )


def link(item: Link) -> str:
    title = escape(_one_line(item.title)) or escape(item.url)
    if not is_http(item.url):
        return title
    address = quote(item.url.strip(), safe=":/?#@!$&'*+,;=%-._~")
    return f"[{title}]({address})"


def _section(section: Section) -> list[str]:
    out: list[str] = []
    if section.heading.strip():
        out += [f"## {escape(_one_line(section.heading))}", ""]
    for paragraph in section.paragraphs:
        if paragraph.strip():
            out += [_paragraph(paragraph), ""]
    if section.bullets:
        out += [f"- {escape(_one_line(b))}" for b in section.bullets] + [""]
    if section.chart is not None and section.chart.groups:
        out += [*_table(chart_table(section.chart)), ""]
    if section.table is not None:
        out += [*_table(section.table), ""]
    if section.sources:
        out += ["Sources:", ""] + [f"- {link(s)}" for s in section.sources] + [""]
    return out


def to_markdown(report: Report) -> str:
    """The report as a Markdown document."""
    out = [f"# {escape(_one_line(report.title))}", ""]
    if report.subtitle.strip():
        out += [f"**{escape(_one_line(report.subtitle))}**", ""]
    if report.facts:
        out += [
            f"- **{escape(label)}:** {escape(_one_line(value))}" for label, value in report.facts
        ]
        out.append("")
    for section in report.sections:
        out += _section(section)
    return "\n".join(out).rstrip() + "\n"
