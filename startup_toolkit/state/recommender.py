"""The home page's tool recommender (T-REC-1, T-REC-2): usable signed out.

One state serves both stage tabs (early, growth); each keeps its own text, results and error.
The AI call runs in a background task so the page stays responsive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import reflex as rx

from startup_toolkit.domain import recommender as rules
from startup_toolkit.domain.tools.recommender import RecommendForm, recommend_run
from startup_toolkit.services.tool_runs import run_tool
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private_state import PrivateStateMixin


def _as_rows(picks: list[rules.Recommendation]) -> list[dict[str, Any]]:
    return [
        {
            "name": r.tool.name,
            "description": r.tool.description,
            "reason": r.reason,
            "score": r.score,
            "path": r.tool.path,
            "icon": r.tool.icon,
        }
        for r in picks
    ]


@dataclass(frozen=True)
class StageAnswer:
    """One stage's answer: the ranked tools, the message shown above them (or instead), and
    whether they are demo samples."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    sample: bool = False


class RecommenderState(PrivateStateMixin, rx.State):
    ideas: dict[str, str] = {"early": "", "growth": ""}
    answers: dict[str, StageAnswer] = {}  # by stage, once asked (or refused)
    loading: str = ""  # the stage being analysed, or ""

    def _answer(self, stage: str, answer: StageAnswer | None) -> None:
        others = {k: v for k, v in self.answers.items() if k != stage}
        self.answers = others if answer is None else {**others, stage: answer}

    @rx.event
    def set_idea(self, stage: str, value: str) -> None:
        if stage in rules.STAGES and isinstance(value, str):
            self.ideas[stage] = value[: rules.MAX_IDEA_LENGTH + 100]

    @rx.event
    def new_analysis(self, stage: str) -> None:
        if stage in rules.STAGES and self.loading != stage:
            self._answer(stage, None)

    @rx.event(background=True)
    async def recommend(self, stage: str) -> None:
        if stage not in rules.STAGES:
            return
        async with self:
            if self.loading:
                return  # one analysis at a time: a second click starts nothing
            idea = self.ideas.get(stage, "")
            problem = rules.validate_idea(idea)
            self._answer(stage, StageAnswer(error=problem) if problem else None)
            if problem:
                return
            self.loading = stage
            address = self.router.session.client_ip
            user_id = await signed_in_user_id(self)
        picks, error, sample = await self._analyse(stage, idea.strip(), user_id, address)
        async with self:
            self._answer(stage, StageAnswer(_as_rows(picks), error, sample))
            self.loading = ""

    async def _analyse(
        self, stage: rules.Stage, idea: str, user_id: str | None, address: str
    ) -> tuple[list[rules.Recommendation], str, bool]:
        """(recommendations, error text, whether they are demo samples)."""
        run = recommend_run(RecommendForm(stage, idea))
        outcome = await run_tool(user_id, run, visitor_address=address)
        picks, said = rules.picks(outcome.result)
        error = outcome.notice.panel if outcome.notice is not None else said
        return picks, error, outcome.sample
