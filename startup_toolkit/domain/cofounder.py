"""AI Co-Founder (T-CHAT-1..3): example prompts, feature list, pro tips, message bounds, the
demo-mode sample reply and the chat's user-facing texts. Pure: no I/O, no Reflex."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from startup_toolkit.domain.ai_request import STREAM_FLUSH_SECONDS
from startup_toolkit.domain.model_links import unlinked_markdown
from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts

# --- Bounds ----------------------------------------------------------------------------------

#: The longest question a user may send (the input enforces it too).
MAX_MESSAGE_CHARS = 4000
#: Messages kept on the page (older ones drop off; the AI sees at most its own window).
#: With the reply bound this keeps one tab's state well under a megabyte.
MAX_STORED_MESSAGES = 40
#: The longest reply kept (a reply is cut here and marked as interrupted).
MAX_REPLY_CHARS = 20_000
#: Streamed text is pushed to the browser at most this often (<= 20 updates a second).
FLUSH_SECONDS = STREAM_FLUSH_SECONDS
#: The demo-mode sample reply streams one word about this often.
SAMPLE_WORD_SECONDS = 0.015

ROLES = ("user", "assistant")
#: The pages a reply may link to (issue 27, item 8): those its research step read. The
#: Co-Founder does no research, so none: every link a reply writes is shown as its text and
#: its site.
PAGES_READ: tuple[str, ...] = ()

# Message status: how an assistant message ended ("" = complete).
COMPLETE = ""
INTERRUPTED = "interrupted"
STOPPED = "stopped"
SAMPLE = "sample"

# --- Texts (spec ai-tools sections 4, 5 and 8) --------------------------------------------------

EMPTY_MESSAGE = "Empty message"
EMPTY_MESSAGE_DETAIL = "Please enter a question or prompt"
TOO_LONG = "Message too long"
TOO_LONG_DETAIL = f"Please keep your message under {MAX_MESSAGE_CHARS:,} characters."
FAILED = "Failed to get response"
FAILED_DETAIL = "There was an error processing your request. Please try again."
BUDGET_TITLE = "Daily AI allowance used"
CHAT_CLEARED = "Chat cleared"
SIGN_IN_REQUIRED = "Authentication required"
SIGN_IN_REQUIRED_DETAIL = "Please log in to chat with your AI Co-Founder"
NO_ACCESS = "Subscription required"
NO_ACCESS_DETAIL = "An active plan is needed to use the AI Co-Founder."
NOTHING_TO_SAVE = "Nothing to save yet"
NOTHING_TO_SAVE_DETAIL = "Ask your AI Co-Founder something first."
WAIT_FOR_REPLY = "Still replying"
WAIT_FOR_REPLY_DETAIL = "Wait for the reply to finish (or stop it), then save."
NOTHING_TO_DOWNLOAD = "Nothing to download yet"
WAIT_FOR_DOWNLOAD_DETAIL = "Wait for the reply to finish (or stop it), then download."

TYPE_INSTEAD = "Type your question instead."

#: How a reply that could not be had is told (the budget's reason is the AI service's).
RUN_TEXTS = RunTexts(
    failed=Notice(FAILED, FAILED_DETAIL),
    no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL),
    budget=Notice(BUDGET_TITLE, AI_REASON),
)

SAMPLE_LABEL = "Sample reply (demo mode)"
INTERRUPTED_LABEL = "Reply interrupted"
STOPPED_LABEL = "Stopped"
STATUS_LABELS: dict[str, str] = {
    INTERRUPTED: INTERRUPTED_LABEL,
    STOPPED: STOPPED_LABEL,
    SAMPLE: SAMPLE_LABEL,
}

# --- Examples, features, tips --------------------------------------------------------------


@dataclass(frozen=True)
class ExamplePrompt:
    title: str
    description: str
    prompt: str
    icon: str  # lucide icon name


EXAMPLES: tuple[ExamplePrompt, ...] = (
    ExamplePrompt(
        title="Business Model Analysis",
        description="Stress-test how you create, deliver and capture value.",
        prompt=(
            "Analyze my business model. My product is [what you sell], my customers are "
            "[who pays], and I make money by [pricing / revenue model]. What are the strongest "
            "and weakest parts of this model, which assumptions should I test first, and which "
            "alternative revenue models should I consider?"
        ),
        icon="layers",
    ),
    ExamplePrompt(
        title="Competitive Analysis",
        description="Map competitors and find the gap you can own.",
        prompt=(
            "Help me analyze my competition. I'm building [your product] for [target customers]. "
            "My main competitors are [competitor names, or 'not sure']. Compare us on price, "
            "features, positioning and target segment, point out where the market is "
            "underserved, and suggest how I can differentiate in a way that's hard to copy."
        ),
        icon="swords",
    ),
    ExamplePrompt(
        title="Market Sizing",
        description="Estimate TAM, SAM and SOM with clear assumptions.",
        prompt=(
            "Estimate the market size for my startup: [your product] for [target customers] in "
            "[region]. Calculate TAM, SAM and SOM both top-down and bottom-up, show every "
            "assumption and number you use, and tell me which assumptions I should validate "
            "first."
        ),
        icon="chart-pie",
    ),
    ExamplePrompt(
        title="Pricing Strategy",
        description="Choose a pricing model and price points that fit.",
        prompt=(
            "Help me design my pricing strategy. My product is [your product], my customers are "
            "[who pays], competitors charge [competitor prices], and my cost to serve one "
            "customer is about [cost]. Recommend a pricing model (e.g. subscription, usage-based, "
            "freemium, tiers), concrete price points, and how to test them with real customers."
        ),
        icon="tags",
    ),
    ExamplePrompt(
        title="Growth Experiments",
        description="Plan cheap, fast experiments to find traction.",
        prompt=(
            "Suggest 5 growth experiments for my startup. We are [your product] at the "
            "[idea / MVP / launched] stage, our customers are [target customers], and our monthly "
            "budget is [budget]. For each experiment give the hypothesis, the steps, the cost, "
            "the metric to watch and what result would count as success."
        ),
        icon="flask-conical",
    ),
)


@dataclass(frozen=True)
class Feature:
    title: str
    description: str
    icon: str


FEATURES: tuple[Feature, ...] = (
    Feature(
        "Strategic thinking partner",
        "Talk through business models, positioning and hard trade-offs.",
        "brain",
    ),
    Feature(
        "Market and competitor insight",
        "Size your market and map who you're really up against.",
        "chart-no-axes-combined",
    ),
    Feature(
        "Pricing and growth playbooks",
        "Price points, experiments and the metrics that prove them.",
        "rocket",
    ),
    Feature(
        "Tuned to you",
        "Replies follow your AI settings: style, expertise and industry.",
        "sliders-horizontal",
    ),
    Feature(
        "Voice input",
        "Speak your question where your browser supports it.",
        "mic",
    ),
)

PRO_TIPS: tuple[str, ...] = (
    "Give context: your stage, customers, numbers and constraints.",
    "Ask for a format: a table, a checklist or a 30-day plan.",
    "Follow up with 'why?', 'what would you cut?' or 'what's the biggest risk?'",
    "Replace the [brackets] in example prompts with your own details.",
    "Save conversations worth keeping: they appear on your dashboard.",
)

# --- Demo mode -----------------------------------------------------------------------------

SAMPLE_REPLY = """Great question. Here's how I'd approach it as your co-founder:

### 1. Get specific about the customer
Name the one customer segment that feels the problem most often and most painfully. \
Talk to **10 of them this week** and write down the exact words they use.

### 2. Test the riskiest assumption first
- **Demand**: will they pay? Try a pre-order or a letter of intent.
- **Channel**: can you reach them cheaply? Run a small, time-boxed test.
- **Retention**: do they come back? Track week-4 usage, not sign-ups.

### 3. Decide with numbers
| Metric | Early target |
|---|---|
| Customer interviews | 10+ |
| Paying pilots | 3 |
| Week-4 retention | 40% |

**Next step:** pick one assumption above and design a test you can run in 5 days.

*This is a sample reply: connect an AI key to get answers about your own startup.*"""


def sample_chunks(text: str = SAMPLE_REPLY) -> list[str]:
    """The sample reply as stream deltas (each word with the whitespace before it)."""
    return re.findall(r"\s*\S+", text) or [text]


# --- Rules ---------------------------------------------------------------------------------


def validate_message(value: Any) -> tuple[str, tuple[str, str] | None]:
    """(the message to send, None) or ('', (toast title, description)) when it cannot be sent.
    Surrounding whitespace is dropped; a blank or non-text message is an 'Empty message'."""
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        return "", (EMPTY_MESSAGE, EMPTY_MESSAGE_DETAIL)
    if len(text) > MAX_MESSAGE_CHARS:
        return "", (TOO_LONG, TOO_LONG_DETAIL)
    return text, None


def clip_draft(value: Any) -> str:
    """What the input may hold (a little over the limit, so a paste is not silently cut)."""
    return value[: MAX_MESSAGE_CHARS + 1000] if isinstance(value, str) else ""


def message(role: str, content: str, status: str = COMPLETE) -> dict[str, str]:
    """One chat message as the page keeps it."""
    return {"role": role, "content": content, "status": status}


def shown_reply(content: str) -> str:
    """A reply's Markdown as the page shows it: links only to `PAGES_READ`, any other one as
    its text followed by its site ("the guide (example.com)")."""
    return unlinked_markdown(content, PAGES_READ)


def shown_messages(messages: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The conversation as the page shows it: each reply through `shown_reply`, the founder's
    own messages as typed (shown as text, never as Markdown)."""
    return [
        {**m, "content": shown_reply(m["content"])} if m.get("role") == "assistant" else dict(m)
        for m in messages
        if isinstance(m.get("content"), str)
    ]


def cap_messages(messages: Sequence[dict[str, str]]) -> list[dict[str, str]]:
    """The newest `MAX_STORED_MESSAGES` messages."""
    return list(messages[-MAX_STORED_MESSAGES:])


def history(messages: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """What the AI is sent: user and assistant turns with text (the AI service applies its
    own window on top). Demo-mode sample replies are not part of the conversation."""
    return [
        {"role": m["role"], "content": m["content"]}
        for m in messages
        if m.get("role") in ROLES
        and m.get("status") != SAMPLE
        and isinstance(m.get("content"), str)
        and m["content"].strip()
    ]


def saved_messages(messages: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The conversation as saved (spec chat payload: role and content only)."""
    return [
        {"role": m["role"], "content": m["content"]}
        for m in messages
        if m.get("role") in ROLES and isinstance(m.get("content"), str) and m["content"].strip()
    ]


def save_title(count: int) -> str:
    """'AI Co-Founder chat - 4 messages'."""
    return f"AI Co-Founder chat - {count} message{'' if count == 1 else 's'}"


def chat_markdown(messages: Iterable[Mapping[str, Any]], exported_at: datetime) -> str:
    """The conversation as a Markdown file: who said what, in order, with a reply's status
    (sample, stopped, interrupted) under it."""
    lines = [
        "# AI Co-Founder conversation",
        "",
        f"Exported {exported_at:%Y-%m-%d %H:%M} UTC.",
    ]
    for m in messages:
        content = m.get("content")
        if m.get("role") not in ROLES or not isinstance(content, str) or not content.strip():
            continue
        speaker = "You" if m["role"] == "user" else "AI Co-Founder"
        lines += ["", f"## {speaker}", "", content.strip()]
        label = STATUS_LABELS.get(str(m.get("status") or ""))
        if label:
            lines += ["", f"_{label}_"]
    return "\n".join(lines) + "\n"


def chat_filename(exported_at: datetime) -> str:
    """'cofounder-chat-{timestamp}.md' (milliseconds, like the other tools' downloads)."""
    return f"cofounder-chat-{int(exported_at.timestamp() * 1000)}.md"


def join_transcript(current: str, heard: Any) -> str:
    """The input after voice input: what was typed, then what was heard."""
    words = " ".join(heard.split()) if isinstance(heard, str) else ""
    if not words:
        return current
    joined = f"{current.rstrip()} {words}" if current.strip() else words
    return clip_draft(joined)
