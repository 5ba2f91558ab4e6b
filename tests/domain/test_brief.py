"""The founder's brief without I/O (issue 30): its parts are registry tools run as their own
tools run, its input with assumed defaults, the brief composed from the parts (any missing),
one Sources list deduplicated across parts with citations renumbered, an executive summary
with no figure the parts lack, its report (Markdown, PDF) and what it may cost."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

from startup_toolkit.domain import allowance, brief, research, tools
from startup_toolkit.domain import brief_input as inputs
from startup_toolkit.domain.brief import BRIEF_PARTS, PartResult, compose, read_part
from startup_toolkit.domain.brief_budget import budget_note
from startup_toolkit.domain.brief_input import BriefInput, read_input
from startup_toolkit.domain.brief_report import brief_report
from startup_toolkit.domain.report_markdown import to_markdown
from startup_toolkit.domain.research import Evidence, Page, collect_sources, with_evidence
from startup_toolkit.domain.workspace import as_json
from startup_toolkit.providers.pdf_report import to_pdf
from tests.support.ai_server import WebPage
from tests.support.brief import FUNDING_PAGES, GROWTH_PAGES, IDEA, MARKET_PAGES, REPLIES

AT = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DATA = BriefInput(IDEA, stage="seed", revenue=12_000, users=340, growth=8.5, budget=500)
PAGES: dict[str, list[WebPage]] = {
    "scanner": MARKET_PAGES,
    "incubator": MARKET_PAGES,
    "funding": FUNDING_PAGES,
    "growth": GROWTH_PAGES,
}


def researched(pages: Sequence[WebPage]) -> Evidence:
    read = collect_sources([Page(p.title, p.url, p.content) for p in pages], AT.isoformat())
    return Evidence(research=research.DONE, sources=read)


def part(key: str, *, evidence: bool = True, data: BriefInput = DATA) -> PartResult:
    """The part as the AI answered it (with the pages its research read) and the tool
    finished it (`run_tool`: the Scanner's overall, the Growth Engine's amounts)."""
    spec = brief.BY_KEY[key]
    run = spec.run(data, None)
    result = spec.model.model_validate(REPLIES[key])
    if evidence:
        result = with_evidence(result, researched(PAGES[key]))
    if run.finish is not None:
        result = run.finish(result)
    found = read_part(key, run.keep.inputs, as_json(result), at=AT, run_id=10)
    assert found is not None
    return found


def all_parts(**changes: Any) -> dict[str, PartResult]:
    return {key: part(key, **changes) for key in brief.PART_KEYS}


# --- The parts are registry tools --------------------------------------------------------------


def test_the_parts_are_the_registry_tools_in_order() -> None:
    assert [p.spec for p in BRIEF_PARTS] == [
        tools.SCANNER,
        tools.INCUBATOR,
        tools.FUNDING,
        tools.GROWTH,
    ]
    for p in BRIEF_PARTS:
        assert p.spec in tools.TOOLS and p.key == p.spec.key
        assert p.label == p.spec.timeline_label and p.spec.route


def test_each_part_runs_as_its_tool_runs_kept_on_the_idea() -> None:
    for p in BRIEF_PARTS:
        run = p.run(DATA, 42)
        same = p.spec.make_run(p.form(DATA), 42)
        assert (run.tool, run.system, run.prompt, run.schema) == (
            same.tool,
            same.system,
            same.prompt,
            same.schema,
        )
        assert run.keep is not None and run.keep.tool == p.key and run.keep.idea_id == 42
        assert run.research  # every part researches before it answers
        assert IDEA in run.prompt


def test_the_funding_and_growth_parts_get_the_founders_numbers() -> None:
    funding_run = brief.BY_KEY["funding"].run(DATA, None)
    assert funding_run.keep.inputs == {
        "revenue": 12_000,
        "expenses": inputs.ASSUMED_EXPENSES,
        "growth_rate": 8.5,
        "customers": 340,
        "team_size": inputs.ASSUMED_TEAM,
        "market_size": inputs.ASSUMED_MARKET,
        "stage": "seed",
        "pitch": IDEA,
    }
    growth_run = brief.BY_KEY["growth"].run(DATA, None)
    assert growth_run.keep.inputs == {
        "product": IDEA,
        "audience": inputs.DEFAULT_AUDIENCE,
        "budget": 500,
    }


# --- Input ---------------------------------------------------------------------------------------


def test_an_empty_number_takes_its_default() -> None:
    data, errors = read_input(f"  {IDEA}  ", {"revenue": "", "budget": " "})
    assert errors == {} and data == BriefInput(IDEA)
    assert (data.stage, data.revenue, data.users, data.growth, data.budget) == (
        "pre-seed",
        0,
        0,
        0.0,
        200.0,
    )


def test_typed_numbers_are_read_like_the_tools_read_them() -> None:
    typed = {"stage": "seed", "revenue": "$12k", "users": "340", "growth": "8.5%", "budget": "1.5k"}
    data, errors = read_input(IDEA, {**typed, "audience": "Clinic owners"})
    assert errors == {}
    assert data == BriefInput(IDEA, "seed", 12_000, 340, 8.5, 1500.0, "Clinic owners")


@pytest.mark.parametrize(
    ("idea", "values", "field", "message"),
    [
        ("", {}, "idea", inputs.EMPTY_IDEA),
        ("Too short", {}, "idea", inputs.SHORT_IDEA),
        ("x" * (inputs.MAX_IDEA + 1), {}, "idea", inputs.LONG_IDEA),
        (IDEA, {"stage": "series-z"}, "stage", inputs.BAD_STAGE),
        (IDEA, {"revenue": "lots"}, "revenue", "Monthly revenue (USD) must be a number."),
        (IDEA, {"growth": "5000"}, "growth", "Monthly growth (%) must be between -100 and 1,000."),
        (IDEA, {"budget": "-1"}, "budget", "Monthly marketing budget (USD) must be between"),
        (IDEA, {"audience": "a" * 1001}, "audience", "Please keep the audience"),
    ],
)
def test_wrong_input_says_which_field(
    idea: str, values: dict[str, str], field: str, message: str
) -> None:
    data, errors = read_input(idea, values)
    assert data is None and errors[field].startswith(message)


def test_defaults_are_shown_as_assumptions_and_the_founders_numbers_are_not() -> None:
    defaults = compose("Clinics", all_parts(data=BriefInput(IDEA))).assumptions
    assert all(a.assumed for a in defaults)
    given = {a.label: a for a in compose("Clinics", all_parts()).assumptions}
    assert (given["Monthly revenue (USD)"].value, given["Monthly revenue (USD)"].assumed) == (
        "$12,000",
        False,
    )
    assert not given["Funding stage"].assumed and given["Funding stage"].value == "Seed"
    assert not given["Monthly marketing budget (USD)"].assumed
    assert given["Target audience"].assumed  # left empty: the default
    # never asked: always assumptions
    assert given["Team size"].assumed and given["Market size (USD)"].assumed
    assert given["Monthly expenses (USD)"].value == "$5,000"


def test_the_form_comes_back_from_the_kept_inputs_defaults_empty() -> None:
    assert brief.form_of(all_parts()) == {
        "stage": "seed",
        "revenue": "12000",
        "users": "340",
        "growth": "8.5",
        "budget": "500",
        "audience": "",
    }
    assert brief.form_of({}) == dict.fromkeys(inputs.FIELDS, "")


# --- Composition ---------------------------------------------------------------------------------


def test_the_brief_puts_every_part_together() -> None:
    made = compose("Clinic bookings", all_parts())
    assert made.complete and not made.empty
    assert (made.score, made.verdict, made.verdict_color) == (59, "Needs Rethinking", "red")
    assert [c.score for c in made.categories] == [81, 45, 60, 79, 30]
    assert made.market_size.text == "$1.2B (2024)" and made.market_growth.text == "9% CAGR"
    assert [c.name for c in made.competitors] == ["Acme", *(f"Rival {n}" for n in range(1, 6))]
    assert made.funding.headline == "Funding Likely" and made.funding.amount == "$2.5M"
    assert made.funding.range.text == "$1.5M - $3M" and made.funding.stage == "Seed"
    assert made.funding.potential == 72
    assert made.growth.budget == "$500"
    assert [(c.name, c.percent, c.amount) for c in made.growth.channels] == [
        ("Community", 60, "$300"),
        ("Content", 40, "$200"),
    ]
    assert made.risks == ("R1", "R2", "R3")
    assert made.actions == ("Interview users", "Narrow the niche", "Pre-sell")
    assert [p.reopen for p in made.parts] == [f"{p.spec.route}?run=10" for p in BRIEF_PARTS]
    assert made.unresearched == ()


def test_one_sources_list_each_page_once_and_citations_renumbered() -> None:
    made = compose("Clinic bookings", all_parts())
    assert [(s.number, s.url) for s in made.sources] == [
        (1, "https://www.marketdata.example/physio"),
        (2, "https://clinics.example/no-shows?utm_source=feed"),
        (3, "https://www.vcdata.example/seed-2024"),
        (4, "https://bench.example/clinics/"),
    ]
    market = made.sources[0]
    assert market.parts == ("Viability Scanner", "Idea Incubator", "Funding Predictor")
    assert (made.market_size.state, made.market_size.number) == (research.VERIFIED, 1)
    assert made.market_size.url == "https://www.marketdata.example/physio"
    assert made.market_growth.number == 2
    # the funding part's own page 2 is the brief's page 3
    assert (made.funding.range.state, made.funding.range.number) == (research.VERIFIED, 3)
    acme, rival = made.competitors[0], made.competitors[1]
    assert (acme.cite.state, acme.cite.number, acme.cite.url) == ("unverified", 0, "")
    assert (rival.cite.state, rival.cite.number) == (research.VERIFIED, 2)


def test_parts_without_research_are_named_and_cite_nothing_as_a_link() -> None:
    made = compose("Clinic bookings", all_parts(evidence=False))
    assert made.sources == ()
    assert made.unresearched == tuple(p.label for p in BRIEF_PARTS)
    assert made.market_size.state == "unverified" and made.market_size.url == ""


def test_a_missing_part_leaves_its_sections_empty_and_the_others() -> None:
    parts = all_parts()
    del parts["funding"], parts["scanner"]
    made = compose("Clinic bookings", parts)
    assert not made.complete and made.funding is None and made.score is None
    assert made.categories == () and made.market_size.text == "$4.2B (2024)"  # the Incubator's
    assert [c.name for c in made.competitors][:1] == ["Rival 1"]
    assert made.actions == ("Join two clinic owner groups", "Publish a no-show cost calculator")
    assert [p.present for p in made.parts] == [False, True, False, True]
    assert made.summary[-1] == "Not in this brief yet: Viability Scanner, Funding Predictor."
    empty = compose("Nothing yet", {})
    assert (
        empty.empty
        and empty.sources == ()
        and empty.summary
        == (
            "Not in this brief yet: Viability Scanner, Idea Incubator, Funding Predictor, "
            "Growth Engine.",
        )
    )


def test_a_stored_result_that_no_longer_fits_reads_as_missing() -> None:
    assert read_part("scanner", {}, {"nonsense": True}) is None
    assert read_part("oracle", {}, {}) is None
    assert read_part("funding", {}, "text") is None


def test_samples_say_what_they_rest_on() -> None:
    parts = {
        p.key: read_part(p.key, {}, as_json(p.run(DATA, None).sample()), sample=True)
        for p in BRIEF_PARTS
    }
    made = compose("Demo", parts)
    assert [p.basis for p in made.parts] == [
        "Sample result (demo mode)",
        "Sample result (demo mode)",
        "Estimate from your numbers (no AI)",
        "Sample result (demo mode)",
    ]


# --- The executive summary ---------------------------------------------------------------------

_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _figures(text: str) -> set[float]:
    return {float(m.replace(",", "")) for m in _FIGURE.findall(text)}


def test_the_summary_states_the_parts_findings() -> None:
    summary = compose("Clinic bookings", all_parts()).summary
    assert summary == (
        "Viability 59/100: Needs Rethinking. Strongest: Problem Validation (81); weakest: "
        "Founder Fit (30).",
        "Market size $1.2B (2024); growth 9% CAGR.",
        "Funding: Funding Likely, about $2.5M (range $1.5M - $3M) at the Seed stage.",
        "Growth: a plan on a $500 monthly budget, led by Community (60%).",
        "Top risk: R1.",
        "First action: Interview users.",
    )


@pytest.mark.parametrize("missing", [(), ("scanner",), ("funding", "growth"), ("incubator",)])
def test_the_summary_has_no_figure_the_parts_lack(missing: tuple[str, ...]) -> None:
    parts = {k: v for k, v in all_parts().items() if k not in missing}
    made = compose("Clinic bookings", parts)
    said = " ".join(made.summary).replace("/100", "")
    known = json.dumps([as_json(p.result) for p in parts.values()])
    known += json.dumps([dict(p.inputs) for p in parts.values()])
    known += json.dumps(
        [[c.percent, c.amount] for c in made.growth.channels] if made.growth else []
    )
    assert _figures(said) <= _figures(known), _figures(said) - _figures(known)


# --- The report ----------------------------------------------------------------------------------


def test_the_report_has_every_section_and_citations_as_links() -> None:
    report = brief_report(compose("Clinic bookings", all_parts()), AT)
    assert report.title == "Brief: Clinic bookings"
    assert report.file_stem.startswith("brief-clinic-bookings-")
    headings = [s.heading for s in report.sections]
    assert headings == [
        "Executive summary",
        "Verdict and score",
        "Market",
        "Competitors",
        "Funding",
        "Growth plan",
        "Channel budget ($500 a month)",
        "Top risks",
        "Next three actions",
        "Numbers the brief ran on",
        "Sources",
        "Parts of this brief",
    ]
    markdown = to_markdown(report)
    assert "Market size: $1.2B (2024) \\[1\\]" in markdown
    assert "Range: $1.5M - $3M \\[3\\]" in markdown
    assert "Acme (Unverified source)" in markdown
    assert (
        "- [\\[1\\] Physio software market 2024 (marketdata.example, read 2026-03-01)]" in markdown
    )
    assert markdown.count("(https://www.marketdata.example/physio)") == 2  # Market and Sources
    assert "Monthly expenses (USD): $5,000 (assumed default)" in markdown
    assert to_pdf(report).startswith(b"%PDF")


def test_an_untrusted_title_cannot_make_a_link_in_the_markdown() -> None:
    parts = all_parts()
    report = brief_report(compose("[click](https://evil.example)", parts), AT)
    assert "[click](https" not in to_markdown(report)


# --- What it may cost ----------------------------------------------------------------------------


def test_the_budget_note_says_the_most_it_can_cost_and_refuses_when_it_does_not_fit() -> None:
    now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
    fits = budget_note(allowance.allowance(10_000, 200_000, now), 60_000, 4)
    assert fits.fits and fits.refusal == ""
    assert "at most 60,000 tokens" in fits.text and "190,000 of 200,000 tokens left" in fits.text
    refused = budget_note(allowance.allowance(150_000, 200_000, now), 60_000, 4)
    assert not refused.fits
    assert refused.refusal == (
        "A brief may need up to 60,000 tokens and 50,000 are left of today's allowance, so it "
        "was not started. Resets at 00:00 UTC, in 5 h."
    )
    demo = budget_note(allowance.allowance(0, 200_000, now, ai_enabled=False), 60_000, 4)
    assert demo.fits and demo.ceiling == 0 and "Demo mode" in demo.text
    unlimited = budget_note(allowance.allowance(0, 0, now), 60_000, 4)
    assert unlimited.fits and "not capped" in unlimited.text
