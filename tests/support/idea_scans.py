"""A scanner result as a kept run holds it (JSON), for the ideas tests."""

from __future__ import annotations

from typing import Any

from startup_toolkit.domain.scanner import CATEGORY_NAMES


def scan(
    overall: int = 70,
    scores: dict[str, int] | None = None,
    reasoning: dict[str, str] | None = None,
    competitors: tuple[str, ...] = ("Acme",),
    steps: tuple[str, ...] = ("Interview customers",),
    challenges: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A scanner result as kept (JSON)."""
    scores, reasoning = scores or {}, reasoning or {}
    return {
        "overallScore": overall,
        "overallAssessment": "Fine.",
        "categories": [
            {
                "category": name,
                "score": scores.get(name, 60),
                "assessment": f"About {name}.",
                "reasoning": reasoning.get(name, f"Because of {name}."),
                "confidence": "medium",
            }
            for name in CATEGORY_NAMES
        ],
        "actionSteps": list(steps),
        "competitors": [{"name": n, "strengthScore": 50} for n in competitors],
        "marketInsights": {
            "size": {"value": "$2B", "source": "Gartner 2024"},
            "growthRate": {"value": "12% a year", "source": "IDC 2023"},
            "challenges": [{"text": c} for c in challenges],
        },
    }
