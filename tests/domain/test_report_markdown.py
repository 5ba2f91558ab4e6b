"""A report as Markdown (issue 14, exports): headings, facts, paragraphs, bullets, tables with
`|` escaped, the score chart as a table, sources as links only for http(s); the model's text
can never add a link, an image or HTML of its own."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

from startup_toolkit.domain import tools
from startup_toolkit.domain.report import Link, Report, ScoreChart, Section, Table
from startup_toolkit.domain.report_builders import report_from_run
from startup_toolkit.domain.report_markdown import escape, to_markdown
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.domain.workspace import as_json

REPORT = Report(
    title="Viability Analysis - Score: 72/100",
    file_stem="viability-analysis-1",
    subtitle="Viability 72/100 (Potentially Viable)",
    facts=(("Tool", "Startup Viability Scanner"), ("Date", "2024-11-25 01:00 UTC")),
    sections=(
        Section("Verdict", paragraphs=("Promising — but crowded…", "Line one\nLine two")),
        Section(
            "Scores",
            chart=ScoreChart(
                ("Run 1", "Run 2"), (("Overall", (55, 72)), ("Founder Fit", (60, 80)))
            ),
        ),
        Section(
            "Competitors",
            table=Table(("Name", "Weakness"), (("A|B Corp", "Slow | costly"), ("C", ""))),
        ),
        Section("Action steps", bullets=("Talk to 10 buyers", "1. Already numbered")),
        Section(
            "Market",
            sources=(
                Link("Statista 2024", "https://example.com/report(v2)"),
                Link("Evil", "javascript:alert(1)"),
                Link("Publisher, 2023"),
            ),
        ),
    ),
)


def test_the_document_has_its_title_facts_sections_bullets_and_tables() -> None:
    md = to_markdown(REPORT)
    assert md.startswith(
        "# Viability Analysis - Score: 72/100\n\n**Viability 72/100 (Potentially Viable)**"
    )
    assert "- **Tool:** Startup Viability Scanner" in md
    assert "## Verdict\n\nPromising — but crowded…\n\nLine one  \nLine two\n" in md
    assert "- Talk to 10 buyers\n- 1\\. Already numbered\n" in md


def test_the_chart_is_a_table_of_scores_per_series() -> None:
    md = to_markdown(REPORT)
    assert "| Category | Run 1 | Run 2 |\n| --- | --- | --- |\n| Overall | 55/100 | 72/100 |" in md
    assert "| Founder Fit | 60/100 | 80/100 |" in md


def test_pipes_in_table_cells_are_escaped_and_empty_cells_kept() -> None:
    md = to_markdown(REPORT)
    assert "| A\\|B Corp | Slow \\| costly |" in md
    assert "| C |   |" in md


def test_only_http_sources_are_links() -> None:
    md = to_markdown(REPORT)
    assert "- [Statista 2024](https://example.com/report%28v2%29)" in md
    assert "- Evil\n" in md and "javascript" not in md
    assert "- Publisher, 2023" in md


def test_model_text_cannot_make_links_images_or_html() -> None:
    scan = as_json(SAMPLE_SCAN)
    scan["overallAssessment"] = (
        "![x](https://tracker.example/p.png) [click](javascript:alert(1)) <script>bad()</script>"
    )
    scan["actionSteps"] = ["# Not a heading", "**bold** _it_"]
    run = SimpleNamespace(
        tool=tools.SCANNER.key,
        input={"idea": "Socks"},
        result=scan,
        created_at=datetime(2024, 11, 25, tzinfo=UTC),
        sample=False,
        model="m",
    )
    md = to_markdown(report_from_run(run))
    assert "!\\[x\\](https://tracker.example/p.png)" in md
    assert "\\[click\\](javascript:alert(1))" in md
    assert "\\<script\\>" in md and "<script>" not in md
    assert "- \\# Not a heading" in md
    assert "- \\*\\*bold\\*\\* \\_it\\_" in md


def test_escape_keeps_plain_text_readable() -> None:
    assert escape("Revenue grew 12% (Q3), $4.2B market.") == "Revenue grew 12% (Q3), $4.2B market."
    assert escape("- dash\n+ plus\n2) two") == "\\- dash\n\\+ plus\n2\\) two"
