"""Generate content (P-HUB-8): the model's text is untrusted, so a link it writes is kept as
a link only to a page its research read; any other reads as its text and site, in the
version kept and on screen (as the Co-Founder's replies do, issue 27 item 8)."""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.models.resources import ResourceVersion
from startup_toolkit.pages.solutions import ROUTE
from startup_toolkit.pages.solutions.state import SolutionsState
from tests.pages.solutions.test_state import (
    SCRIPT_BODY,
    Founder,
    detail_values,
    seeded,
    until,
)
from tests.support.ai_server import FakeAiServer
from tests.support.tool_states import Recorder, Tab, in_processor

PHISHING = "[your account](https://login.example-bank.test/verify)"


def test_a_link_the_model_wrote_is_kept_as_its_text_and_site(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer
) -> None:
    seeded(engine)
    _, cookie = founder
    fake_ai.reply(f"## Hook\nCheck {PHISHING} now.\n{SCRIPT_BODY}")

    async def go(tab: Tab, recorder: Recorder) -> SolutionsState:
        await tab.prepare(cookie, **detail_values(4))
        await tab.fire("generate_content", busy="running")
        return await until(tab, lambda s: s.detail.content.startswith("## Hook"))

    s = in_processor(SolutionsState, ROUTE, go)
    assert "Check your account (login.example-bank.test) now." in s.detail.content
    assert "https://" not in s.detail.content
    with Session(engine) as db:
        (row,) = db.exec(select(ResourceVersion)).all()
    assert "https://login.example-bank.test" not in row.content
