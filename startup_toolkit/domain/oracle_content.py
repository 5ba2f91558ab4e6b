"""The Startup Oracle's generated content (T-ORA-4): the kinds of material it writes, their
titles and file names, the model's text as shown, demo mode's samples, and what a failed
generation says. Pure: no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain.reply_values import plain_text
from startup_toolkit.domain.saved_results import download_filename
from startup_toolkit.domain.tool_run import Notice, RunTexts


@dataclass(frozen=True)
class ContentKind:
    kind: str
    label: str  # 'Failed to generate {label}'
    button: str
    title: str
    extension: str
    icon: str
    ask: str


CONTENT_KINDS: tuple[ContentKind, ...] = (
    ContentKind(
        "code",
        "code",
        "Landing page code",
        "Landing Page Component",
        "tsx",
        "code",
        "Write one self-contained React component in TypeScript (TSX) for this startup's "
        "landing page hero: headline, subheadline, three benefit bullets and a call to action. "
        "Reply with the code only.",
    ),
    ContentKind(
        "content",
        "marketing copy",
        "Marketing copy",
        "Marketing Copy",
        "txt",
        "megaphone",
        "Write marketing copy: a headline, a tagline, a 100-word product description and three "
        "short social media posts.",
    ),
    ContentKind(
        "email",
        "email",
        "Outreach email",
        "Customer Outreach Email",
        "txt",
        "mail",
        "Write a short cold outreach email to a potential early customer, with a subject line, "
        "that asks for a 15-minute call.",
    ),
    ContentKind(
        "tasks",
        "task list",
        "Task list",
        "Next 30 Days Task List",
        "txt",
        "list-checks",
        "Write a task list of exactly 5 tasks for the next 30 days. For each task give a "
        "one-line description and a deadline (e.g. 'Deadline: Day 7').",
    ),
    ContentKind(
        "article",
        "article",
        "Article",
        "Founder Article",
        "md",
        "newspaper",
        "Write an article of 1000-1500 words in Markdown about the problem this startup solves "
        "and how it solves it. Cite sources from the last 1-2 years; if you have none, write "
        "'No recent data/source available'.",
    ),
    ContentKind(
        "document",
        "document",
        "Business document",
        "One-Page Business Plan",
        "md",
        "file-text",
        "Write a one-page business plan in Markdown: problem, solution, customers, business "
        "model, go-to-market, milestones, risks. Cite sources from the last 1-2 years; if you "
        "have none, write 'No recent data/source available'.",
    ),
    ContentKind(
        "video",
        "video script",
        "Video script",
        "Pitch Video Script",
        "txt",
        "video",
        "Write a 5-10 minute video script pitching this startup, with scene directions in "
        "square brackets. Cite sources from the last 1-2 years; if you have none, write "
        "'No recent data/source available'.",
    ),
)
CONTENT_BY_KIND = {c.kind: c for c in CONTENT_KINDS}
CONTENT_FAILED_DETAIL = "Please try again later"
MAX_CONTENT_CHARS = 30_000
CONTENT_MAX_TOKENS = 3000
SAMPLE_CONTENT_NOTE = "[Sample content (demo mode): set AI_API_KEY for content about your idea.]"


def content_failed(kind: ContentKind) -> str:
    return f"Failed to generate {kind.label}"


def content_filename(title: str, kind: str) -> str:
    """Lowercased title, runs of non-alphanumerics as one dash: .tsx for code, .md for
    article and document, .txt for the rest."""
    content = CONTENT_BY_KIND.get(kind)
    return download_filename(title, content.extension if content else "txt")


def content_mime(kind: str) -> str:
    content = CONTENT_BY_KIND.get(kind)
    return "text/markdown" if content and content.extension == "md" else "text/plain"


def clean_content(text: Any) -> str:
    """The model's text as shown and downloaded: no surrounding code fence, capped."""
    if not isinstance(text, str):
        return ""
    body = text.strip()
    fence = re.fullmatch(r"```[\w+-]*\n(.*?)\n?```", body, re.DOTALL)
    if fence:
        body = fence.group(1).strip()
    return body[:MAX_CONTENT_CHARS]


def sample_content(kind: ContentKind, idea: str) -> str:
    """Demo mode's built-in content for each kind, clearly labelled."""
    name = plain_text(idea, 80) or "your startup"
    bodies = {
        "code": (
            "export default function Hero() {\n"
            "  return (\n"
            '    <section className="hero">\n'
            "      <h1>Your Startup</h1>\n"
            "      <p>Get unstuck faster.</p>\n"
            "      <button>Join the waitlist</button>\n"
            "    </section>\n"
            "  );\n"
            "}"
        ),
        "tasks": "\n".join(
            f"{i}. {task} - Deadline: Day {day}"
            for i, (task, day) in enumerate(
                [
                    ("Interview 10 target customers", 7),
                    ("Write the one-page value proposition", 10),
                    ("Build a landing page with a waitlist", 14),
                    ("Run a small paid test for sign-ups", 21),
                    ("Review results and pick the next experiment", 30),
                ],
                start=1,
            )
        ),
    }
    body = bodies.get(
        kind.kind,
        f"{kind.title} for {name}\n\nThis is sample text that shows where your generated "
        f"{kind.label} will appear.",
    )
    return f"{SAMPLE_CONTENT_NOTE}\n\n{body}" if kind.kind != "code" else body


def run_texts(kind: ContentKind) -> RunTexts:
    """Every failure of a generation (no access, the daily limit, the AI) says the same."""
    failed = Notice(content_failed(kind), CONTENT_FAILED_DETAIL)
    return RunTexts(failed=failed, no_access=failed, budget=failed)
