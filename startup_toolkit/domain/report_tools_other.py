"""The Startup Oracle's prediction and generated content, a Solutions Hub document and an AI
Co-Founder conversation as the parts of a `Report` (`ToolDoc`). Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from startup_toolkit.domain import oracle
from startup_toolkit.domain import oracle_content as content_rules
from startup_toolkit.domain.catalog import AI_COFOUNDER
from startup_toolkit.domain.cofounder import save_title as chat_title
from startup_toolkit.domain.report import ScoreChart, Section
from startup_toolkit.domain.report_text import line, lines, text, text_sections
from startup_toolkit.domain.report_tools_base import (
    ToolDoc,
    filled,
    idea_section,
    paragraphs,
    short,
)
from startup_toolkit.domain.saved_results import slugify

# --- Startup Oracle ---------------------------------------------------------------------------


def _oracle_inputs(inputs: Mapping[str, Any]) -> tuple[Section, ...]:
    stage = line(inputs.get("stage"), 40)
    stages = dict(oracle.STAGES)
    return filled(
        *idea_section(inputs.get("businessIdea")),
        Section(
            "Details",
            paragraphs=paragraphs(
                ("Stage", stages.get(stage, stage)),
                ("Revenue", inputs.get("revenue")),
                ("Users", inputs.get("users")),
                ("Budget", inputs.get("budget")),
                ("Biggest challenge", inputs.get("biggestChallenge")),
            ),
        ),
    )


def oracle_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    prediction = oracle.OracleResult.model_validate(result)
    band = oracle.band(prediction.probability)
    left_out = oracle.missing_note(prediction.missing)
    sections = filled(
        *_oracle_inputs(inputs),
        Section("Left out of the AI's reply", paragraphs=(left_out,) if left_out else ()),
        Section(
            "Success probability",
            paragraphs=(f"{prediction.probability}% ({band})",),
            chart=ScoreChart(("Probability",), (("Success", (prediction.probability,)),)),
        ),
        Section("Risks", bullets=lines(prediction.risks)),
        Section("Next strategic moves", bullets=lines(prediction.moves)),
        Section("Funding", bullets=lines(prediction.funding)),
        Section("Customers", bullets=lines(prediction.customers)),
        Section("Product", bullets=lines(prediction.product)),
    )
    return ToolDoc(
        title=oracle.result_title(prediction),
        sections=sections,
        stem="",
        headline=f"Success probability {prediction.probability}% ({band})",
    )


# --- Text results: generated content, hub documents -------------------------------------------


def _text_result(result: Any) -> str:
    body = text(result, 60_000) if isinstance(result, str) else ""
    if not body:
        raise ValueError("the result holds no text")
    return body


def _first_line(body: str) -> str:
    for section in text_sections(body):
        for item in (*section.paragraphs, *section.bullets):
            return line(item)
        if section.heading:
            return section.heading
    return ""


def oracle_content_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    body = _text_result(result)
    kind = content_rules.CONTENT_BY_KIND.get(line(inputs.get("content"), 40))
    label = kind.title if kind else "Generated content"
    data = inputs.get("data")
    idea = data.get("businessIdea") if isinstance(data, Mapping) else None
    return ToolDoc(
        title=label,
        sections=(*idea_section(idea), *text_sections(body, label)),
        stem=slugify(kind.title) if kind else "",
        headline=short(f"{label}: {_first_line(body)}"),
    )


def hub_document_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    body = _text_result(result)
    title = line(inputs.get("title"), 200) or "Solutions Hub document"
    return ToolDoc(
        title=title,
        sections=text_sections(body),
        stem=slugify(title, ""),
        headline=short(f"Document: {title}"),
    )


# --- AI Co-Founder ----------------------------------------------------------------------------


def chat_messages(result: Any) -> list[tuple[str, str]]:
    """(role, text) of a conversation kept as a list of messages or {messages: [...]}."""
    items = result.get("messages") if isinstance(result, Mapping) else result
    if not isinstance(items, list):
        raise ValueError("the result is not a conversation")
    messages = [
        (m["role"], text(m.get("content")))
        for m in items
        if isinstance(m, Mapping) and m.get("role") in ("user", "assistant")
    ]
    messages = [(role, body) for role, body in messages if body]
    if not messages:
        raise ValueError("the conversation is empty")
    return messages


def cofounder_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    messages = chat_messages(result)
    first = next((body for role, body in messages if role == "user"), messages[0][1])
    sections = tuple(
        Section(
            "You" if role == "user" else AI_COFOUNDER.name,
            paragraphs=tuple(p for p in body.split("\n\n") if p.strip()),
        )
        for role, body in messages
    )
    return ToolDoc(
        title=chat_title(len(messages)),
        sections=sections,
        stem="",
        headline=short(f"Conversation, {len(messages)} messages: {line(first)}"),
    )
