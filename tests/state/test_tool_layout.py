"""The shared tool layout and its server side: P-BILL-3 (Upgrade to Elite toast: $19/month,
'Coming soon' on its action), P-MISC-5 (AI disclaimer), T-AI-5 (Save Results: one call saves
for the signed-in user and gives 'Results saved to your dashboard!'), demo banner, and the
Tool Explorer's launch handler (T-EXP-1: logged for a signed-in user, skipped without one)."""

from __future__ import annotations

import asyncio

import pytest
import reflex as rx
from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.components import tool_layout
from startup_toolkit.domain.catalog import (
    ALL_TOOLS,
    EXPLORER_CATEGORIES,
    EXPLORER_TOOLS,
    GROWTH_ENGINE,
    STARTUP_ARENA,
    STARTUP_ORACLE,
    VIABILITY_SCANNER,
    Tool,
)
from startup_toolkit.models import UserActivity, UserStats
from startup_toolkit.models.results import SavedResult
from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.navigation import NavigationState, launch_note
from startup_toolkit.state.tools import ToolPageState, save_tool_result
from tests.support.events import js
from tests.support.founders import signed_in
from tests.support.tool_pages import TOOL_NAMES
from tests.support.tool_states import substate

pytestmark = pytest.mark.usefixtures("cheap_hashing")
EXPLORER = "/tool-explorer"


# --- P-BILL-3 -----------------------------------------------------------------------------


def test_p_bill_3_upgrade_toast_mentions_19_a_month_and_its_action_says_coming_soon() -> None:
    code = js(tool_layout.upgrade_toast())
    assert "Upgrade to Elite" in code
    assert "$19/month" in code
    assert '["action"]' in code and '"Upgrade now"' in code
    # The action's click queues the second toast in the browser.
    action = code.split('["onClick"]', 1)[1]
    assert "Coming soon" in action
    assert "Coming soon" not in code.split('["action"]', 1)[0]


def test_p_bill_3_upgrade_button_runs_the_toast_in_the_browser() -> None:
    button = str(tool_layout.upgrade_button())
    assert "Upgrade to Elite" in button
    assert "$19/month" in button and "Coming soon" in button


# --- P-MISC-5, T-AI-5: the page frame -------------------------------------------------------


class _LayoutProbe(rx.State):
    has_result: bool = False

    @rx.event
    def save(self) -> None:
        """Stands in for a tool page's save handler."""


def test_p_misc_5_t_ai_5_tool_page_frame() -> None:
    page = str(
        tool_layout.tool_page(
            STARTUP_ORACLE,
            rx.text("body"),
            save_handler=_LayoutProbe.save,
            can_save=_LayoutProbe.has_result,
        )
    )
    for text in (
        "Startup Oracle",
        STARTUP_ORACLE.tagline,
        "Upgrade to Elite",
        "Save Results",
        "Run the tool first",
        "AI-generated results may vary. Please do your own research before making decisions.",
        "Demo mode: sample results. Set AI_API_KEY to enable real AI.",
        "body",
    ):
        assert text in page, text
    assert "has_result" in page  # the button follows the page's own var


def test_tool_page_without_a_save_handler_has_no_save_button() -> None:
    page = str(tool_layout.tool_page(GROWTH_ENGINE, rx.text("body")))
    assert "Save Results" not in page
    assert "AI-generated results may vary" in page


def test_a_tool_without_ai_has_no_demo_banner_but_keeps_the_disclaimer() -> None:
    """The Arena is sample data: the demo-mode banner about AI_API_KEY would mislead there."""
    page = str(tool_layout.tool_page(STARTUP_ARENA, rx.text("body"), uses_ai=False))
    assert "Demo mode: sample results" not in page
    assert "AI-generated results may vary" in page


def test_demo_mode_follows_the_ai_key(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    assert substate(ToolPageState, EXPLORER).demo_mode is True  # type: ignore[attr-defined]
    settings_env.setenv("AI_API_KEY", "gsk_test")
    from startup_toolkit.settings import get_settings

    get_settings.cache_clear()
    assert substate(ToolPageState, EXPLORER).demo_mode is False  # type: ignore[attr-defined]


# --- T-AI-5: saving from a page -------------------------------------------------------------


def test_t_ai_5_save_tool_result_for_the_signed_in_user(engine: Engine) -> None:
    user_id, cookie = signed_in(engine)
    state = substate(AuthState, "/startup-oracle", cookie)
    spec = asyncio.run(
        save_tool_result(
            state,
            tool_name=STARTUP_ORACLE.name,
            title="Oracle prediction",
            content="Odds 72%.",
            content_type="analysis",
            metadata={"probability": 72},
        )
    )
    code = js(spec)
    assert "Results saved to your dashboard!" in code and '"success"' in code
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
        assert (row.user_id, row.tool_name, row.title) == (
            user_id,
            "Startup Oracle",
            "Oracle prediction",
        )
        assert row.result_metadata["probability"] == 72
        assert db.exec(select(UserStats).where(UserStats.user_id == user_id)).one().tools_used == 1


def test_t_ai_5_save_tool_result_without_sign_in(engine: Engine) -> None:
    spec = asyncio.run(
        save_tool_result(
            substate(AuthState, EXPLORER), tool_name="Growth Engine", title="Plan", content="text"
        )
    )
    code = js(spec)
    assert "Authentication required" in code and "Please log in to save results" in code
    assert '"error"' in code
    with Session(engine) as db:
        assert db.exec(select(SavedResult)).all() == []


# --- T-EXP-1: launch -------------------------------------------------------------------------


def redirect_path(spec: object) -> str:
    (event,) = Event.from_event_type(spec)  # type: ignore[arg-type]
    assert event.name == "_redirect"
    return event.payload["path"]


def test_t_exp_1_launch_logs_for_the_signed_in_user(engine: Engine) -> None:
    user_id, cookie = signed_in(engine)
    state = substate(NavigationState, EXPLORER, cookie)
    spec = asyncio.run(state.launch_tool(GROWTH_ENGINE.slug))  # type: ignore[attr-defined]
    assert redirect_path(spec) == "/growth-engine"
    with Session(engine) as db:
        rows = db.exec(select(UserActivity).where(UserActivity.tool_name == "Growth Engine")).all()
    assert [(r.user_id, r.action) for r in rows] == [
        (user_id, "Launched Growth Engine from Tool Explorer")
    ]


def test_t_exp_1_launch_without_sign_in_is_silent(engine: Engine) -> None:
    state = substate(NavigationState, EXPLORER)
    spec = asyncio.run(state.launch_tool(STARTUP_ORACLE.slug))  # type: ignore[attr-defined]
    assert redirect_path(spec) == "/startup-oracle"
    with Session(engine) as db:
        assert db.exec(select(UserActivity)).all() == []


@pytest.mark.parametrize("slug", ["tool-explorer", "solutions", "../admin", "", None, 7])
def test_t_exp_1_launch_only_explorer_tools(engine: Engine, slug: object) -> None:
    _, cookie = signed_in(engine)
    state = substate(NavigationState, EXPLORER, cookie)
    assert asyncio.run(state.launch_tool(slug)) is None  # type: ignore[attr-defined]
    with Session(engine) as db:
        assert [r.tool_name for r in db.exec(select(UserActivity)).all()] == ["Dashboard"]


def test_t_exp_1_every_tool_the_flagship_first_and_the_note() -> None:
    """Issue 28, item 9: the Explorer lists every tool the menu does (the spec's five left out
    the Viability Scanner), each in one of the five categories."""
    assert [t.name for t in EXPLORER_TOOLS] == TOOL_NAMES
    assert EXPLORER_TOOLS == ALL_TOOLS  # the header's 'Specialized Tools', in its order
    assert (
        {t.category for t in EXPLORER_TOOLS}
        == set(EXPLORER_CATEGORIES)
        == {
            "Strategy",
            "Finance",
            "Growth",
            "Innovation",
            "Analytics",
        }
    )
    assert launch_note("AI Co-Founder") == "Launched AI Co-Founder from Tool Explorer"


@pytest.mark.parametrize("tool", [VIABILITY_SCANNER, STARTUP_ARENA], ids=lambda t: t.slug)
def test_issue_28_item_9_the_flagship_and_the_arena_launch_from_the_explorer(
    engine: Engine, tool: Tool
) -> None:
    user_id, cookie = signed_in(engine)
    state = substate(NavigationState, EXPLORER, cookie)
    spec = asyncio.run(state.launch_tool(tool.slug))  # type: ignore[attr-defined]
    assert redirect_path(spec) == tool.path
    with Session(engine) as db:
        rows = db.exec(select(UserActivity).where(UserActivity.tool_name == tool.name)).all()
    assert [(r.user_id, r.action) for r in rows] == [
        (user_id, f"Launched {tool.name} from Tool Explorer")
    ]


def test_tool_route_runs_the_access_check_then_the_page_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`tool_route(tool, load=...)`: the tool's path, title and description, and on load the
    sign-in/subscription check first (alone without `load`); `on_load` replaces it all."""
    from startup_toolkit.components import app_page

    seen: list[tuple[str, str, str, object]] = []

    def page_route(route: str, name: str, description: str, **props: object) -> object:
        seen.append((route, name, description, props["on_load"]))
        return lambda page: page

    monkeypatch.setattr(app_page, "page_route", page_route)
    monkeypatch.setattr(tool_layout, "page_route", page_route)
    first, second = object(), object()
    tool_layout.tool_route(GROWTH_ENGINE, load=[first, second])
    tool_layout.tool_route(GROWTH_ENGINE, description="Other words")
    tool_layout.tool_route(GROWTH_ENGINE, on_load=[first])
    app_page.app_route("/x", "X", "An app page", load=first)
    growth = (GROWTH_ENGINE.path, GROWTH_ENGINE.name)
    assert seen == [
        (*growth, GROWTH_ENGINE.description, [AuthState.require_access, first, second]),
        (*growth, "Other words", AuthState.require_access),
        (*growth, GROWTH_ENGINE.description, [first]),
        ("/x", "X", "An app page", [AuthState.require_access, first]),
    ]
