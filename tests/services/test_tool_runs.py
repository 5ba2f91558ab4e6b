"""The one tool-run use case end to end: `run_tool` with the real AI service and groq SDK
against the fake OpenAI-compatible server on 127.0.0.1 and a real database. Demo mode (the
sample), the access gate (P-AUTH-2), visitors and their per-address limit, JSON replies and
T-AI-4 parse failures, the daily budget, provider failures (T-AI-2/3) with the tool's
stand-in, the finishing touch, and streamed text with early stops."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from pydantic import BaseModel
from sqlmodel import Session

from startup_toolkit.domain.catalog import GROWTH_ENGINE, VIABILITY_SCANNER
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tool_run import DATABASE_DOWN
from startup_toolkit.domain.tools import SCANNER
from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.models.activity import UserActivity
from startup_toolkit.services import access, dashboard, saved_results, visitor_limits, workspace
from startup_toolkit.services import ai as ai_service
from startup_toolkit.services.ai import BUDGET_EXCEEDED
from startup_toolkit.services.tool_runs import (
    AI_REASON,
    Notice,
    RunStatus,
    RunTexts,
    ToolOutcome,
    ToolRun,
    run_tool,
)
from startup_toolkit.settings import get_settings
from tests.support.ai_helpers import spend_daily_budget
from tests.support.ai_server import FakeAiServer

#: Seconds each `quick` AI call may take (tests/services/conftest.py).
QUICK_AI_TIMEOUT = 2.0

TEXTS = RunTexts(
    failed=Notice("Analysis Failed", AI_REASON, "The analysis failed."),
    no_access=Notice("A subscription is needed", "See the pricing page.", "No access."),
    budget=Notice("Daily AI allowance used", AI_REASON, f"Budget: {AI_REASON}"),
    unreadable=Notice("Analysis Error", "Couldn't process it.", "Parsing failed."),
)
VISITOR = "203.0.113.7"


class Verdict(BaseModel):
    summary: str
    score: int = 65


SAMPLE = Verdict(summary="Sample result (demo mode)", score=72)


def json_run(**changes: Any) -> ToolRun[Verdict]:
    values: dict[str, Any] = {
        "tool": "scanner",
        "system": "You score ideas.",
        "prompt": "Score this idea.",
        "schema": Verdict,
        "temperature": 0.2,
        "texts": TEXTS,
        "sample": lambda: SAMPLE,
    }
    return ToolRun(**{**values, **changes})


def text_run(**changes: Any) -> ToolRun[str]:
    values: dict[str, Any] = {
        "tool": "oracle",
        "system": "You answer founders.",
        "prompt": "What next?",
        "texts": TEXTS,
        "sample": lambda: "A sample answer in demo mode.",
    }
    return ToolRun(**{**values, **changes})


# --- demo mode and the access gate -------------------------------------------------------------


async def test_demo_mode_returns_the_sample(founder: tuple[str, str]) -> None:
    user_id, _ = founder
    assert not ai_service.ai_available()
    outcome = await run_tool(user_id, json_run(demo_seconds=0.01))
    assert outcome == ToolOutcome(RunStatus.SAMPLE, SAMPLE)
    assert outcome.ok and outcome.sample and outcome.notice is None


async def test_demo_mode_streams_the_sample_word_by_word(founder: tuple[str, str]) -> None:
    user_id, _ = founder
    pieces: list[str] = []
    outcome = await run_tool(user_id, text_run(), on_text=lambda p: pieces.append(p) is None)
    assert pieces == ["A", " sample", " answer", " in", " demo", " mode."]
    assert outcome.status is RunStatus.SAMPLE and outcome.complete
    assert outcome.result == "A sample answer in demo mode."


async def test_demo_mode_stopped_early_is_incomplete_with_what_was_shown(
    founder: tuple[str, str],
) -> None:
    user_id, _ = founder
    pieces: list[str] = []

    def on_text(piece: str) -> bool:
        pieces.append(piece)
        return len(pieces) < 2

    outcome = await run_tool(user_id, text_run(), on_text=on_text)
    assert pieces == ["A", " sample"]
    assert outcome.status is RunStatus.SAMPLE and not outcome.complete
    assert outcome.result == "A sample"


async def test_p_auth_2_without_a_subscription_no_access_and_no_request(
    quick: FakeAiServer, founder: tuple[str, str], settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("ACCESS_MODE", "subscription")
    get_settings.cache_clear()
    user_id, _ = founder
    fallback_statuses: list[RunStatus] = []

    def fallback(status: RunStatus) -> Verdict:
        fallback_statuses.append(status)
        return SAMPLE

    outcome = await run_tool(user_id, json_run(fallback=fallback))
    assert outcome.status is RunStatus.NO_ACCESS and not outcome.ok
    assert outcome.notice == TEXTS.no_access
    assert outcome.result == SAMPLE and fallback_statuses == [RunStatus.NO_ACCESS]
    assert quick.requests == []


async def test_a_database_error_in_the_access_check_is_a_failure(
    quick: FakeAiServer, founder: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scanner's behaviour: an unreachable database is the system failure, not 'no'."""
    user_id, _ = founder

    def broken(*args: object) -> bool:
        raise RuntimeError("database down")

    monkeypatch.setattr(access, "may_use_tools", broken)
    outcome = await run_tool(user_id, json_run())
    assert outcome.status is RunStatus.FAILED and outcome.result is None
    assert outcome.notice == Notice("Analysis Failed", DATABASE_DOWN, "The analysis failed.")
    assert quick.requests == []


# --- visitors -----------------------------------------------------------------------------------


async def test_visitors_are_refused_unless_the_tool_allows_them(quick: FakeAiServer) -> None:
    outcome = await run_tool(None, text_run(), visitor_address=VISITOR)
    assert outcome.status is RunStatus.NO_ACCESS and outcome.notice == TEXTS.no_access
    assert quick.requests == []
    quick.reply("Hello, visitor.")
    outcome = await run_tool(None, text_run(visitors=True), visitor_address=VISITOR)
    assert outcome == ToolOutcome(RunStatus.AI, "Hello, visitor.")


async def test_visitors_past_their_limit_are_limited(quick: FakeAiServer) -> None:
    limit = visitor_limits.visitor_ai_calls.limit
    for _ in range(limit):
        assert visitor_limits.allow_visitor_ai_call(VISITOR)
    outcome = await run_tool(None, text_run(visitors=True), visitor_address=VISITOR)
    assert outcome.status is RunStatus.LIMITED
    assert outcome.notice == TEXTS.no_access  # no `limited` texts: the no-access ones
    limited = Notice("Too many requests", "Sign up to keep going.")
    run = text_run(visitors=True, texts=replace(TEXTS, limited=limited))
    outcome = await run_tool(None, run, visitor_address="198.51.100.1")
    assert outcome.status is RunStatus.AI  # another address has its own allowance
    outcome = await run_tool(None, run, visitor_address=VISITOR)
    assert outcome.status is RunStatus.LIMITED and outcome.notice == limited
    assert len(quick.requests) == 1


# --- the model's answer -------------------------------------------------------------------------


async def test_a_json_reply_is_validated_by_the_schema(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.reply_json({"summary": "Strong niche"}, fenced=True)
    outcome = await run_tool(user_id, json_run())
    assert outcome == ToolOutcome(RunStatus.AI, Verdict(summary="Strong niche", score=65))
    assert outcome.ok and not outcome.sample
    (request,) = quick.requests
    assert request["response_format"] == {"type": "json_object"}
    assert request["temperature"] == pytest.approx(0.2)
    assert request["messages"][0]["content"].startswith("You score ideas.")
    assert request["messages"][-1]["content"] == "Score this idea."


async def test_t_ai_4_garbage_twice_is_unreadable(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.broken_json().broken_json()
    outcome = await run_tool(user_id, json_run())
    assert outcome.status is RunStatus.UNREADABLE and outcome.result is None
    assert outcome.notice == TEXTS.unreadable
    assert len(quick.requests) == 2  # the reply, then one repair request
    quick.broken_json().broken_json()
    texts = RunTexts(failed=TEXTS.failed, no_access=TEXTS.no_access)
    outcome = await run_tool(user_id, json_run(texts=texts))
    # the `failed` texts, with the AI service's reason where they ask for it
    assert outcome.notice == Notice(
        "Analysis Failed", ai_service.PARSE_FAILED, "The analysis failed."
    )


async def test_a_spent_budget_sends_nothing_and_gives_the_reason(
    quick: FakeAiServer,
    founder: tuple[str, str],
    session: Session,
    settings_env: pytest.MonkeyPatch,
) -> None:
    user_id = founder[0]
    spend_daily_budget(settings_env, session, user_id, "scanner")
    outcome = await run_tool(user_id, json_run())
    assert outcome.status is RunStatus.BUDGET and outcome.result is None
    assert outcome.notice == Notice(
        "Daily AI allowance used", BUDGET_EXCEEDED, f"Budget: {BUDGET_EXCEEDED}"
    )
    default = RunTexts(failed=TEXTS.failed, no_access=TEXTS.no_access)
    outcome = await run_tool(user_id, text_run(texts=default))
    assert outcome.notice == Notice("Daily AI limit reached", BUDGET_EXCEEDED, BUDGET_EXCEEDED)
    assert quick.requests == []


async def test_t_ai_2_server_errors_fail_with_the_reason_and_the_stand_in(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    for _ in range(3):
        quick.status(500, "Service unavailable")
    seen: list[RunStatus] = []

    def fallback(status: RunStatus) -> str:
        seen.append(status)
        return "An estimate."

    outcome = await run_tool(user_id, text_run(fallback=fallback))
    assert outcome.status is RunStatus.FAILED and not outcome.ok
    assert outcome.result == "An estimate." and seen == [RunStatus.FAILED]
    reason = "Failed to generate AI response: Service unavailable"
    assert outcome.notice == Notice("Analysis Failed", reason, "The analysis failed.")
    assert len(quick.requests) == 3
    for _ in range(3):
        quick.status(503)
    outcome = await run_tool(user_id, text_run())
    assert outcome.status is RunStatus.FAILED and outcome.result is None


async def test_finish_is_applied_to_the_models_answer_only(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.reply_json({"summary": "Fine", "score": 40})

    def founders_numbers(v: Verdict) -> Verdict:
        return v.model_copy(update={"score": v.score + 1})

    outcome = await run_tool(user_id, json_run(finish=founders_numbers))
    assert outcome == ToolOutcome(RunStatus.AI, Verdict(summary="Fine", score=41))
    quick.reply("  plain text  ")
    outcome = await run_tool(user_id, text_run(finish=str.upper, max_tokens=50))
    assert outcome.result == "PLAIN TEXT"
    assert quick.requests[-1]["max_tokens"] == 50


async def test_a_failing_finish_is_a_failed_run(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.reply("An answer.")

    def broken(_text: str) -> str:
        raise ValueError("cannot finish")

    outcome = await run_tool(user_id, text_run(finish=broken))
    assert outcome.status is RunStatus.FAILED and outcome.notice is not None


# --- streamed text ------------------------------------------------------------------------------


async def test_streamed_text_reaches_on_text_piece_by_piece(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.stream(["Hel", "lo ", "founder."])
    pieces: list[str] = []
    outcome = await run_tool(
        user_id,
        text_run(history=({"role": "user", "content": "Hi"},)),
        on_text=lambda p: pieces.append(p) is None,
    )
    assert pieces == ["Hel", "lo ", "founder."]
    assert outcome == ToolOutcome(RunStatus.AI, "Hello founder.")
    (request,) = quick.requests
    assert request["stream"] is True
    assert request["messages"][-1] == {"role": "user", "content": "Hi"}


async def test_on_text_returning_false_stops_the_stream(
    quick: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    quick.stream(["One ", "two ", "three ", "four"], hold_after=3)
    pieces: list[str] = []

    def on_text(piece: str) -> bool:
        pieces.append(piece)
        return len(pieces) < 2

    outcome = await run_tool(user_id, text_run(), on_text=on_text)
    assert pieces == ["One ", "two "]
    assert outcome.status is RunStatus.AI and not outcome.complete
    assert outcome.result == "One two "
    assert quick.wait_disconnect()  # the HTTP stream was closed


# --- keeping runs in the founder's workspace (issue 14) ---------------------------------------


async def test_a_completed_run_is_kept_with_its_idea_tokens_and_time(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    """Issue 14, every run kept: the model's answer is stored for the founder with the input,
    the result as JSON, the model, the tokens of every call and the time; the outcome names
    the kept run."""
    user_id, _ = founder
    quick.reply_json({"summary": "Strong niche", "score": 80}, usage=(120, 30))
    keep = KeepRun(SCANNER.key, {"idea": "Socks by subscription"}, "Socks by subscription")
    outcome = await run_tool(user_id, json_run(keep=keep))
    assert outcome.run_id is not None
    run = workspace.get_run(session, user_id, outcome.run_id)
    assert run is not None
    assert (run.tool, run.input, run.result) == (
        "scanner",
        {"idea": "Socks by subscription"},
        {"summary": "Strong niche", "score": 80},
    )
    assert (run.sample, run.model, run.tokens) == (False, get_settings().ai_model, 150)
    assert run.duration_ms >= 0
    idea = workspace.get_idea(session, user_id, run.idea_id)
    assert idea is not None and idea.title == "Socks by subscription"


async def test_a_sample_run_is_kept_as_a_sample(founder: tuple[str, str], session: Session) -> None:
    user_id, _ = founder
    keep = KeepRun(SCANNER.key, {"idea": "Demo idea"}, "Demo idea")
    outcome = await run_tool(user_id, json_run(demo_seconds=0.01, keep=keep))
    run = workspace.get_run(session, user_id, outcome.run_id)
    assert run is not None and run.sample and run.result == SAMPLE.model_dump()
    assert run.origin == "sample"


async def test_failed_visitor_and_unkept_runs_keep_nothing(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    keep = KeepRun(SCANNER.key, {"idea": "x"}, "x")
    quick.status(400, "Bad request")
    failed = await run_tool(user_id, json_run(keep=keep))
    quick.reply("An answer for a visitor.")
    visitor = await run_tool(None, text_run(visitors=True, keep=keep), visitor_address=VISITOR)
    quick.reply_json({"summary": "Not kept"})
    unkept = await run_tool(user_id, json_run())
    assert (failed.run_id, visitor.run_id, unkept.run_id) == (None, None, None)
    assert workspace.runs_of_tool(session, user_id, SCANNER.key) == []


async def test_issue_28_a_stand_in_is_kept_as_a_fallback_never_as_the_ais(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    """Issue 28, item 5: the stand-in a founder is shown after an unusable reply (or a failed
    call) is kept as a run, its origin 'fallback': not the AI's answer, not demo mode."""
    user_id, _ = founder
    keep = KeepRun(SCANNER.key, {"idea": "Socks by subscription"}, "Socks by subscription")
    stand_in = Verdict(summary="General guidance", score=65)
    quick.broken_json().broken_json()
    unreadable = await run_tool(user_id, json_run(keep=keep, fallback=lambda _s: stand_in))
    for _ in range(3):
        quick.status(500, "Service unavailable")
    failed = await run_tool(user_id, json_run(keep=keep, fallback=lambda _s: stand_in))
    assert (unreadable.status, failed.status) == (RunStatus.UNREADABLE, RunStatus.FAILED)
    for outcome in (unreadable, failed):
        assert outcome.origin is Origin.FALLBACK and outcome.run_id is not None
        run = workspace.get_run(session, user_id, outcome.run_id)
        assert run is not None and run.result == stand_in.model_dump()
        assert (run.origin, run.sample, run.model) == ("fallback", True, "")
        assert run.idea_id is not None


async def test_issue_28_the_answer_and_the_sample_keep_their_origin(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    keep = KeepRun(SCANNER.key, {"idea": "Socks"}, "Socks")
    quick.reply_json({"summary": "Strong niche", "score": 80})
    outcome = await run_tool(user_id, json_run(keep=keep))
    run = workspace.get_run(session, user_id, outcome.run_id)
    assert run is not None and (run.origin, run.sample) == ("ai", False)


# --- every answered run is activity (issue 28, item 11) ---------------------------------------


def _run_lines(session: Session, user_id: str) -> list[tuple[str, str]]:
    session.expire_all()
    rows = session.exec(UserActivity.newest_first(user_id)).all()
    return [(r.tool_name, r.action) for r in rows if r.action.startswith("Ran ")]


async def test_a_run_is_the_founders_activity_once_and_a_save_is_not_a_second_run(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    """The dashboard's "Continue with..." and Tools Used follow runs, not only saves: each
    answered run logs one line, a re-run of the same tool right away moves that line (a
    chat's turns are one line), a save logs only its own ('Saved ...'), and failed runs and
    visitors log nothing."""
    user_id, _ = founder
    scanner, growth = VIABILITY_SCANNER.name, GROWTH_ENGINE.name
    quick.reply_json({"summary": "Strong niche", "score": 80})
    await run_tool(user_id, json_run(tool=scanner))
    assert _run_lines(session, user_id) == [(scanner, f"Ran {scanner}")]
    board = dashboard.load_dashboard(session, user_id)
    assert board is not None
    assert (board.resume_tool, board.resume_path) == (scanner, VIABILITY_SCANNER.path)
    assert board.stats.tools_used == 1

    quick.reply_json({"summary": "Again", "score": 81})
    await run_tool(user_id, json_run(tool=scanner))
    assert _run_lines(session, user_id) == [(scanner, f"Ran {scanner}")]
    quick.reply("Grow through partnerships.")
    await run_tool(user_id, text_run(tool=growth))
    assert _run_lines(session, user_id) == [(growth, f"Ran {growth}"), (scanner, f"Ran {scanner}")]

    outcome = saved_results.save_result(
        session,
        user_id,
        SaveRequest(scanner, "Viability Analysis - Score: 81/100", {"score": 81}),
    )
    assert outcome.ok
    assert len(_run_lines(session, user_id)) == 2  # the save is its own line, not a run
    board = dashboard.load_dashboard(session, user_id)
    assert board is not None and board.stats.tools_used == 2

    quick.status(400, "Bad request")
    await run_tool(user_id, json_run(tool=growth))
    quick.reply("An answer for a visitor.")
    await run_tool(None, text_run(tool=growth, visitors=True), visitor_address=VISITOR)
    assert len(_run_lines(session, user_id)) == 2


async def test_a_sample_run_in_demo_mode_is_activity_too(
    founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    await run_tool(user_id, json_run(tool=VIABILITY_SCANNER.name, demo_seconds=0.01))
    name = VIABILITY_SCANNER.name
    assert _run_lines(session, user_id) == [(name, f"Ran {name}")]
