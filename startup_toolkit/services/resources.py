"""The Solutions Hub library: bringing the table in line with the library's files, reading it
(as `ResourceView`s), saving a resource to a user's documents, and the run that generates a
resource's long-form content, tailored by the founder's journey (P-HUB-1, P-HUB-7, P-HUB-8)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.resources import ResourceView
from startup_toolkit.domain.resources_library import library
from startup_toolkit.models.resources import Resource
from startup_toolkit.models.results import UserDocument
from startup_toolkit.services import user_cache


class ResourceNotFound(LookupError):
    """No resource with that id."""


#: The columns the library's files own, for the rows of the built-in library: every column
#: but the id (a row's view copies the same).
_SEEDED_FIELDS = (
    "title",
    "description",
    "type",
    "category",
    "popular",
    "content",
    "file_size",
    "url",
    "video_url",
    "video_file_url",
    "download_url",
    "image",
)


def _view(row: Resource) -> ResourceView:
    return ResourceView(id=row.id or 0, **{f: getattr(row, f) for f in _SEEDED_FIELDS})


def _stale(session: Session) -> tuple[list[ResourceView], list[Resource]]:
    """The built-in resources missing from the table, and the rows that differ from their
    file (each brought in line already, not yet committed)."""
    seeds = {seed.id: seed for seed in library()}
    rows = session.exec(select(Resource).where(col(Resource.id).in_(seeds))).all()
    changed = []
    for row in rows:
        seed = seeds[row.id or 0]
        if any(getattr(row, f) != getattr(seed, f) for f in _SEEDED_FIELDS):
            for f in _SEEDED_FIELDS:
                setattr(row, f, getattr(seed, f))
            changed.append(row)
    present = {row.id for row in rows}
    return [seed for seed in library() if seed.id not in present], changed


def ensure_seeded(session: Session) -> int:
    """Bring the table in line with the library's files: insert the built-in resources it
    lacks, update those whose file changed (the files own those rows; resources added
    another way keep ids past them). Returns how many rows it added or changed.

    Seeds carry fixed ids, so two processes seeding at once cannot duplicate the library: the
    second insert fails on the primary key and is rolled back."""
    missing, changed = _stale(session)
    if not missing and not changed:
        return 0
    session.add_all(
        Resource(id=seed.id, **{f: getattr(seed, f) for f in _SEEDED_FIELDS}) for seed in missing
    )
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return 0
    bind = session.get_bind()
    if missing and bind.dialect.name == "postgresql":
        # Explicit ids do not move the sequence; later inserts must not collide with seeds.
        session.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('resources', 'id'), "
                "(SELECT MAX(id) FROM resources))"
            )
        )
        session.commit()
    return len(missing) + len(changed)


def list_resources(session: Session) -> list[ResourceView]:
    """The whole library (seeded on first use), oldest first."""
    ensure_seeded(session)
    return [_view(r) for r in session.exec(select(Resource).order_by(col(Resource.id))).all()]


def _row(session: Session, resource_id: int) -> Resource:
    row_id = valid_row_id(resource_id, text=False)
    resource = session.get(Resource, row_id) if row_id is not None else None
    if resource is None:
        raise ResourceNotFound(resource_id)
    return resource


def get_resource(session: Session, resource_id: int) -> ResourceView:
    """One resource; ResourceNotFound for an unknown (or non-integer) id."""
    return _view(_row(session, resource_id))


@dataclass(frozen=True)
class SaveOutcome:
    document_id: int
    created: bool  # False: this user had already saved it


def save_resource(session: Session, user_id: str, resource_id: int) -> SaveOutcome:
    """Keep a resource in the user's documents (shown on the dashboard).

    The record holds the spec's fields: title (name), category (kept in tool_name, the
    documents table's label column), file size, format label (PDF, Article or Video) and link.
    Saving the same resource twice keeps one record."""
    resource = _row(session, resource_id)
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
    user_cache.invalidate_on_commit(session, user_id, "documents")
    session.commit()
    session.refresh(doc)
    return SaveOutcome(document_id=doc.id or 0, created=True)
