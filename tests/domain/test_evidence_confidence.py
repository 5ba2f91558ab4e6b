"""Confidence from evidence (issue 15, item 5), with made-up counts: each rule and its
one-line explanation, the overall confidence, and the Scanner reply's figures per category."""

from __future__ import annotations

from typing import Any

import pytest

from startup_toolkit.domain import evidence_confidence as ec
from startup_toolkit.domain.evidence_confidence import ClaimCounts, EvidenceConfidence
from startup_toolkit.domain.scanner import CATEGORY_NAMES, ScanResult
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN


@pytest.mark.parametrize(
    ("claims", "verified", "stated", "live", "level", "note"),
    [
        # without research nothing is verified, and it says so
        (3, 0, "high", False, "low", "Low: no live sources; the model's own confidence was high"),
        (
            0,
            0,
            "medium",
            False,
            "low",
            "Low: no live sources; the model's own confidence was medium",
        ),
        # every figure backed
        (3, 3, "high", True, "high", "High: 3 of 3 figures backed by pages read"),
        (3, 3, "medium", True, "high", "High: 3 of 3 figures backed by pages read"),
        (
            3,
            3,
            "low",
            True,
            "medium",
            "Medium: 3 of 3 figures backed by pages read, but the model's own confidence was low",
        ),
        # part backed: 3 of 4 is 75% (high), 2 of 4 medium, 1 of 4 low
        (4, 3, "medium", True, "high", "High: 3 of 4 figures backed by pages read"),
        (4, 2, "high", True, "medium", "Medium: 2 of 4 figures backed by pages read"),
        (
            4,
            2,
            "low",
            True,
            "low",
            "Low: 2 of 4 figures backed by pages read, but the model's own confidence was low",
        ),
        (4, 1, "high", True, "low", "Low: 1 of 4 figures backed by pages read"),
        (1, 1, "high", True, "high", "High: 1 of 1 figure backed by pages read"),
        # nothing backed
        (
            5,
            0,
            "medium",
            True,
            "low",
            "Low: no figure verified; the model's own confidence was medium",
        ),
        # no figure to check: the model's own confidence, at most medium
        (
            0,
            0,
            "high",
            True,
            "medium",
            "Medium: no figures to check; the model's own confidence was high",
        ),
        (0, 0, "low", True, "low", "Low: no figures to check; the model's own confidence was low"),
        # nonsense counts are clamped
        (2, 9, "high", True, "high", "High: 2 of 2 figures backed by pages read"),
    ],
)
def test_a_category_s_confidence(
    claims: int, verified: int, stated: Any, live: bool, level: str, note: str
) -> None:
    found = ec.evidence_confidence(ClaimCounts(claims, verified), stated, live=live)
    assert found == EvidenceConfidence(level, note)  # type: ignore[arg-type]
    assert found.label == level.capitalize()


def test_the_overall_confidence_pools_the_figures_beside_the_median_stated() -> None:
    categories: list[tuple[ClaimCounts, Any]] = [
        (ClaimCounts(4, 4), "high"),
        (ClaimCounts(2, 0), "medium"),
        (ClaimCounts(0, 0), "high"),
    ]
    found = ec.overall_confidence(categories, live=True)
    assert found == EvidenceConfidence("medium", "Medium: 4 of 6 figures backed by pages read")
    assert ec.overall_confidence(categories, live=False).note == (
        "Low: no live sources; the model's own confidence was high"
    )
    assert ec.stated_overall(["low", "high", "medium", "low"]) == "low"
    assert ec.stated_overall([]) == "low"


def test_the_scan_s_figures_per_category() -> None:
    claims = ec.scan_claims(SAMPLE_SCAN)
    # the sample: size, growth, 3 trends and 3 competitors; 3 challenges
    assert claims["Market Competition"] == ClaimCounts(8, 0)
    assert claims["Failure Risk"] == ClaimCounts(3, 0)
    assert claims["Founder Fit"] == ClaimCounts(0, 0)
    assert set(claims) == set(CATEGORY_NAMES)


def test_verified_figures_come_from_the_citation_check() -> None:
    def is_verified(figure: Any) -> bool:  # stands in for the research step's check
        return getattr(figure, "source", "").startswith("https://")

    reply = SAMPLE_SCAN.model_dump()
    reply["marketInsights"]["size"]["source"] = "https://example.com/report"
    reply["marketInsights"]["challenges"][0]["source"] = "https://example.com/cac"
    scan = ScanResult.model_validate(reply)
    found = ec.scan_confidence(scan, live=True, is_verified=is_verified)
    assert found.categories["Market Competition"].note == (
        "Low: 1 of 8 figures backed by pages read"
    )
    assert found.categories["Failure Risk"].note == "Low: 1 of 3 figures backed by pages read"
    assert found.categories["Founder Fit"] == EvidenceConfidence(
        "medium", "Medium: no figures to check; the model's own confidence was high"
    )
    assert found.overall.note == "Low: 2 of 11 figures backed by pages read"


def test_without_research_every_confidence_reads_no_live_sources() -> None:
    found = ec.scan_confidence(SAMPLE_SCAN)
    assert {c.level for c in found.categories.values()} == {"low"}
    assert found.categories["Problem Validation"].note == (
        "Low: no live sources; the model's own confidence was medium"
    )
    assert found.overall.note == "Low: no live sources; the model's own confidence was medium"
