"""Issue 15 on the Idea Incubator's state: an analysis with live research shows the market
figures' and competitors' checked citations and the pages read; without research, none."""

from __future__ import annotations

from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS
from startup_toolkit.domain.research import Evidence, Source, with_evidence
from tests.pages.incubator.test_state import substate

IDEA = "A subscription box of grooming products for senior dogs, tailored by a vet."


def test_an_analysis_with_research_shows_checked_citations_and_the_pages_read() -> None:
    data = SAMPLE_ANALYSIS.model_dump(mode="json")
    data["marketAnalysis"]["size"] = {"value": "$4.2B", "sources": [1]}
    data["marketAnalysis"]["growth"] = {"value": "11%", "sources": [4]}
    data["competitiveAnalysis"]["competitors"][0]["sources"] = [1]
    page = Source(
        number=1, title="Pet market 2024", url="https://pets.example/m", site="pets.example"
    )
    analysis = with_evidence(
        rules.IdeaAnalysis.model_validate(data), Evidence(research="done", sources=[page])
    )
    s = substate()
    s._show_analysis(analysis, IDEA, sample=False)
    assert (s.analysis.size.state, s.analysis.size.label, s.analysis.size.url) == (
        "verified",
        "Pet market 2024",
        "https://pets.example/m",
    )
    assert (s.analysis.growth.state, s.analysis.growth.url) == ("unverified", "")
    assert s.analysis.competitors[0].cite.state == "verified"
    assert s.research == "done" and [r.title for r in s.sources] == ["Pet market 2024"]
    s._clear_results()
    assert s.research == "off" and s.sources == []
