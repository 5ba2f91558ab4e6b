"""The fault tests' peers (issue 29, item 3): the AI provider on 127.0.0.1 with a short
timeout and no pauses between retries, what a founder's run left in the database (their
budget rows, runs kept, leases), and a tool run with texts of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts, ToolRun
from startup_toolkit.models.ai import AiRunLease, AiUsage
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import ai as ai_service
from tests.support.ai_provider import quick_provider
from tests.support.ai_server import FakeAiServer

#: Seconds one AI call may take before it times out, in these tests.
AI_TIMEOUT = 1.5

TEXTS = RunTexts(
    failed=Notice("Analysis Failed", AI_REASON, "The analysis failed."),
    no_access=Notice("A subscription is needed", "See the pricing page.", "No access."),
    budget=Notice("Daily AI allowance used", AI_REASON, f"Budget: {AI_REASON}"),
    unreadable=Notice("Analysis Error", "Couldn't process it.", "Parsing failed."),
)


def chat_run(**changes: Any) -> ToolRun[str]:
    """A streamed chat run (the Co-Founder's kind), kept in the founder's workspace."""
    from startup_toolkit.domain.workspace import KeepRun

    values: dict[str, Any] = {
        "tool": "cofounder",
        "system": "You are a co-founder.",
        "prompt": "",
        "history": ({"role": "user", "content": "How do I find my first customers?"},),
        "texts": TEXTS,
        "sample": lambda: "A sample answer in demo mode.",
        "keep": KeepRun("cofounder", {"q": "first customers"}, idea_text="A dog-walking app"),
    }
    return ToolRun(**{**values, **changes})


@dataclass
class Ledger:
    """What a founder's runs left in the database."""

    engine: Engine
    user_id: str

    def usage(self) -> list[AiUsage]:
        with Session(self.engine) as s:
            return list(s.exec(select(AiUsage).where(AiUsage.user_id == self.user_id)).all())

    def kept(self) -> list[ToolRunRecord]:
        with Session(self.engine) as s:
            query = select(ToolRunRecord).where(ToolRunRecord.user_id == self.user_id)
            return list(s.exec(query).all())

    def leases(self) -> list[AiRunLease]:
        with Session(self.engine) as s:
            query = select(AiRunLease).where(AiRunLease.user_id == self.user_id)
            return list(s.exec(query).all())

    def charged(self) -> int:
        return sum(row.total_tokens for row in self.usage())


@pytest.fixture
def ledger(engine: Engine, founder: tuple[str, str]) -> Ledger:
    return Ledger(engine, founder[0])


@pytest.fixture
async def provider(fake_ai: FakeAiServer, engine: Engine) -> AsyncIterator[FakeAiServer]:
    """The fake server as the AI provider: `AI_TIMEOUT` per call, retries without pauses."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ai_service, "make_provider", quick_provider(AI_TIMEOUT))
        yield fake_ai
        await ai_service.close_providers()
