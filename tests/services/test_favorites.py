"""Favourite tools (P-DASH-2; spec platform sections 4 and 7): toggle, catalogue only, scoping."""

from __future__ import annotations

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from startup_toolkit.domain.catalog import AI_COFOUNDER, GROWTH_ENGINE, STARTUP_ARENA
from startup_toolkit.models import UserFavorite
from startup_toolkit.services import favorites
from tests.support.founders import user


def test_p_dash_2_toggle_adds_then_removes(session: Session) -> None:
    uid = user(session, "a@example.com")
    assert favorites.toggle_favorite(session, uid, AI_COFOUNDER.name, AI_COFOUNDER.path) is True
    rows = favorites.list_favorites(session, uid)
    assert [(r.tool_name, r.tool_path) for r in rows] == [(AI_COFOUNDER.name, AI_COFOUNDER.path)]
    assert favorites.is_favorite(session, uid, AI_COFOUNDER.name)
    assert favorites.toggle_favorite(session, uid, AI_COFOUNDER.name, AI_COFOUNDER.path) is False
    assert favorites.list_favorites(session, uid) == []
    assert not favorites.is_favorite(session, uid, AI_COFOUNDER.name)


def test_p_dash_2_list_is_in_the_order_added(session: Session) -> None:
    uid = user(session, "a@example.com")
    for tool in (GROWTH_ENGINE, AI_COFOUNDER, STARTUP_ARENA):
        assert favorites.toggle_favorite(session, uid, tool.name, tool.path) is True
    names = [r.tool_name for r in favorites.list_favorites(session, uid)]
    assert names == [GROWTH_ENGINE.name, AI_COFOUNDER.name, STARTUP_ARENA.name]


def test_only_catalogue_tools_and_valid_users(session: Session) -> None:
    uid = user(session, "a@example.com")
    assert favorites.toggle_favorite(session, uid, "Evil Tool", "/evil") is None
    assert favorites.toggle_favorite(session, uid, AI_COFOUNDER.name, "/elsewhere") is None
    assert favorites.toggle_favorite(session, uid, AI_COFOUNDER.name, "javascript:x") is None
    assert favorites.toggle_favorite(session, "short", AI_COFOUNDER.name, AI_COFOUNDER.path) is None
    assert favorites.toggle_favorite(session, None, AI_COFOUNDER.name, AI_COFOUNDER.path) is None
    assert session.exec(select(UserFavorite)).all() == []
    assert favorites.list_favorites(session, "short") == []


def test_users_never_touch_each_others_favorites(session: Session) -> None:
    a = user(session, "a@example.com")
    b = user(session, "b@example.com")
    assert favorites.toggle_favorite(session, a, AI_COFOUNDER.name, AI_COFOUNDER.path) is True
    assert favorites.list_favorites(session, b) == []
    # B toggling the same tool adds B's own row and leaves A's alone.
    assert favorites.toggle_favorite(session, b, AI_COFOUNDER.name, AI_COFOUNDER.path) is True
    assert len(favorites.list_favorites(session, a)) == 1
    assert favorites.toggle_favorite(session, b, AI_COFOUNDER.name, AI_COFOUNDER.path) is False
    assert len(favorites.list_favorites(session, a)) == 1


def test_a_database_error_gives_none(session: Session, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    uid = user(session, "a@example.com")

    def broken() -> None:
        raise SQLAlchemyError("down")

    monkeypatch.setattr(session, "commit", broken)
    assert favorites.toggle_favorite(session, uid, AI_COFOUNDER.name, AI_COFOUNDER.path) is None
