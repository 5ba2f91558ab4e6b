"""A founder's brief for the tests: what each part's model answers and which pages its
research reads, and how to script them on the fake AI server. The parts run at the same time,
so each answer goes to its tool's requests only (`for_prompt`: a line of the tool's system
prompt, or of its research plan)."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.domain.test_incubator import ANALYSIS_REPLY
from tests.pages.funding.test_state import REPLY as FUNDING_REPLY
from tests.pages.growth.test_state import REPLY as GROWTH_REPLY
from tests.pages.scanner.test_state import REPLY as SCAN_REPLY
from tests.support.ai_server import FakeAiServer, WebPage

IDEA = "A booking app that cuts no-shows for physiotherapy clinics with deposits."

#: A line of each part's system prompt: its requests, and only its, get its answers.
MARKERS: dict[str, str] = {
    "scanner": "You are the Genesis Engine",
    "incubator": "You are a senior startup analyst at an incubator",
    "funding": "You are a venture capital analyst",
    "growth": "You are a growth strategist",
}
#: A line of each research plan (the Scanner and the Incubator share one: the market's).
RESEARCH_MARKERS: dict[str, str] = {
    "market": "the market size (with its year)",
    "funding": "funding benchmarks for this stage",
    "growth": "channel benchmarks",
}

MARKET_PAGES = [
    WebPage("Physio software market 2024", "https://www.marketdata.example/physio", "$1.2B"),
    WebPage("Clinic no-shows cost", "https://clinics.example/no-shows?utm_source=feed", "9%"),
]
FUNDING_PAGES = [
    # the market report again, written another way: one source in the brief
    WebPage("Physio market report", "http://marketdata.example/physio/", "$1.2B"),
    WebPage("Seed rounds in 2024", "https://www.vcdata.example/seed-2024", "Median $3.1M"),
]
GROWTH_PAGES = [
    WebPage("Clinic marketing benchmarks", "https://bench.example/clinics/", "CAC $120"),
]

SCAN: dict[str, Any] = copy.deepcopy(SCAN_REPLY)
SCAN["marketInsights"]["size"] = {"value": "$1.2B (2024)", "sources": [1]}
SCAN["marketInsights"]["growthRate"] = {"value": "9% CAGR", "sources": [2]}
SCAN["competitors"][0]["sources"] = [7]  # no such page: unverified

ANALYSIS: dict[str, Any] = copy.deepcopy(ANALYSIS_REPLY)
ANALYSIS["competitiveAnalysis"]["competitors"][0]["sources"] = [2]

FUNDING: dict[str, Any] = copy.deepcopy(FUNDING_REPLY)
FUNDING["amountSources"] = [2]  # the seed rounds page

GROWTH: dict[str, Any] = copy.deepcopy(GROWTH_REPLY)

#: A week later (the weekly watch): a newer market report read, the Scanner's answer on it with
#: a bigger market (cited) and one category up by 30, so the viability score moves beyond the
#: spread.
NEW_MARKET_PAGES = [
    WebPage("Physio software market 2025", "https://newreport.example/physio-2025", "$1.6B"),
    *MARKET_PAGES[1:],
]
SCAN_LATER: dict[str, Any] = copy.deepcopy(SCAN)
SCAN_LATER["marketInsights"]["size"] = {"value": "$1.6B (2025)", "sources": [1]}
SCAN_LATER["categories"][1]["score"] = SCAN["categories"][1]["score"] + 30

REPLIES: dict[str, dict[str, Any]] = {
    "scanner": SCAN,
    "incubator": ANALYSIS,
    "funding": FUNDING,
    "growth": GROWTH,
}


def script_parts(fake: FakeAiServer, *skip: str, delay: float = 0.0) -> FakeAiServer:
    """Each part's answer (but those in `skip`), for its own requests; after `delay` seconds
    when given (so the parts are seen working)."""
    for key, reply in REPLIES.items():
        if key in skip:
            continue
        if delay:
            fake.slow(delay, text=json.dumps(reply), for_prompt=MARKERS[key])
        else:
            fake.reply_json(reply, for_prompt=MARKERS[key])
    return fake


def script_failure(fake: FakeAiServer, key: str, attempts: int = 3) -> FakeAiServer:
    """Every attempt of `key`'s AI call fails with a server error."""
    for _ in range(attempts):
        fake.status(500, for_prompt=MARKERS[key])
    return fake


def script_research(fake: FakeAiServer) -> FakeAiServer:
    """The pages each part's research reads (the Scanner and the Incubator: the market's)."""
    for _ in range(2):
        fake.research(MARKET_PAGES, for_prompt=RESEARCH_MARKERS["market"])
    fake.research(FUNDING_PAGES, for_prompt=RESEARCH_MARKERS["funding"])
    fake.research(GROWTH_PAGES, for_prompt=RESEARCH_MARKERS["growth"])
    return fake
