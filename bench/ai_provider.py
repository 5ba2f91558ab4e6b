"""The AI-runs benchmark's provider: the project's OpenAI-compatible test server
(tests/support/ai_server.py) at a provider's pace, in a process of its own so that its
hundreds of paced answers never share an interpreter with the tabs or the probes.

Each founder's input carries a marker (`bench-run-00042-scanner`) that reaches every request
of its run (the research request, the JSON call, the chat turn), so the server answers each
tool's schema: browser-search requests read three pages (`executed_tools`), the Scanner gets
the built-in sample scan, the Funding Predictor the estimate of the form's default metrics, the
Co-Founder the sample reply (streamed). When the server stops it hands back, per request,
which run it served and how long its answer took (`time.monotonic()`, the same clock in every
process of the machine).
"""

from __future__ import annotations

import json
import multiprocessing
import re
from dataclasses import dataclass
from multiprocessing.synchronize import Event
from typing import Any

from tests.support.ai_server import (
    RESEARCH_NOTES,
    FakeAiServer,
    Pace,
    Scripted,
    WebPage,
    executed_tools,
    is_research,
)

TOOLS = ("scanner", "funding", "cofounder")
#: A provider as the issue describes it: first token after ~0.5 s, ~50 tokens/s, 5-20 s a reply.
REALISTIC = Pace(first_token=0.5, tokens_per_second=50.0, min_seconds=5.0, max_seconds=20.0)
#: The smoke run's provider: every answer within a second.
FAST = Pace(first_token=0.05, tokens_per_second=2000.0, min_seconds=0.2, max_seconds=1.0)
PACES = {"realistic": REALISTIC, "fast": FAST}
PAGES = [
    WebPage("Market report 2025", "https://market.example/report", "Worth $4.2B in 2024."),
    WebPage("Sector grows 11%", "https://news.example/growth", "11% CAGR to 2030."),
    WebPage("Rival raises $60M", "https://startups.example/rival", "Raised $60M in 2025."),
]
_MARKER = re.compile(r"bench-run-(\d{5})-(scanner|funding|cofounder)")
START_TIMEOUT = 30.0


def marker(index: int, tool: str) -> str:
    """The text that ties every request of run `index` to it."""
    return f"bench-run-{index:05d}-{tool}"


def find_marker(body: dict[str, Any]) -> tuple[int, str] | None:
    """(run index, tool) of the first marker in a request's messages (None: no marker)."""
    for message in body.get("messages") or []:
        found = (
            _MARKER.search(str(message.get("content") or "")) if isinstance(message, dict) else None
        )
        if found:
            return int(found.group(1)), found.group(2)
    return None


def _replies() -> dict[str, str]:
    """Each tool's reply text: what passes its schema and quality gate."""
    from startup_toolkit.domain import cofounder, funding, funding_estimate
    from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN

    data, _ = funding.parse_input({**funding.default_form(), "pitch": "A bench pitch."})
    assert data is not None
    estimate = funding_estimate.estimate(data)
    return {
        "scanner": json.dumps(SAMPLE_SCAN.model_dump(mode="json")),
        "funding": json.dumps(estimate.model_dump(mode="json")),
        "cofounder": cofounder.SAMPLE_REPLY,
    }


class Responder:
    """Answers each request as its tool expects (research: three pages read)."""

    def __init__(self) -> None:
        self.replies = _replies()
        self.research = executed_tools(PAGES, "search")

    def __call__(self, body: dict[str, Any]) -> Scripted | None:
        if is_research(body):
            return Scripted("reply", text=RESEARCH_NOTES, executed_tools=self.research)
        found = find_marker(body)
        return Scripted("reply", text=self.replies[found[1]]) if found else None


@dataclass(frozen=True)
class Answered:
    """One request the provider answered: its run (-1: none), whether it was the research
    step or streamed, and when it arrived and ended (monotonic seconds)."""

    run: int
    tool: str
    research: bool
    stream: bool
    started: float
    finished: float

    @property
    def seconds(self) -> float:
        return max(0.0, self.finished - self.started)


def _serve(
    pace: Pace,
    ready: multiprocessing.Queue[str],
    stop: Event,
    out: multiprocessing.Queue[list[Answered]],
) -> None:
    server = FakeAiServer(fallback="A bench reply.").pace(pace).answer_with(Responder())
    server.start()
    ready.put(server.base_url)
    stop.wait()
    answered = []
    for request in server.recorded:
        run, tool = find_marker(request.body) or (-1, "")
        research, stream = is_research(request.body), bool(request.body.get("stream"))
        answered.append(Answered(run, tool, research, stream, request.started, request.finished))
    server.stop()
    out.put(answered)


class Provider:
    """`with Provider(pace) as ai:` serves at `ai.base_url` from a spawned process;
    `answered()` stops it and returns every request it answered."""

    def __init__(self, pace: Pace) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._ready: multiprocessing.Queue[str] = ctx.Queue()
        self._out: multiprocessing.Queue[list[Answered]] = ctx.Queue()
        self._stop = ctx.Event()
        self._proc = ctx.Process(
            target=_serve, args=(pace, self._ready, self._stop, self._out), daemon=True
        )
        self.base_url = ""

    def __enter__(self) -> Provider:
        self._proc.start()
        self.base_url = self._ready.get(timeout=START_TIMEOUT)
        return self

    def answered(self) -> list[Answered]:
        """Stop serving; every request answered, in order of arrival."""
        self._stop.set()
        found = self._out.get(timeout=60)
        self._proc.join(timeout=30)
        return found

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._proc.is_alive():
            self._proc.join(timeout=10)
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=10)
