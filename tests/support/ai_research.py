"""The research step's wire shapes for the OpenAI-compatible test server (ai_server.py): how
a request asks for the browser search tool, and Groq's `executed_tools` for the pages a
scripted search read (../shared/ai-notes.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


def is_research(body: dict[str, Any]) -> bool:
    """Whether a request asks for the browser search tool (the research step)."""
    tools = body.get("tools") or []
    return any(isinstance(t, dict) and t.get("type") == "browser_search" for t in tools)


#: A research reply's notes when a test does not give any.
RESEARCH_NOTES = "Research notes: the figures found on the pages read."


@dataclass(frozen=True)
class WebPage:
    """A page a scripted search read."""

    title: str
    url: str
    content: str = ""


def executed_tools(pages: list[WebPage], shape: str) -> list[dict[str, Any]]:
    """Groq's `executed_tools` for these pages: `search` (one search with
    `search_results.results`), `browser` (one visit per page with `browser_results`) or
    `both` (the first half searched, the rest visited)."""

    def found(items: list[WebPage]) -> dict[str, Any]:
        return {
            "index": 0,
            "type": "search",
            "arguments": json.dumps({"query": "market size"}),
            "output": "",
            "search_results": {
                "results": [
                    {"title": p.title, "url": p.url, "content": p.content, "score": 0.9 - i / 100}
                    for i, p in enumerate(items)
                ]
            },
        }

    def visited(items: list[WebPage], start: int) -> list[dict[str, Any]]:
        return [
            {
                "index": start + i,
                "type": "visit",
                "arguments": json.dumps({"url": p.url}),
                "output": p.content,
                "browser_results": [
                    {"title": p.title, "url": p.url, "content": p.content, "live_view_url": None}
                ],
            }
            for i, p in enumerate(items)
        ]

    if shape == "search":
        return [found(pages)]
    if shape == "browser":
        return visited(pages, 0)
    half = (len(pages) + 1) // 2
    return [found(pages[:half]), *visited(pages[half:], 1)]
