"""Confidence from evidence (issue 15, item 5): each Viability Scanner category's confidence and
the overall confidence, derived from the share of its figures backed by pages read during the
analysis and from the model's own stated confidence, each with a one-line explanation
("High: 3 of 3 figures backed by pages read"). Pure: no I/O.

The input is how many figures a category cites and how many of them were verified
(`ClaimCounts`); the research step's citation check supplies `is_verified`. Without live
research nothing is verified and every confidence reads "Low: no live sources".

The rules:
- no live sources: low;
- live sources, but the category cites no figure: the model's own confidence, at most medium;
- otherwise the share verified: 75% or more high, 40% or more medium, less low; a model that
  itself said "low" takes one step off that.

`result_confidence` is the one confidence of a scan the app shows, wherever it shows one: the
Scanner page, the dashboard's saved result, the Markdown and PDF exports and the shared page
(issue 28, item 7); the model's own stated confidence only enters through these rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import research
from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.scanner import Confidence

HIGH_SHARE = 0.75
MEDIUM_SHARE = 0.4
_ORDER: tuple[Confidence, ...] = ("low", "medium", "high")

#: The reply's figures that bear on each category (figures from the market research: sizes,
#: growth, trends, competitor facts and challenges). Categories judged from the founder's own
#: text (Problem Validation, Monetization Potential, Founder Fit) cite none today.
CATEGORY_FIGURES: dict[str, tuple[str, ...]] = {
    "Market Competition": ("size", "growthRate", "keyTrends", "competitors"),
    "Failure Risk": ("challenges",),
}


@dataclass(frozen=True)
class ClaimCounts:
    """How many figures a category cites and how many of them pages read back."""

    claims: int = 0
    verified: int = 0

    def __add__(self, other: ClaimCounts) -> ClaimCounts:
        return ClaimCounts(self.claims + other.claims, self.verified + other.verified)


@dataclass(frozen=True)
class EvidenceConfidence:
    """A derived confidence and the one line that explains it."""

    level: Confidence
    note: str

    @property
    def label(self) -> str:
        return self.level.capitalize()


def _step_down(level: Confidence) -> Confidence:
    return _ORDER[max(0, _ORDER.index(level) - 1)]


def _figures(count: int) -> str:
    return "figure" if count == 1 else "figures"


def evidence_confidence(
    counts: ClaimCounts, stated: Confidence, *, live: bool
) -> EvidenceConfidence:
    """One category's confidence from its figures' evidence and the model's `stated` one;
    `live`: whether the analysis read any pages at all."""
    own = f"the model's own confidence was {stated}"
    if not live:
        return EvidenceConfidence("low", f"Low: no live sources; {own}")
    claims = max(0, counts.claims)
    verified = min(max(0, counts.verified), claims)
    if claims == 0:
        level: Confidence = "medium" if stated == "high" else stated
        return EvidenceConfidence(level, f"{level.capitalize()}: no figures to check; {own}")
    if verified == 0:
        return EvidenceConfidence("low", f"Low: no figure verified; {own}")
    share = verified / claims
    level = "high" if share >= HIGH_SHARE else "medium" if share >= MEDIUM_SHARE else "low"
    backed = f"{verified} of {claims} {_figures(claims)} backed by pages read"
    if stated == "low" and level != "low":
        level = _step_down(level)
        return EvidenceConfidence(level, f"{level.capitalize()}: {backed}, but {own}")
    return EvidenceConfidence(level, f"{level.capitalize()}: {backed}")


def stated_overall(stated: Iterable[Confidence]) -> Confidence:
    """The model's confidence across the categories: the median of what it said (low for
    none)."""
    ordered = sorted(_ORDER.index(level) for level in stated)
    return _ORDER[ordered[(len(ordered) - 1) // 2]] if ordered else "low"


def overall_confidence(
    categories: Sequence[tuple[ClaimCounts, Confidence]], *, live: bool
) -> EvidenceConfidence:
    """The overall confidence: every category's figures together, beside the median of the
    model's stated confidences."""
    total = sum((counts for counts, _ in categories), ClaimCounts())
    return evidence_confidence(total, stated_overall(level for _, level in categories), live=live)


# --- The Viability Scanner's reply ---------------------------------------------------------------

#: Whether one figure of the reply (a MarketFigure, an Insight or a Competitor) is backed by a
#: page read during the analysis.
IsVerified = Callable[[Any], bool]


def _never(_figure: Any) -> bool:
    return False


def _figure_items(result: rules.ScanResult, name: str) -> list[Any]:
    market = result.marketInsights
    if name in ("size", "growthRate"):
        figure = getattr(market, name)
        return [figure] if figure.value != rules.NOT_AVAILABLE else []
    if name == "competitors":
        return list(result.competitors)
    return list(getattr(market, name))


def scan_claims(
    result: rules.ScanResult, is_verified: IsVerified = _never
) -> dict[str, ClaimCounts]:
    """Each category's figures in `result` and how many `is_verified` backs."""
    counts: dict[str, ClaimCounts] = {}
    for category in rules.CATEGORY_NAMES:
        items = [
            i for name in CATEGORY_FIGURES.get(category, ()) for i in _figure_items(result, name)
        ]
        counts[category] = ClaimCounts(len(items), sum(1 for i in items if is_verified(i)))
    return counts


@dataclass(frozen=True)
class ScanConfidence:
    """The confidence of each category (by name) and of the whole scan."""

    categories: dict[str, EvidenceConfidence]
    overall: EvidenceConfidence


def scan_confidence(
    result: rules.ScanResult, *, live: bool = False, is_verified: IsVerified = _never
) -> ScanConfidence:
    """The scan's confidences; `live`: the analysis read pages (the research step)."""
    claims = scan_claims(result, is_verified)
    pairs = [(claims[c.category], c.confidence) for c in result.categories]
    return ScanConfidence(
        {
            c.category: evidence_confidence(counts, stated, live=live)
            for c, (counts, stated) in zip(result.categories, pairs, strict=True)
        },
        overall_confidence(pairs, live=live),
    )


def result_confidence(result: rules.ScanResult) -> ScanConfidence:
    """The confidence the app shows for `result`: its figures' citations checked against the
    pages its research step read (none read: "Low: no live sources")."""
    read = result.evidence.sources

    def verified(figure: Any) -> bool:
        cited = research.check_citation(
            getattr(figure, "sources", []), getattr(figure, "source", ""), read
        )
        return cited.state == research.VERIFIED

    live = result.evidence.research == research.DONE and bool(read)
    return scan_confidence(result, live=live, is_verified=verified)
