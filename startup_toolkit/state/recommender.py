"""The home page's tool recommender (T-REC-1, T-REC-2): usable signed out.

One state serves both stage tabs (early, growth); each keeps its own text, results and error.
The AI call runs in a background task so the page stays responsive.
"""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from startup_toolkit.domain import recommender as rules
from startup_toolkit.domain.prompts import recommender as prompt
from startup_toolkit.services import ai, visitor_limits
from startup_toolkit.state.auth import signed_in_user_id

log = logging.getLogger(__name__)

TOOL_NAME = "Tool Recommender"
TOO_MANY = "You have asked for many recommendations. Please try again later or sign in."


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


class RecommenderState(rx.State):
    ideas: dict[str, str] = {"early": "", "growth": ""}
    results: dict[str, list[dict[str, Any]]] = {"early": [], "growth": []}
    errors: dict[str, str] = {"early": "", "growth": ""}
    samples: dict[str, bool] = {"early": False, "growth": False}
    loading: str = ""  # the stage being analysed, or ""

    @rx.event
    def set_idea(self, stage: str, value: str) -> None:
        if stage in rules.STAGES and isinstance(value, str):
            self.ideas[stage] = value[: rules.MAX_IDEA_LENGTH + 100]

    @rx.event
    def new_analysis(self, stage: str) -> None:
        if stage in rules.STAGES and self.loading != stage:
            self.results[stage], self.errors[stage], self.samples[stage] = [], "", False

    @rx.event(background=True)
    async def recommend(self, stage: str) -> None:
        if stage not in rules.STAGES:
            return
        async with self:
            if self.loading:
                return  # one analysis at a time: a second click starts nothing
            idea = self.ideas.get(stage, "")
            problem = rules.validate_idea(idea)
            self.errors[stage] = problem or ""
            if problem:
                return
            self.loading = stage
            self.results[stage], self.samples[stage] = [], False
            address = self.router.session.client_ip
            user_id = await signed_in_user_id(self)
        picks, error, sample = await self._analyse(stage, idea.strip(), user_id, address)
        async with self:
            self.results[stage] = _as_rows(picks)
            self.errors[stage] = error
            self.samples[stage] = sample
            self.loading = ""

    async def _analyse(
        self, stage: rules.Stage, idea: str, user_id: str | None, address: str
    ) -> tuple[list[rules.Recommendation], str, bool]:
        """(recommendations, error text, whether they are demo samples)."""
        if not ai.ai_available():
            return rules.request_failure_fallback(stage), "", True
        if user_id is None and not visitor_limits.allow_visitor_ai_call(address):
            return [], TOO_MANY, False
        try:
            reply = await ai.generate_json(
                user_id,
                TOOL_NAME,
                prompt.SYSTEM,
                prompt.user_prompt(idea, stage, rules.CANDIDATES),
                rules.RecommendationReply,
                temperature=0.2,
            )
        except ai.AiParseError:
            return rules.parse_failure_fallback(), rules.PARSE_FAILED, False
        except ai.AiBudgetExceeded as exc:
            return [], exc.message, False
        except ai.AiError as exc:
            log.warning("recommender request failed: %s", exc.message)
            return rules.request_failure_fallback(stage), rules.REQUEST_FAILED, False
        if not reply.tools:
            return [], rules.EMPTY_ANALYSIS, False
        picks = rules.rank(reply)
        return picks, "" if picks else rules.NO_MATCH, False
