"""Read-only share links (issue 14): a founder shares a saved result, a kept run, an idea, a
comparison of 2 to 4 ideas or an idea's brief (issue 30) through an unguessable link (256
random bits; only the token's SHA-256 is stored), expiring after 7 or 30 days or never,
revocable at any time.

`create_link` checks that every target is the founder's own and keeps each target's random
public id beside its row id; `open_link` answers anyone who holds the token with what was
shared, or why it no longer opens. A row id alone does not name one object for good: SQLite
gives a deleted newest row's id to the next row. So a link opens only while every target
still has the public id it had when the link was made; a deleted target's links die for
good, even when a new row gets its id, and come back only when Undo puts back that same row
(issue 27, item 1; checklist T-SCAN-5 share, P-DASH-5 delete with Undo). Functions take the
database `Session` first."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, col, select

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.results import SavedResult
from startup_toolkit.models.workspace import Idea, ShareLink, ToolRunRecord
from startup_toolkit.services.sessions import hash_token

TOKEN_BYTES = 32
RESULT, RUN, IDEA, COMPARISON, BRIEF = "result", "run", "idea", "comparison", "brief"
KINDS = (RESULT, RUN, IDEA, COMPARISON, BRIEF)
#: The expiry choices a founder is offered: days, or None for a link that never expires.
EXPIRY_DAYS: dict[str, int | None] = {"7": 7, "30": 30, "never": None}
MAX_COMPARED = 4

REVOKED = "This link was revoked by its owner."
EXPIRED = "This link has expired."
UNKNOWN = "This link does not exist. Check that it was copied whole."
GONE = "What this link shared is no longer available: its owner deleted it."
ACTIVE_STATUS, REVOKED_STATUS, EXPIRED_STATUS, DELETED_STATUS = (
    "Active",
    "Revoked",
    "Expired",
    "Deleted",
)

_TABLES: dict[str, type[SavedResult] | type[ToolRunRecord] | type[Idea]] = {
    RESULT: SavedResult,
    RUN: ToolRunRecord,
    IDEA: Idea,
    COMPARISON: Idea,
    BRIEF: Idea,  # an idea's brief: its parts' latest kept runs, read when the link opens
}


@dataclass(frozen=True)
class OpenedLink:
    """What a share link opens: the kind, its targets and the owner, or `problem` to show."""

    kind: str = ""
    target: tuple[int, ...] = ()
    owner_id: str = ""
    title: str = ""
    problem: str = ""


def _targets(kind: Any, target: Any) -> tuple[int, ...] | None:
    ids = target if isinstance(target, list | tuple) else [target]
    rows = tuple(valid_row_id(t, text=False) for t in ids)
    if None in rows or len(set(rows)) != len(rows):
        return None
    wanted = (2, MAX_COMPARED) if kind == COMPARISON else (1, 1)
    return rows if wanted[0] <= len(rows) <= wanted[1] else None  # type: ignore[return-value]


def _public_ids(session: Session, user_id: str, kind: str, ids: tuple[int, ...]) -> dict[int, str]:
    """The public id of each of `ids` that is a row of the founder's, by row id."""
    table = _TABLES[kind]
    found = session.exec(
        select(table.id, table.public_id).where(table.user_id == user_id, col(table.id).in_(ids))
    ).all()
    return {row_id: public_id for row_id, public_id in found if row_id is not None}


def _still_shared(session: Session, link: ShareLink) -> bool:
    """Whether every target of the link is still the row it was made for (same public id)."""
    ids, keys = tuple(link.target), list(link.target_keys or [])
    if link.kind not in KINDS or not ids or len(keys) != len(ids):
        return False
    return _public_ids(session, link.user_id, link.kind, ids) == dict(zip(ids, keys, strict=True))


def create_link(
    session: Session,
    user_id: str,
    kind: Any,
    target: Any,
    expiry: Any,
    title: Any = "",
    *,
    now: datetime | None = None,
) -> str | None:
    """A new link to the founder's own `target` (an id, or 2 to 4 idea ids for a comparison)
    expiring as `expiry` says ("7", "30", "never"); the token, shown once, or None when the
    kind, targets or expiry are not valid or not all the founder's."""
    if not is_valid_user_id(user_id) or kind not in KINDS or expiry not in EXPIRY_DAYS:
        return None
    ids = _targets(kind, target)
    public_ids = _public_ids(session, user_id, kind, ids) if ids is not None else {}
    if ids is None or len(public_ids) != len(ids):
        return None
    now = now or utcnow()
    days = EXPIRY_DAYS[expiry]
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session.add(
        ShareLink(
            user_id=user_id,
            token_hash=hash_token(token),
            kind=kind,
            target=list(ids),
            target_keys=[public_ids[i] for i in ids],
            title=(title if isinstance(title, str) else "")[:300],
            created_at=now,
            expires_at=now + timedelta(days=days) if days else None,
        )
    )
    session.commit()
    return token


def open_link(session: Session, token: Any, *, now: datetime | None = None) -> OpenedLink:
    """What the link with this token shares, or why it does not open (revoked, expired,
    unknown, or a target deleted: gone, even when a later row has its id)."""
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return OpenedLink(problem=UNKNOWN)
    link = session.exec(select(ShareLink).where(ShareLink.token_hash == hash_token(token))).first()
    if link is None:
        return OpenedLink(problem=UNKNOWN)
    if link.revoked_at is not None:
        return OpenedLink(problem=REVOKED)
    if link.expires_at is not None and link.expires_at <= (now or utcnow()):
        return OpenedLink(problem=EXPIRED)
    if not _still_shared(session, link):
        return OpenedLink(problem=GONE)
    return OpenedLink(link.kind, tuple(link.target), link.user_id, link.title)


def list_links(session: Session, user_id: str) -> list[ShareLink]:
    """The founder's links, the newest first (revoked and expired ones too)."""
    if not is_valid_user_id(user_id):
        return []
    return list(session.exec(ShareLink.newest_first(user_id)))


def link_status(session: Session, link: ShareLink, now: datetime) -> str:
    """What the founder's list says of a link: 'Active', 'Revoked', 'Expired', or 'Deleted'
    (what it shared was deleted, so it no longer opens: `open_link`'s GONE)."""
    if link.revoked_at is not None:
        return REVOKED_STATUS
    if link.expires_at is not None and link.expires_at <= now:
        return EXPIRED_STATUS
    return ACTIVE_STATUS if _still_shared(session, link) else DELETED_STATUS


def revoke_link(
    session: Session, user_id: str, link_id: Any, *, now: datetime | None = None
) -> bool:
    """Revoke one of the founder's links; False for another founder's link or a bad id."""
    row_id = valid_row_id(link_id, text=False)
    if row_id is None or not is_valid_user_id(user_id):
        return False
    link = session.get(ShareLink, row_id)
    if link is None or link.user_id != user_id:
        return False
    if link.revoked_at is None:
        link.revoked_at = now or utcnow()
        session.add(link)
        session.commit()
    return True
