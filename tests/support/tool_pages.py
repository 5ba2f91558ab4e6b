"""The tool pages as the tests expect them: the tools' names in the menus, the Funding
Predictor's spec form, and Save Results run on a page's State without a browser (T-AI-5)."""

from __future__ import annotations

import asyncio

from reflex_base.utils import format
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.models.results import SavedResult
from startup_toolkit.state.tool_result import SaveResultMixin

#: Every tool's name, the flagship Viability Scanner first (issue 28, item 9).
TOOL_NAMES: list[str] = [
    "Startup Viability Scanner",
    "AI Co-Founder",
    "Funding Predictor",
    "Growth Engine",
    "Idea Incubator",
    "Startup Oracle",
    "Startup Arena",
]

#: The Funding Predictor's default inputs in the spec (T-FUND-1), as the form holds them (text).
SPEC_DEFAULT_FORM: dict[str, str] = {
    "revenue": "50000",
    "expenses": "30000",
    "growth_rate": "15",
    "customers": "500",
    "team_size": "5",
    "market_size": "1000000",
    "stage": "seed",
    "pitch": "",
}


def saved_row(engine: Engine, state: SaveResultMixin) -> SavedResult:
    """Run Save Results on `state`, check its toast, and return the one row it stored."""
    spec = asyncio.run(state.save())
    assert "Results saved to your dashboard!" in str(format.format_queue_events(spec))
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
    return row
