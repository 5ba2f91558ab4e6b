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


VIABILITY_SCANNER = Tool(
    slug="startup-viability-scanner",
    name="Startup Viability Scanner",
    path="/startup-viability-scanner",
    tagline="Diagnose your idea before you build",
    description="Scores your idea on problem, market, risk, monetization and founder fit, "
    "with the reasoning and sources behind every number.",
    icon="scan-search",
    category="Strategy",
    color="violet",
)
AI_COFOUNDER = Tool(
    slug="ai-cofounder",
    name="AI Co-Founder",
    path="/ai-cofounder",
    tagline="A strategic partner on call",
    description="Chat through business models, pricing, competitors and growth experiments "
    "with an assistant tuned to your stage and industry.",
    icon="bot",
    category="Strategy",
    color="indigo",
)
FUNDING_PREDICTOR = Tool(
    slug="funding-predictor",
    name="Funding Predictor",
    path="/funding-predictor",
    tagline="Know your odds before the pitch",
    description="Estimates your funding prospects and range, names investors who fit, "
    "and rewrites your pitch.",
    icon="trending-up",
    category="Finance",
    color="green",
)
GROWTH_ENGINE = Tool(
    slug="growth-engine",
    name="Growth Engine",
    path="/growth-engine",
    tagline="A growth blueprint for your budget",
    description="Turns your product, audience and budget into a four-week plan with KPIs, "
    "trend radar and a channel budget split.",
    icon="rocket",
    category="Growth",
    color="orange",
)
IDEA_INCUBATOR = Tool(
    slug="idea-incubator",
    name="Idea Incubator",
    path="/idea-incubator",
    tagline="Analyse and stress-test an idea",
    description="Market, competitors, product strategy and viability, then a stress test "
    "with a response plan.",
    icon="lightbulb",
    category="Innovation",
    color="amber",
)
STARTUP_ORACLE = Tool(
    slug="startup-oracle",
    name="Startup Oracle",
    path="/startup-oracle",
    tagline="Your success odds and next moves",
    description="Success probability, the risks that matter and a roadmap for funding, "
    "customers and product.",
    icon="sparkles",
    category="Analytics",
    color="cyan",
)
STARTUP_ARENA = Tool(
    slug="startup-arena",
    name="Startup Arena",
    path="/startup-arena",
    tagline="Compete, learn and climb",
    description="A leaderboard, founder feed, challenges and events to keep momentum.",
    icon="trophy",
    category="Growth",
    color="crimson",
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

#: The five tools of the Tool Explorer (spec: one per category), in its order.
EXPLORER_TOOLS: tuple[Tool, ...] = (
    AI_COFOUNDER,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    IDEA_INCUBATOR,
    STARTUP_ORACLE,
)
EXPLORER_CATEGORIES: tuple[str, ...] = ("Strategy", "Finance", "Growth", "Innovation", "Analytics")


CATALOG_BY_SLUG: dict[str, Tool] = {t.slug: t for t in ALL_TOOLS}


def tool_by_path(path: str) -> Tool | None:
    return next((t for t in ALL_TOOLS if t.path == path), None)
