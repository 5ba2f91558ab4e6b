"""The Solutions Hub library: seeding it on first use, reading it, saving a resource to a
user's documents, and generating a resource's long-form content (P-HUB-1, P-HUB-7, P-HUB-8)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import func, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from startup_toolkit.domain import resources as rules
from startup_toolkit.models.resources import Resource
from startup_toolkit.models.results import UserDocument
from startup_toolkit.services import ai

log = logging.getLogger(__name__)

GENERATOR_TOOL = "Solutions Hub"
GENERATE_FAILED = (
    "We're currently experiencing technical difficulties generating this {type} content. "
    "Please try again later."
)
DEMO_NOTE = "Sample content: AI generation is not configured, so this is the library's own text."
NO_RECENT_SOURCE = "No recent data/source available"
GENERATE_MAX_TOKENS = 3000


class ResourceNotFound(LookupError):
    """No resource with that id."""


def _is_empty(session: Session) -> bool:
    return not session.exec(select(func.count()).select_from(Resource)).one()


def ensure_seeded(session: Session) -> int:
    """Insert the built-in library when the table is empty; returns how many rows were added.

    Seeds carry fixed ids, so two processes seeding at once cannot duplicate the library: the
    second insert fails on the primary key and is rolled back."""
    if not _is_empty(session):
        return 0
    session.add_all(
        Resource(
            id=seed.id,
            title=seed.title,
            description=seed.description,
            type=seed.type,
            category=seed.category,
            popular=seed.popular,
            content=seed.content,
            file_size=seed.file_size,
        )
        for seed in rules.SEED_RESOURCES
    )
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return 0
    bind = session.get_bind()
    if bind.dialect.name == "postgresql":
        # Explicit ids do not move the sequence; later inserts must not collide with seeds.
        session.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('resources', 'id'), "
                "(SELECT MAX(id) FROM resources))"
            )
        )
        session.commit()
    return len(rules.SEED_RESOURCES)


def list_resources(session: Session) -> list[Resource]:
    """The whole library (seeded on first use), oldest first."""
    ensure_seeded(session)
    return list(session.exec(select(Resource).order_by(col(Resource.id))).all())


def get_resource(session: Session, resource_id: int) -> Resource:
    resource = session.get(Resource, resource_id) if isinstance(resource_id, int) else None
    if resource is None:
        raise ResourceNotFound(resource_id)
    return resource


@dataclass(frozen=True)
class SaveOutcome:
    document_id: int
    created: bool  # False: this user had already saved it


def save_resource(session: Session, user_id: str, resource_id: int) -> SaveOutcome:
    """Keep a resource in the user's documents (shown on the dashboard).

    The record holds the spec's fields: title (name), category (kept in tool_name, the
    documents table's label column), file size, format label (PDF, Article or Video) and link.
    Saving the same resource twice keeps one record."""
    resource = get_resource(session, resource_id)
    link = rules.resource_link(
        resource.id or 0, resource.download_url, resource.url, resource.video_url
    )
    existing = session.exec(
        select(UserDocument).where(
            UserDocument.user_id == user_id,
            UserDocument.name == resource.title,
            UserDocument.download_url == link,
        )
    ).first()
    if existing is not None:
        return SaveOutcome(document_id=existing.id or 0, created=False)
    doc = UserDocument(
        user_id=user_id,
        name=resource.title,
        tool_name=resource.category,
        file_size=resource.file_size,
        file_format=rules.format_label(resource.type),
        download_url=link,
    )
    session.add(doc)
    session.commit()
    session.refresh(doc)
    return SaveOutcome(document_id=doc.id or 0, created=True)


# --- Document-style generator (ai-tools section 7) -------------------------------------------

SYSTEM_PROMPT = (
    "You are an experienced startup advisor who writes clear, practical material for founders. "
    "Write in Markdown with ## and ### headings, short paragraphs and lists. Do not use HTML or "
    "images."
)


def generator_prompt(topic: str, kind: str) -> str:
    """The document-style generator's prompt for a topic and a kind (Article, Document, Video)."""
    if kind == "Video":
        shape = (
            "Write a video script of 5-10 minutes of speaking time on the topic below, with "
            "timed sections (for example '0:00 Intro'), what the presenter says, and on-screen "
            "notes."
        )
    elif kind == "Document":
        shape = (
            "Write a practical working document (template, checklist or worksheet) of "
            "1000-1500 words on the topic below, ready for a founder to fill in and use."
        )
    else:
        shape = "Write an article of 1000-1500 words on the topic below."
    return (
        f"{shape}\n\nTopic: {topic}\n\n"
        "Cite sources published in the last 1-2 years in a final '## Sources' section, with "
        f"links. If you have none, write '{NO_RECENT_SOURCE}' there instead of inventing any."
    )


@dataclass(frozen=True)
class GeneratedContent:
    text: str
    sample: bool  # demo mode: the library's own text, labelled


async def generate_content(
    user_id: str,
    title: str,
    kind: str,
    fallback: str,
    on_text: Callable[[str], Awaitable[None]] | None = None,
) -> GeneratedContent:
    """Long-form content for a resource, streamed: `on_text` gets the text so far as it grows.
    In demo mode, the resource's own content, labelled.

    Raises ai.AiError (its message is the user-facing reason) when the model cannot answer."""
    kind = kind if kind in rules.TYPES else "Article"
    if not ai.ai_available():
        return GeneratedContent(text=fallback, sample=True)
    parts: list[str] = []
    prompt = [{"role": "user", "content": generator_prompt(title, kind)}]
    async for delta in ai.stream_chat(
        user_id, GENERATOR_TOOL, SYSTEM_PROMPT, prompt, max_tokens=GENERATE_MAX_TOKENS
    ):
        parts.append(delta)
        if on_text is not None:
            await on_text("".join(parts))
    reply = "".join(parts).strip()
    if not reply:
        raise ai.AiError(GENERATE_FAILED.format(type=kind.lower()))
    return GeneratedContent(text=reply, sample=False)
