"""The weekly watch digest's links over real HTTP (issue 30, item 2): opening a link only
shows a button (a mail scanner fetching it changes nothing); its POST pauses the watch or
stops the emails; a token that is not a digest's opens nothing."""

from __future__ import annotations

import html

import httpx
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.api import api
from startup_toolkit.models.settings import UserPreferences
from startup_toolkit.models.watch import IdeaWatch, WatchDigest
from startup_toolkit.services import brief, watch
from startup_toolkit.services.sessions import hash_token
from tests.support.asgi_server import LoopbackServer
from tests.support.founders import user

TOKEN = "t" * 43


def watched(engine: Engine) -> tuple[str, int, int]:
    """A founder, their watched idea and its watch, and a digest whose links carry TOKEN."""
    with Session(engine) as session:
        user_id = user(session)
        opened = brief.open_idea(session, user_id, "Deposits that cut clinic no-shows.")
        assert opened is not None
        assert watch.start_watch(session, user_id, opened.idea_id).ok
        session.add(WatchDigest(user_id=user_id, period=1, token_hash=hash_token(TOKEN)))
        session.commit()
        watch_id = session.exec(select(IdeaWatch.id)).one()
        assert watch_id is not None
        return user_id, opened.idea_id, watch_id


def test_the_pause_link_shows_a_button_and_its_post_pauses_the_watch(engine: Engine) -> None:
    user_id, idea_id, watch_id = watched(engine)
    with LoopbackServer(api) as server:
        url = f"{server.url}/api/watch/mute?token={TOKEN}&watch={watch_id}"
        shown = httpx.get(url)
        assert shown.status_code == 200 and 'method="post"' in shown.text
        with Session(engine) as session:
            assert watch.panel(session, user_id, idea_id).status == watch.ACTIVE
        done = httpx.post(url)
        assert done.status_code == 200 and html.escape(watch.MUTED) in done.text
        wrong = httpx.post(f"{server.url}/api/watch/mute?token={'x' * 43}&watch={watch_id}")
        assert wrong.status_code == 404
    with Session(engine) as session:
        assert watch.panel(session, user_id, idea_id).status == watch.PAUSED


def test_the_unsubscribe_link_stops_the_digest_emails(engine: Engine) -> None:
    user_id, _, _ = watched(engine)
    with LoopbackServer(api) as server:
        url = f"{server.url}/api/watch/unsubscribe?token={TOKEN}"
        assert "Stop these emails" in httpx.get(url).text
        done = httpx.post(url)
        assert done.status_code == 200 and html.escape(watch.UNSUBSCRIBED) in done.text
    with Session(engine) as session:
        query = select(UserPreferences).where(UserPreferences.user_id == user_id)
        assert session.exec(query).one().weekly_reports is False
        assert not watch.wants_email(session, user_id)
