"""The AI Co-Founder: its spec and the run of one reply (the chat's turns, streamed). A
conversation is kept as a run when it is saved or cleared (`services/workspace`), not by
`run_tool`; a saved conversation reopens in the chat to go on with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from startup_toolkit.domain import cofounder as chat
from startup_toolkit.domain.catalog import AI_COFOUNDER
from startup_toolkit.domain.prompts import cofounder as prompt
from startup_toolkit.domain.report_tools_other import cofounder_doc
from startup_toolkit.domain.tool_run import ToolRun
from startup_toolkit.domain.tools.spec import SavedRun, ToolSpec
from startup_toolkit.domain.workspace import KeepRun

KEY = "cofounder"
TOOL_NAME = AI_COFOUNDER.name


@dataclass(frozen=True)
class ChatTurn:
    """A reply to ask for: the conversation so far and the system prompt it is tailored by."""

    history: Sequence[Mapping[str, str]] = field(default_factory=tuple)
    system: str = prompt.SYSTEM


def reply_run(turn: ChatTurn, idea_id: int | None = None) -> ToolRun[str]:
    """The next reply of the chat (streamed when `run_tool` gets `on_text`)."""
    return ToolRun(
        tool=TOOL_NAME,
        system=turn.system,
        texts=chat.RUN_TEXTS,
        sample=lambda: chat.SAMPLE_REPLY,
        history=turn.history,
        demo_seconds=chat.SAMPLE_WORD_SECONDS,
        retry=_retry(turn),
    )


def _retry(turn: ChatTurn) -> KeepRun | None:
    """Retry of an interrupted reply: the founder's last message, back in the input."""
    said = [m.get("content", "") for m in turn.history if m.get("role") == "user"]
    return KeepRun(KEY, {"message": said[-1]}) if said and said[-1].strip() else None


def from_saved(content: Mapping[str, Any]) -> SavedRun | None:
    messages = content.get("messages")
    return SavedRun(KEY, {}, {"messages": messages}) if isinstance(messages, list) else None


SPEC: ToolSpec[ChatTurn, str] = ToolSpec(
    key=KEY,
    label=AI_COFOUNDER.name,
    timeline_label="AI Co-Founder",
    stem="cofounder-chat",
    make_run=reply_run,
    example=lambda: ChatTurn(({"role": "user", "content": "How should I price my product?"},)),
    page=AI_COFOUNDER,
    report=cofounder_doc,
    from_saved=from_saved,
)
