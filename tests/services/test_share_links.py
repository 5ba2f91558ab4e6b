"""Read-only share links (issue 14): only the hash is stored, expiry of 7 or 30 days or none,
revocation, and a founder can share only their own results, runs and ideas."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, select

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.models.workspace import ShareLink
from startup_toolkit.services import saved_results, share_links
from tests.support.founders import user
from tests.support.kept import kept_idea


def test_a_link_opens_what_was_shared_and_only_its_hash_is_stored(session: Session) -> None:
    uid = user(session)
    idea = kept_idea(session, uid, "Socks by subscription")
    token = share_links.create_link(session, uid, "idea", idea, "7", "Socks")
    assert token is not None and len(token) >= 43  # 256 bits, url-safe
    (row,) = session.exec(select(ShareLink)).all()
    assert token not in (row.token_hash, row.title) and len(row.token_hash) == 64
    opened = share_links.open_link(session, token)
    assert opened == share_links.OpenedLink("idea", (idea,), uid, "Socks")


@pytest.mark.parametrize(("expiry", "days"), [("7", 7), ("30", 30), ("never", None)])
def test_links_expire_as_chosen(session: Session, expiry: str, days: int | None) -> None:
    uid = user(session)
    idea = kept_idea(session, uid, "Socks")
    now = utcnow()
    token = share_links.create_link(session, uid, "idea", idea, expiry, now=now)
    assert token is not None
    later = now + timedelta(days=days or 3650, seconds=-1)
    assert share_links.open_link(session, token, now=later).problem == ""
    after = now + timedelta(days=days or 3650, seconds=1)
    expected = share_links.EXPIRED if days else ""
    assert share_links.open_link(session, token, now=after).problem == expected


def test_a_revoked_link_says_so_and_only_its_owner_revokes_it(session: Session) -> None:
    ada, bob = user(session), user(session, "bob@example.com")
    token = share_links.create_link(session, ada, "idea", kept_idea(session, ada, "Socks"), "30")
    assert token is not None
    (link,) = share_links.list_links(session, ada)
    assert share_links.revoke_link(session, bob, link.id) is False
    assert share_links.open_link(session, token).problem == ""
    assert share_links.revoke_link(session, ada, link.id) is True
    assert share_links.open_link(session, token).problem == share_links.REVOKED
    assert share_links.list_links(session, bob) == []


def test_a_founder_shares_only_their_own_rows(session: Session) -> None:
    ada, bob = user(session), user(session, "bob@example.com")
    ada_idea, ada_other = kept_idea(session, ada, "Socks"), kept_idea(session, ada, "Shoes")
    bob_idea = kept_idea(session, bob, "Hats")
    saved = saved_results.save_result(session, ada, SaveRequest("Startup Scanner", "Scan", "text"))
    assert saved.result_id is not None
    assert share_links.create_link(session, bob, "idea", ada_idea, "7") is None
    assert share_links.create_link(session, bob, "result", saved.result_id, "7") is None
    assert share_links.create_link(session, ada, "comparison", [ada_idea, bob_idea], "7") is None
    assert share_links.create_link(session, ada, "result", saved.result_id, "7") is not None
    assert share_links.create_link(session, ada, "comparison", [ada_idea, ada_other], "7")


@pytest.mark.parametrize(
    ("kind", "target", "expiry"),
    [
        ("idea", 1, "14"),
        ("nope", 1, "7"),
        ("comparison", [1], "7"),
        ("comparison", [1, 1], "7"),
        ("comparison", [1, 2, 3, 4, 5], "7"),
        ("idea", "1", "7"),
        ("idea", 2**64, "7"),
    ],
)
def test_bad_requests_make_no_link(
    session: Session, kind: str, target: object, expiry: str
) -> None:
    uid = user(session)
    kept_idea(session, uid, "Socks")
    assert share_links.create_link(session, uid, kind, target, expiry) is None


@pytest.mark.parametrize("token", ["", "short", None, 42, "x" * 500, "y" * 43])
def test_unknown_tokens_open_nothing(session: Session, token: object) -> None:
    assert share_links.open_link(session, token).problem == share_links.UNKNOWN
