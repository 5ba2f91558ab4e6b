"""The outside security review's findings, each driven against the running production
backend the way the review did: raw HTTP and raw Socket.IO events from tests/support.

One backend serves the whole package (`prod`): a copy of the project on a migrated SQLite
database, SMTP pointed at a recording server, AI at the OpenAI-compatible test server, its log
kept for the log-canary test. Founders
are made through the services in that database and signed in with a real session cookie.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
import websocket
from sqlmodel import Session

from bench.apps import copy_project
from startup_toolkit.db import make_engine
from startup_toolkit.domain import passwords
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.services import accounts, sessions
from tests.conftest import migrate
from tests.support.ai_server import FakeAiServer
from tests.support.live_backend import Backend, backend_env, serve_backend
from tests.support.reflex_socket import NAMESPACE, Tab
from tests.support.smtp_server import RecordingSMTPServer, free_port

PASSWORD = "correct horse battery"
CHEAP = passwords.HashParameters(time_cost=1, memory_cost=8, parallelism=1)


@dataclass
class ProdApp:
    backend: Backend
    database_url: str
    smtp: RecordingSMTPServer
    ai: FakeAiServer

    @property
    def url(self) -> str:
        return self.backend.url

    @contextmanager
    def db(self) -> Iterator[Session]:
        """A session on the app's own database (shared with the running server)."""
        engine = make_engine(self.database_url)
        try:
            with Session(engine, expire_on_commit=False) as db:
                yield db
        finally:
            engine.dispose()

    def tab(self, cookie: str = "") -> Tab:
        """A connected tab (signed in when given a founder's cookie)."""
        return Tab(self.url, cookie=cookie).connect()


class AddressTab(Tab):
    """A tab whose connection arrives through the proxy on behalf of `address`."""

    def __init__(self, base_url: str, address: str) -> None:
        super().__init__(base_url)
        self.address = address

    def connect(self) -> AddressTab:
        url = self.base_url.replace("http", "ws", 1) + "/_event/"
        ws = websocket.create_connection(
            f"{url}?EIO=4&transport=websocket&token={self.token}",
            timeout=self.timeout,
            header=[f"X-Forwarded-For: {self.address}"],
        )
        assert ws.recv().startswith("0")
        ws.send(f"40{NAMESPACE},{{}}")
        self._ws = ws
        self._wait_for(lambda p: p.startswith(f"40{NAMESPACE},"))
        return self


@dataclass
class Founder:
    user_id: str
    email: str
    password: str
    token: str  # the session token

    @property
    def cookie(self) -> str:
        return f"{SESSION_COOKIE}={self.token}"


@pytest.fixture(scope="session")
def prod(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProdApp]:
    workdir = tmp_path_factory.mktemp("security")
    copy_project(workdir)
    database_url = f"sqlite:///{workdir / 'security.db'}"
    migrate(database_url)
    smtp = RecordingSMTPServer().start()
    ai = FakeAiServer().start()
    port = free_port()
    env = backend_env(
        database_url,
        f"http://127.0.0.1:{port}",
        {
            "SMTP_HOST": smtp.host,
            "SMTP_PORT": str(smtp.port),
            "SMTP_SECURITY": "none",
            "SMTP_FROM": "noreply@unstuck.test",
            "AI_API_KEY": "test-key",
            "AI_BASE_URL": ai.base_url,
            "AI_MODEL": "test-model",
            # As behind the README's reverse proxy: a tab names its address with
            # X-Forwarded-For (tabs without it are 127.0.0.1), so tests can act from several.
            "TRUSTED_PROXY_HOPS": "1",
        },
    )
    try:
        with serve_backend(workdir, port, env) as backend:
            yield ProdApp(backend, database_url, smtp, ai)
    finally:
        ai.stop()
        smtp.stop()


@pytest.fixture
def make_founder(prod: ProdApp) -> Iterator[object]:
    """`make_founder()` signs up a new founder in the app's database and opens a session."""
    previous = passwords.current_parameters()
    passwords.use_parameters(CHEAP)

    def make(name: str = "Ada Lovelace") -> Founder:
        email = f"founder-{uuid.uuid4().hex[:10]}@example.com"
        with prod.db() as db:
            result = accounts.sign_up(db, name, email, PASSWORD, PASSWORD)
            assert result.ok and result.user_id, result.message
            token = sessions.create_session(db, result.user_id, "pytest", "127.0.0.1")
        return Founder(result.user_id, email, PASSWORD, token)

    try:
        yield make
    finally:
        passwords.use_parameters(previous)
