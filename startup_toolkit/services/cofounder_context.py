"""The AI Co-Founder's view of the founder's work (issue 14, item 8): which ideas the chat can
use, whether the founder lets it ("Use my saved work in the AI Co-Founder"), the bounded
summary of the chosen idea, and each conversation kept as a run of tool `cofounder`.

Every function takes the database `Session` first and the founder's id from the server-side
session; another founder's idea is "not found", never their data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from startup_toolkit.domain import cofounder_context as rules
from startup_toolkit.domain import run_origin
from startup_toolkit.domain.tools import COFOUNDER
from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.services import user_settings, workspace


@dataclass(frozen=True)
class ChatSetup:
    """What the chat page offers: the setting, and the founder's ideas (id, title), the most
    recently active first."""

    enabled: bool
    ideas: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class IdeaContext:
    """The chosen idea's summary for the system prompt; `found` False for an idea that is not
    the founder's (or gone), `enabled` False while the setting is off (no summary then)."""

    enabled: bool
    found: bool
    title: str = ""
    text: str = ""


def chat_setup(session: Session, user_id: str) -> ChatSetup:
    """The setting and the ideas the chat can use."""
    return ChatSetup(
        enabled=user_settings.uses_saved_work(session, user_id),
        ideas=workspace.idea_choices(session, user_id),
    )


def idea_context(session: Session, user_id: str, idea_id: Any) -> IdeaContext:
    """The summary of one of the founder's ideas, from the latest run of each tool; no summary
    while the setting is off or for an idea that is not theirs."""
    if not user_settings.uses_saved_work(session, user_id):
        return IdeaContext(enabled=False, found=False)
    idea = workspace.get_idea(session, user_id, idea_id)
    if idea is None:
        return IdeaContext(enabled=True, found=False)
    runs = [
        rules.SavedRun(r.tool, r.result, r.created_at, r.sample, run_origin.of_run(r).value)
        for r in workspace.runs_of_idea(session, user_id, idea.id)
    ]
    return IdeaContext(True, True, idea.title, rules.summary(idea.title, runs))


def keep_conversation(
    session: Session,
    user_id: str,
    messages: list[dict[str, str]],
    idea_id: int | None,
    sample: bool,
    model: str = "",
) -> int | None:
    """Keep a conversation (at least one exchange) as a run of tool `cofounder`, under the
    founder's idea it used (another founder's idea id counts as none); the run's id."""
    roles = {m.get("role") for m in messages}
    if not {"user", "assistant"} <= roles:
        return None
    if idea_id is not None and workspace.get_idea(session, user_id, idea_id) is None:
        idea_id = None
    inputs = {"messageCount": len(messages), "ideaId": idea_id}
    keep = KeepRun(COFOUNDER.key, inputs, idea_id=idea_id)
    return workspace.keep_run(
        session, user_id, keep, {"messages": messages}, sample=sample, model=model
    )
