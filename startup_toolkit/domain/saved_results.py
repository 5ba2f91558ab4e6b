"""The saved-result payload (spec ai-tools section 3 "Saved result", platform section 7),
HTML sanitising for `formatted_content`, and file names for downloads. Pure: no I/O.

Payload, exactly as the spec:
- text:   content = {rawContent, formattedContent, summary, wordCount}
- chat:   content = {messages: [{role, content}], messageCount}
- object: content = {data}
- metadata = {**caller metadata, savedAt (ISO time), contentLength, summary (<= 200 chars)}
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

import nh3

SUMMARY_MAX = 200
TITLE_MAX = 300
TOOL_NAME_MAX = 100
CONTENT_TYPE_MAX = 50
#: What one saved result may hold, measured as UTF-8 JSON (content) and UTF-8 HTML.
CONTENT_MAX_BYTES = 200 * 1024
METADATA_MAX_BYTES = 16 * 1024
SLUG_MAX = 80

CHAT_ROLES = ("user", "assistant")
ContentKind = Literal["text", "chat", "object"]
DEFAULT_CONTENT_TYPES: dict[str, str] = {"text": "text", "chat": "chat", "object": "json"}

# User-facing texts (spec: validation and error catalogue).
SAVED = "Results saved to your dashboard!"
AUTH_REQUIRED = "Authentication required"
AUTH_REQUIRED_DETAIL = "Please log in to save results"
NOTHING_TO_SAVE = "Nothing to save yet"
NOTHING_TO_SAVE_DETAIL = "Run the tool first, then save its results."
TOO_LARGE = "This result is too large to save"
TOO_LARGE_DETAIL = f"A saved result can hold at most {CONTENT_MAX_BYTES // 1024} KB."
UNSUPPORTED = "This result could not be saved"
UNSUPPORTED_DETAIL = "Its content is not in a format that can be stored."
TOOL_REQUIRED = "A tool name is required to save a result"


class PayloadError(ValueError):
    """The result cannot be saved; `message` and `description` are ready for a toast."""

    def __init__(self, message: str, description: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.description = description


@dataclass(frozen=True)
class SavedResultPayload:
    """What one saved_results row stores (the spec's field names in `content`/`metadata`)."""

    tool_name: str
    title: str
    content: dict[str, Any]
    content_type: str
    formatted_content: str
    metadata: dict[str, Any]
    kind: ContentKind


# --- HTML sanitising -----------------------------------------------------------------------

ALLOWED_TAGS: frozenset[str] = frozenset(
    {
        "a", "abbr", "b", "blockquote", "br", "caption", "code", "dd", "del", "div", "dl", "dt",
        "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "li", "mark", "ol", "p", "pre",
        "s", "small", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th",
        "thead", "tr", "u", "ul",
    }
)  # fmt: skip
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "ol": {"start"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
}
#: Elements removed together with everything inside them.
REMOVED_WITH_CONTENT: frozenset[str] = frozenset(
    {"script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "math"}
)
LINK_REL = "noopener noreferrer nofollow"
_HTTP_URL = re.compile(r"^https?://", re.IGNORECASE)


def _keep_attribute(tag: str, attribute: str, value: str) -> str | None:
    """Links only to absolute http(s) addresses."""
    if tag == "a" and attribute == "href" and not _HTTP_URL.match(value.strip()):
        return None
    return value


def sanitize_html(html: Any) -> str:
    """A small safe subset of HTML: text formatting, lists, tables and http(s) links
    (rel=noopener noreferrer nofollow, new tab). No images, scripts, styles, event handlers
    or other URL schemes; relative links are dropped."""
    if not isinstance(html, str) or not html.strip():
        return ""
    return nh3.clean(
        html,
        tags=set(ALLOWED_TAGS),
        clean_content_tags=set(REMOVED_WITH_CONTENT),
        attributes={tag: set(attrs) for tag, attrs in ALLOWED_ATTRIBUTES.items()},
        attribute_filter=_keep_attribute,
        url_schemes={"http", "https"},
        url_relative="deny",
        link_rel=LINK_REL,
        set_tag_attribute_values={"a": {"target": "_blank"}},
        strip_comments=True,
    )


# --- File names ----------------------------------------------------------------------------


def slugify(title: Any, fallback: str = "result") -> str:
    """The lowercased title with each run of non-alphanumerics turned into one dash
    (spec: download names); no dash at either end, at most 80 characters."""
    text = title.lower() if isinstance(title, str) else ""
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    slug = slug[:SLUG_MAX].rstrip("-")
    return slug or fallback


def download_filename(title: Any, extension: str) -> str:
    """`slugify(title)` plus the extension: ('Go-To-Market Plan', 'md') -> 'go-to-market-plan.md'"""
    ext = re.sub(r"[^a-z0-9]+", "", extension.lower()) or "txt"
    return f"{slugify(title)}.{ext}"


# --- Building the payload ------------------------------------------------------------------


def iso_timestamp(now: datetime) -> str:
    """ISO 8601 in UTC with milliseconds and 'Z', like JavaScript's `toISOString()`."""
    moment = now.astimezone(UTC) if now.tzinfo else now.replace(tzinfo=UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def compact_json(value: Any) -> str:
    """JSON like `JSON.stringify` (no spaces); raises TypeError/ValueError when not JSON."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def truncate_summary(text: str, limit: int = SUMMARY_MAX) -> str:
    """At most `limit` characters; a cut text ends with an ellipsis (counted in the limit)."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


def _plain(text: str) -> str:
    """One line of readable text: markdown markers dropped, whitespace collapsed."""
    text = re.sub(r"<[^>]*>", " ", text)  # tags, when a caller passes HTML as text
    text = re.sub(r"(?m)^[ \t]*(?:#{1,6}|>+|[-*+]|\d+[.)])[ \t]+", "", text)  # line markers
    text = re.sub(r"\*\*|__|~~|`+", "", text)  # bold, strike-through, code
    return " ".join(text.split())


def _jsonable(value: Any) -> Any:
    """Pydantic models and dataclasses as plain JSON values; other values unchanged."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value


def _messages(value: Any) -> list[dict[str, str]] | None:
    """The chat messages in `value` ({messages: [...]} or a bare list of {role, content}),
    keeping user and assistant turns; None when `value` is not a chat."""
    if isinstance(value, Mapping) and isinstance(value.get("messages"), list):
        items = value["messages"]
    elif (
        isinstance(value, list)
        and value
        and all(isinstance(m, Mapping) and "role" in m and "content" in m for m in value)
    ):
        items = value
    else:
        return None
    messages = []
    for item in items:
        if not isinstance(item, Mapping):
            continue
        role, content = item.get("role"), item.get("content")
        if role in CHAT_ROLES and isinstance(content, str) and content.strip():
            messages.append({"role": role, "content": content})
    return messages


def content_kind(content: Any) -> ContentKind:
    """text for a string, chat for messages, object for anything else."""
    if isinstance(content, str):
        return "text"
    if _messages(_jsonable(content)) is not None:
        return "chat"
    return "object"


def saved_data(content: Mapping[str, Any], result_key: str) -> Mapping[str, Any] | None:
    """A saved tool result's `data` when it holds the tool's result under `result_key`."""
    data = content.get("data")
    return data if isinstance(data, Mapping) and result_key in data else None


def saved_inputs(data: Mapping[str, Any]) -> dict[str, Any]:
    """The form a saved tool result was made from (its `input`; {} when it has none)."""
    inputs = data.get("input")
    return dict(inputs) if isinstance(inputs, Mapping) else {}


_SUMMARY_KEYS = ("summary", "analysis", "assessment", "overview", "description", "verdict")


def _object_summary(data: Any) -> str:
    if isinstance(data, Mapping):
        for key in _SUMMARY_KEYS:
            value = data.get(key)
            if isinstance(value, str) and value.strip():
                return value
    return ""


def _is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str | list | dict | tuple) and len(value) == 0)


def _clean_line(value: Any, limit: int) -> str:
    text = " ".join(value.split()) if isinstance(value, str) else ""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _content_type(value: Any, kind: ContentKind) -> str:
    text = value.strip().lower() if isinstance(value, str) else ""
    if text and len(text) <= CONTENT_TYPE_MAX and re.fullmatch(r"[a-z0-9][a-z0-9_-]*", text):
        return text
    return DEFAULT_CONTENT_TYPES[kind]


def _caller_metadata(metadata: Any) -> dict[str, Any]:
    if not isinstance(metadata, Mapping):
        return {}
    return {str(key): _jsonable(value) for key, value in metadata.items()}


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


@dataclass(frozen=True)
class SaveRequest:
    """What a tool asks to save: its name, the result's title and content, and optionally the
    content type, the formatted HTML and metadata (as given: `build_payload` checks them)."""

    tool_name: Any
    title: Any
    content: Any
    content_type: Any = ""
    formatted_content: Any = ""
    metadata: Any = None


def build_payload(request: SaveRequest, *, now: datetime) -> SavedResultPayload:
    """The stored form of one result. Raises `PayloadError` when there is nothing to save,
    no tool name, content that is not JSON, or more than the size limits."""
    tool = _clean_line(request.tool_name, TOOL_NAME_MAX)
    if not tool:
        raise PayloadError(TOOL_REQUIRED)
    title, content_type = request.title, request.content_type
    content = _jsonable(request.content)
    if _is_empty(content) or (isinstance(content, str) and not content.strip()):
        raise PayloadError(NOTHING_TO_SAVE, NOTHING_TO_SAVE_DETAIL)

    formatted = sanitize_html(request.formatted_content)
    caller = _caller_metadata(request.metadata)
    caller_summary = caller.get("summary")
    kind = content_kind(content)

    if kind == "text":
        summary_source = content
        stored: dict[str, Any] = {
            "rawContent": content,
            "formattedContent": formatted,
            "summary": "",
            "wordCount": len(content.split()),
        }
        length = len(content)
    elif kind == "chat":
        messages = _messages(content) or []
        if not messages:
            raise PayloadError(NOTHING_TO_SAVE, NOTHING_TO_SAVE_DETAIL)
        first_question = next((m["content"] for m in messages if m["role"] == "user"), "")
        summary_source = first_question or messages[0]["content"]
        stored = {"messages": messages, "messageCount": len(messages)}
    else:
        summary_source = _object_summary(content)
        stored = {"data": content}

    if isinstance(caller_summary, str) and caller_summary.strip():
        summary_source = caller_summary
    summary = truncate_summary(_plain(summary_source)) or _clean_line(title, SUMMARY_MAX)
    if kind == "text":
        stored["summary"] = summary

    try:
        if kind != "text":
            length = len(compact_json(stored if kind == "chat" else content))
        content_json = compact_json(stored)
        caller_json = compact_json(caller)
    except (TypeError, ValueError) as exc:
        raise PayloadError(UNSUPPORTED, UNSUPPORTED_DETAIL) from exc
    if _size(content_json) > CONTENT_MAX_BYTES or _size(formatted) > CONTENT_MAX_BYTES:
        raise PayloadError(TOO_LARGE, TOO_LARGE_DETAIL)
    if _size(caller_json) > METADATA_MAX_BYTES:
        raise PayloadError(TOO_LARGE, "Its details (metadata) are too large.")

    return SavedResultPayload(
        tool_name=tool,
        title=_clean_line(title, TITLE_MAX) or f"{tool} result",
        content=stored,
        content_type=_content_type(content_type, kind),
        formatted_content=formatted,
        metadata={
            **caller,
            "savedAt": iso_timestamp(now),
            "contentLength": length,
            "summary": summary,
        },
        kind=kind,
    )


def html_list(title: str, items: Iterable[str], tag: str = "ul") -> list[str]:
    """An HTML section of a saved result: the h3 `title` over a list (`tag`: "ul" or "ol") of
    `items` (HTML, already escaped); nothing when there are no items."""
    lines = [f"<li>{item}</li>" for item in items]
    return [f"<h3>{title}</h3><{tag}>", *lines, f"</{tag}>"] if lines else []
