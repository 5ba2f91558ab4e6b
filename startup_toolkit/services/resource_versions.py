"""The versions Generate content writes for a founder (issue 16): each kept beside the
library's original, listed newest first, opened one at a time; the original is never changed,
so going back is always possible. At most MAX_VERSIONS per founder per resource: the oldest
goes when a new one would pass it.

Every function takes the database `Session` first and the founder's id from the server-side
session; another founder's version is "not found", never their text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, delete, select

from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.resources import word_count
from startup_toolkit.models.resources import Resource, ResourceVersion

MAX_VERSIONS = 10
MAX_CHARS = 60_000


@dataclass(frozen=True)
class VersionInfo:
    """One version in the list: `number` counts from 1, the oldest kept first."""

    id: int
    number: int
    words: int
    created_at: datetime

    @property
    def label(self) -> str:
        return f"Version {self.number} ({self.words:,} words)"


@dataclass(frozen=True)
class Version:
    id: int
    resource_id: int
    content: str
    created_at: datetime


def _rows(session: Session, user_id: str, resource_id: int) -> list[ResourceVersion]:
    """The founder's versions of the resource, oldest first."""
    return list(
        session.exec(
            select(ResourceVersion)
            .where(
                ResourceVersion.user_id == user_id,
                ResourceVersion.resource_id == resource_id,
            )
            .order_by(col(ResourceVersion.created_at), col(ResourceVersion.id))
        ).all()
    )


def list_versions(session: Session, user_id: str, resource_id: Any) -> list[VersionInfo]:
    """The founder's versions of a resource, newest first ([] for none or a bad id)."""
    row_id = valid_row_id(resource_id, text=False)
    if row_id is None or not is_valid_user_id(user_id):
        return []
    rows = _rows(session, user_id, row_id)
    infos = [
        VersionInfo(r.id or 0, n, word_count(r.content), r.created_at)
        for n, r in enumerate(rows, 1)
    ]
    return infos[::-1]


def add_version(
    session: Session, user_id: str, resource_id: Any, content: str, run_id: int | None = None
) -> list[VersionInfo] | None:
    """Keep a generated text as the founder's newest version of the resource; the founder's
    versions after it (the new one first), or None for an unknown resource or an empty text.
    The library's original is left as it is."""
    row_id = valid_row_id(resource_id, text=False)
    text = (content or "").strip()[:MAX_CHARS]
    if row_id is None or not text or not is_valid_user_id(user_id):
        return None
    if session.get(Resource, row_id) is None:
        return None
    session.add(ResourceVersion(user_id=user_id, resource_id=row_id, content=text, run_id=run_id))
    session.flush()
    rows = _rows(session, user_id, row_id)
    extra = [r.id for r in rows[: max(0, len(rows) - MAX_VERSIONS)]]
    if extra:
        session.exec(delete(ResourceVersion).where(col(ResourceVersion.id).in_(extra)))  # type: ignore[call-overload]
    session.commit()
    return list_versions(session, user_id, row_id)


def get_version(session: Session, user_id: str, version_id: Any) -> Version | None:
    """One of the founder's versions; None for another founder's or an unknown id."""
    row_id = valid_row_id(version_id, text=False)
    if row_id is None or not is_valid_user_id(user_id):
        return None
    row = session.exec(
        select(ResourceVersion).where(
            ResourceVersion.id == row_id, ResourceVersion.user_id == user_id
        )
    ).first()
    if row is None:
        return None
    return Version(row.id or 0, row.resource_id, row.content, row.created_at)
