"""The tool recommender's rules: input bounds, relevance filter and the spec's fallbacks."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from startup_toolkit.domain.catalog import POPULAR_TOOLS, STAGE_TOOLS, Tool
from startup_toolkit.domain.tool_run import Notice, RunStatus, RunTexts

Stage = Literal["early", "growth"]
STAGES: tuple[Stage, ...] = ("early", "growth")
MIN_IDEA_LENGTH = 10
MAX_IDEA_LENGTH = 5000
RELEVANCE_THRESHOLD = 20
#: The tools the recommender chooses from (their slugs are the ids the AI answers with).
CANDIDATES: tuple[Tool, ...] = POPULAR_TOOLS

TOO_SHORT = "Please provide more details about your business idea"
TOO_LONG = f"Please keep your description under {MAX_IDEA_LENGTH:,} characters"
PARSE_FAILED = "Had trouble understanding the AI response. Please try again."
REQUEST_FAILED = "Something went wrong with the analysis. Please try again."
EMPTY_ANALYSIS = "We had trouble analyzing your idea. Please try again with more specific details."
NO_MATCH = "No matching tools found. Try describing your business idea more specifically."
TOO_MANY = "You have asked for many recommendations. Please try again later or sign in."
DEFAULT_REASON = "Relevant to the idea you described."
BEST_PRACTICES_REASON = "Based on general startup best practices."
STAGE_REASON = "General recommendation for your stage."


@dataclass(frozen=True)
class Recommendation:
    tool: Tool
    score: int
    reason: str


class ScoredTool(BaseModel):
    id: str
    score: int = Field(default=0)
    matchReason: str = ""  # the spec's field name

    @field_validator("score", mode="before")
    @classmethod
    def _clamp(cls, value: Any) -> int:
        try:
            return max(0, min(100, round(float(value))))
        except (TypeError, ValueError):
            return 0


class RecommendationReply(BaseModel):
    """The JSON the AI is asked for: `{"tools": [{"id", "score", "matchReason"}]}`."""

    tools: list[ScoredTool] = Field(default_factory=list)


def validate_idea(idea: str) -> str | None:
    """The warning to show for this description, or None when it may be submitted."""
    text = idea.strip()
    if len(text) < MIN_IDEA_LENGTH:
        return TOO_SHORT
    if len(text) > MAX_IDEA_LENGTH:
        return TOO_LONG
    return None


def _by_id() -> dict[str, Tool]:
    return {t.slug: t for t in CANDIDATES}


def rank(reply: RecommendationReply) -> list[Recommendation]:
    """T-REC-2: keep known tools scoring above 20, best first; if none is left, the two best
    with the default reason. Duplicates keep their first score."""
    tools = _by_id()
    seen: dict[str, ScoredTool] = {}
    for item in reply.tools:
        if item.id in tools and item.id not in seen:
            seen[item.id] = item
    ordered = sorted(seen.values(), key=lambda t: t.score, reverse=True)
    relevant = [t for t in ordered if t.score > RELEVANCE_THRESHOLD]
    if relevant:
        return [
            Recommendation(tools[t.id], t.score, t.matchReason.strip() or DEFAULT_REASON)
            for t in relevant
        ]
    return [Recommendation(tools[t.id], t.score, DEFAULT_REASON) for t in ordered[:2]]


def parse_failure_fallback(rng: random.Random | None = None) -> list[Recommendation]:
    """T-REC-2: an unreadable reply gives the first 3 tools, random scores 60-99."""
    rng = rng or random.Random()
    picks = [Recommendation(t, rng.randint(60, 99), BEST_PRACTICES_REASON) for t in CANDIDATES[:3]]
    return sorted(picks, key=lambda r: r.score, reverse=True)


STAGE_FALLBACKS: dict[Stage, tuple[tuple[Tool, int], ...]] = STAGE_TOOLS


def request_failure_fallback(stage: Stage) -> list[Recommendation]:
    """T-REC-2: a failed request gives the stage's three tools (also the demo-mode sample)."""
    return [Recommendation(tool, score, STAGE_REASON) for tool, score in STAGE_FALLBACKS[stage]]


def parse_reply(data: Any) -> RecommendationReply | None:
    """A validated reply from parsed JSON (a bare list is accepted too), or None."""
    if isinstance(data, list):
        data = {"tools": data}
    try:
        return RecommendationReply.model_validate(data)
    except ValidationError:
        return None


TOOL_NAME = "Tool Recommender"


def _says(text: str) -> Notice:
    """The recommender shows one line above the stage's form: the panel text."""
    return Notice(text, panel=text)


#: What the stage's form says when the AI gave no usable answer (the budget: the AI's reason).
RUN_TEXTS = RunTexts(
    failed=_says(REQUEST_FAILED),
    no_access=_says(REQUEST_FAILED),
    unreadable=_says(PARSE_FAILED),
    limited=_says(TOO_MANY),
)

#: What the recommender's run gives: the AI's reply, or ready picks (sample, stand-ins).
Found = RecommendationReply | list[Recommendation]


def stand_in(status: RunStatus, stage: Stage) -> list[Recommendation] | None:
    """T-REC-2: the picks shown after a failed run (none after the budget or the limit)."""
    if status is RunStatus.UNREADABLE:
        return parse_failure_fallback()
    if status is RunStatus.FAILED:
        return request_failure_fallback(stage)
    return None


def picks(found: Found | None) -> tuple[list[Recommendation], str]:
    """The picks to show and the line to say about them ('' for nothing)."""
    if found is None:
        return [], ""
    if isinstance(found, list):
        return found, ""
    if not found.tools:
        return [], EMPTY_ANALYSIS
    ranked = rank(found)
    return ranked, "" if ranked else NO_MATCH
