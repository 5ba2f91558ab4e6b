"""The apps the browser tests drive: one production build of a project copy (`Build`), served
by one backend at a time on the build's port (`Backend`; the first one started builds), each
app with its own settings, SQLite file and loopback peers (`serve_app`).

Under `make test` the browser tests run in two lanes (`tests/support/lanes.py`): the worker of
the browser lane owns the default app and publishes its address and database in the run's
exchange folder (`publish`); the worker of the shared lane drives that same app (`shared_app`)
and says when it is done, so the owner stops it only then (`wait_for_users`).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.ai_server import FakeAiServer
from tests.support.smtp_server import RecordingSMTPServer

ROOT = Path(__file__).resolve().parents[2]
TEAM_ADDRESS = "team@unstuck.test"
#: How long the shared lane waits for the default app, and its owner for the shared lane.
SHARE_TIMEOUT = 1200.0


@dataclass
class LiveApp:
    url: str
    workdir: Path
    database: Path  # the app's own SQLite file
    peers: tuple[RecordingSMTPServer, FakeAiServer] | None  # None: another worker's app
    backend: Backend | None

    @property
    def database_url(self) -> str:
        return f"sqlite:///{self.database}"

    @property
    def smtp(self) -> RecordingSMTPServer:
        return self._peers()[0]

    @property
    def ai(self) -> FakeAiServer:
        """The app's AI provider: queue replies before acting."""
        return self._peers()[1]

    def _peers(self) -> tuple[RecordingSMTPServer, FakeAiServer]:
        if self.peers is None:
            raise RuntimeError(
                "this browser test drives the app another worker serves, without its AI and "
                "mail peers: take its file out of SHARED_APP_FILES (tests/support/lanes.py)"
            )
        return self.peers

    def path(self, route: str) -> str:
        return self.url + route


@dataclass
class Build:
    """A copy of the project whose frontend is built once, on `port`, for every backend."""

    workdir: Path
    port: int
    built: bool = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


class Backend:
    """A backend serving `build` with `env`: the first one started builds the frontend
    (`reflex run --env prod`), the others serve that build (tests/support/serve_build.py)."""

    def __init__(self, build: Build, env: dict[str, str], log: Path) -> None:
        self.build, self.env, self.log = build, env, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        port = str(self.build.port)
        if self.build.built:
            command = [sys.executable, str(ROOT / "tests/support/serve_build.py"), port]
        else:
            command = [_reflex(), "run", "--env", "prod", "--frontend-port", port]
            command += ["--backend-port", port, "--backend-host", "127.0.0.1"]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                command,
                cwd=self.build.workdir,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        _wait_until_up(self.build.url, self.proc, self.log, timeout=600)
        self.build.built = True

    def stop(self) -> None:
        if self.proc is None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None


def _reflex() -> str:
    return str(Path(sys.executable).parent / "reflex")


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"app exited early:\n{log.read_text()[-4000:]}")
        try:
            if (
                httpx.get(url + "/ping", timeout=2).status_code == 200
                and httpx.get(url + "/", timeout=5).status_code == 200
            ):
                return
        except httpx.HTTPError:
            pass
        time.sleep(1)
    raise RuntimeError(f"app did not start in {timeout}s:\n{log.read_text()[-4000:]}")


def _app_env(build: Build, database: Path, smtp: RecordingSMTPServer, ai: FakeAiServer) -> dict:
    venv_bin = Path(sys.executable).parent
    return {
        **{
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("SMTP_", "STRIPE_", "AI_", "GROQ_", "ACCESS_MODE", "CHECKOUT_"))
            and k != "REDIS_URL"
        },
        "PATH": os.pathsep.join(
            [str(ROOT / ".tools/node_modules/.bin"), str(venv_bin), os.environ["PATH"]]
        ),
        "REFLEX_USE_SYSTEM_BUN": "1",
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_CHECK_LATEST_VERSION": "false",
        "DATABASE_URL": f"sqlite:///{database}",
        "PUBLIC_BASE_URL": build.url,
        "CONTACT_EMAIL": TEAM_ADDRESS,
        "SMTP_HOST": smtp.host,
        "SMTP_PORT": str(smtp.port),
        "SMTP_SECURITY": "none",
        "SMTP_FROM": "noreply@unstuck.test",
        "OUTBOX_POLL_SECONDS": "1",
        "AI_API_KEY": "test-key",
        "AI_BASE_URL": ai.base_url,
        "AI_WEB_RESEARCH": "off",  # an app with research on: extra_env {"AI_WEB_RESEARCH": "on"}
    }


@contextmanager
def serve_app(
    build: Build, name: str, extra_env: Mapping[str, str] | None = None
) -> Iterator[LiveApp]:
    """Serve `build` with a backend of its own database (`<name>.db`), SMTP and AI peers;
    `extra_env` adds settings. Only one backend serves a build at a time: pause the others."""
    smtp = RecordingSMTPServer().start()
    ai = FakeAiServer().start()
    database = build.workdir / f"{name}.db"
    env = {**_app_env(build, database, smtp, ai), **(extra_env or {})}
    subprocess.run(
        [_reflex(), "db", "migrate"], cwd=build.workdir, env=env, check=True, capture_output=True
    )
    backend = Backend(build, env, build.workdir / f"{name}.log")
    try:
        backend.start()
        yield LiveApp(build.url, build.workdir, database, (smtp, ai), backend)
    finally:
        backend.stop()
        smtp.stop()
        ai.stop()


def exchange() -> Path | None:
    """The folder the workers of this `pytest -n` run share (None: not under xdist)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return None
    folder = Path(tempfile.gettempdir()) / f"unstuck-e2e-{run}"
    folder.mkdir(exist_ok=True)
    return folder


def publish(folder: Path, app: LiveApp) -> None:
    """Tell the shared lane where the default app is (written whole, then renamed)."""
    data = {"url": app.url, "workdir": str(app.workdir), "database": str(app.database)}
    partial = folder / "app.json.part"
    partial.write_text(json.dumps(data))
    partial.rename(folder / "app.json")


@contextmanager
def shared_app(folder: Path) -> Iterator[LiveApp]:
    """The default app another worker serves, once it is up; says when this lane is done."""
    found = folder / "app.json"
    deadline = time.monotonic() + SHARE_TIMEOUT
    while not found.exists():
        if time.monotonic() > deadline:
            raise RuntimeError("the browser lane's worker never published the default app")
        time.sleep(0.5)
    data = json.loads(found.read_text())
    try:
        yield LiveApp(data["url"], Path(data["workdir"]), Path(data["database"]), None, None)
    finally:
        (folder / "shared-done").touch()


def wait_for_users(folder: Path) -> None:
    """Block until the shared lane says it is done with the default app."""
    deadline = time.monotonic() + SHARE_TIMEOUT
    while not (folder / "shared-done").exists() and time.monotonic() < deadline:
        time.sleep(0.5)
