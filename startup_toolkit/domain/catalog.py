"""The product's tools: names, routes, categories and the words used to present them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tool:
    slug: str
    name: str
    path: str
    tagline: str
    description: str
    icon: str  # lucide icon name
    category: str  # Tool Explorer category
    color: str  # Radix colour name used for the tool's accent


def _tool(
    slug: str, name: str, icon: str, category: str, color: str, tagline: str, description: str
) -> Tool:
    """A tool whose page lives at /<slug>; the rows below give the arguments in this order."""
    return Tool(slug, name, f"/{slug}", tagline, description, icon, category, color)


VIABILITY_SCANNER = _tool(
    "startup-viability-scanner",
    "Startup Viability Scanner",
    "scan-search",
    "Strategy",
    "violet",
    "Diagnose your idea before you build",
    "Scores your idea on problem, market, risk, monetization and founder fit, "
    "with the reasoning and sources behind every number.",
)
AI_COFOUNDER = _tool(
    "ai-cofounder",
    "AI Co-Founder",
    "bot",
    "Strategy",
    "indigo",
    "A strategic partner on call",
    "Chat through business models, pricing, competitors and growth experiments "
    "with an assistant tuned to your stage and industry.",
)
FUNDING_PREDICTOR = _tool(
    "funding-predictor",
    "Funding Predictor",
    "trending-up",
    "Finance",
    "green",
    "Know your odds before the pitch",
    "Estimates your funding prospects and range, names investors who fit, and rewrites your pitch.",
)
GROWTH_ENGINE = _tool(
    "growth-engine",
    "Growth Engine",
    "rocket",
    "Growth",
    "orange",
    "A growth blueprint for your budget",
    "Turns your product, audience and budget into a four-week plan with KPIs, "
    "trend radar and a channel budget split.",
)
IDEA_INCUBATOR = _tool(
    "idea-incubator",
    "Idea Incubator",
    "lightbulb",
    "Innovation",
    "amber",
    "Analyse and stress-test an idea",
    "Market, competitors, product strategy and viability, then a stress test with a response plan.",
)
STARTUP_ORACLE = _tool(
    "startup-oracle",
    "Startup Oracle",
    "sparkles",
    "Analytics",
    "cyan",
    "Your success odds and next moves",
    "Success probability, the risks that matter and a roadmap for funding, customers and product.",
)
STARTUP_ARENA = _tool(
    "startup-arena",
    "Startup Arena",
    "trophy",
    "Growth",
    "crimson",
    "Compete, learn and climb",
    "A leaderboard, founder feed, challenges and events to keep momentum.",
)

#: The six tools presented on the home page, the pricing page and the favourites modal.
POPULAR_TOOLS: tuple[Tool, ...] = (
    VIABILITY_SCANNER,
    AI_COFOUNDER,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    IDEA_INCUBATOR,
    STARTUP_ORACLE,
)

#: Every tool with a page, in menu order (the header's 'Specialized Tools').
ALL_TOOLS: tuple[Tool, ...] = (*POPULAR_TOOLS, STARTUP_ARENA)

TOOL_EXPLORER_PATH = "/tool-explorer"

#: The Tool Explorer lists every tool, the flagship first, in menu order (issue 28, item 9:
#: the spec's five left out the Viability Scanner the menu's "Explore all tools" promises).
EXPLORER_TOOLS: tuple[Tool, ...] = ALL_TOOLS
#: Its category filters: every tool is in one of them.
EXPLORER_CATEGORIES: tuple[str, ...] = ("Strategy", "Finance", "Growth", "Innovation", "Analytics")

#: The tools a founder at each stage is pointed to first, with how well they fit (the tool
#: recommender's answer when the AI cannot give one, T-REC-2).
STAGE_TOOLS: dict[str, tuple[tuple[Tool, int], ...]] = {
    "early": ((VIABILITY_SCANNER, 90), (IDEA_INCUBATOR, 90), (AI_COFOUNDER, 75)),
    "growth": ((GROWTH_ENGINE, 90), (STARTUP_ORACLE, 90), (FUNDING_PREDICTOR, 75)),
}


CATALOG_BY_SLUG: dict[str, Tool] = {t.slug: t for t in ALL_TOOLS}


def tool_by_path(path: str) -> Tool | None:
    return next((t for t in ALL_TOOLS if t.path == path), None)
