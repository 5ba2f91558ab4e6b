"""The AI tools' downloads (domain/tool_export): pretty-printed JSON of a result and a file
name stamped with the moment (T-SCAN-5, T-IDEA-1, T-FUND-2, T-GROW-1)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from startup_toolkit.domain.tool_export import export_filename, export_json


def test_export_json_is_the_title_then_metadata_then_content() -> None:
    text = export_json("A title", {"score": 80}, {"idea": "Pet care"})
    assert json.loads(text) == {"title": "A title", "score": 80, "idea": "Pet care"}
    assert list(json.loads(text)) == ["title", "score", "idea"] and "\n  " in text


def test_export_json_refuses_what_is_not_plain_json() -> None:
    with pytest.raises((TypeError, ValueError)):
        export_json("A title", {"when": datetime.now(UTC)}, {})


def test_export_filename_is_stamped_in_milliseconds() -> None:
    at = datetime(2024, 1, 2, 3, 4, 5, 678000, tzinfo=UTC)
    assert export_filename("viability-analysis", at) == "viability-analysis-1704164645678.json"
    assert export_filename("growth-blueprint", at, "md") == "growth-blueprint-1704164645678.md"
