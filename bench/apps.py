"""Start the apps under test in production mode, each from its own temporary folder.

The baseline is copied from bench/baseline/; Unstuck from the repository root (without
.web, tests, bench or databases), with its own database migrated by `reflex db migrate`.
Each serves frontend and backend on one port (`reflex run --env prod`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
BASELINE_SOURCE = Path(__file__).resolve().parent / "baseline"
COPY_IGNORE = shutil.ignore_patterns(
    ".git",
    ".web",
    ".states",
    ".venv",
    ".tools",
    "tests",
    "test-artifacts",
    "bench",
    "*.db",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    "uploaded_files",
    ".env",
)
# Settings that must come from the benchmark, never from the developer's shell.
_DROPPED = ("SMTP_", "STRIPE_", "AI_", "GROQ_", "ACCESS_MODE", "CHECKOUT_", "NEWS_FEED")
_DROPPED_EXACT = ("DATABASE_URL", "REDIS_URL", "REFLEX_DB_URL", "REFLEX_REDIS_URL")
START_TIMEOUT = 900.0


def copy_project(workdir: Path, source: Path = ROOT) -> None:
    """Copy the project (without builds, tests, databases or secrets) into `workdir`, to build
    and serve it there: the benchmarks and the tests that start the real app do this."""
    shutil.copytree(source, workdir, dirs_exist_ok=True, ignore=COPY_IGNORE)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveApp:
    """One app serving in production mode."""

    name: str
    url: str
    workdir: Path
    proc: subprocess.Popen[bytes]
    database_url: str = ""

    @property
    def log(self) -> Path:
        return self.workdir / "server.log"


def _env(url: str, extra: Mapping[str, str]) -> dict[str, str]:
    venv_bin = Path(sys.executable).parent
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(_DROPPED) and k not in _DROPPED_EXACT
    }
    env["PATH"] = os.pathsep.join(
        [str(ROOT / ".tools/node_modules/.bin"), str(venv_bin), os.environ.get("PATH", "")]
    )
    env.update(
        REFLEX_USE_SYSTEM_BUN="1",
        REFLEX_TELEMETRY_ENABLED="false",
        REFLEX_CHECK_LATEST_VERSION="false",
        PUBLIC_BASE_URL=url,
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def _reflex() -> str:
    return str(Path(sys.executable).parent / "reflex")


def _serve(name: str, workdir: Path, port: int, env: dict[str, str], db: str) -> LiveApp:
    url = f"http://127.0.0.1:{port}"
    with (workdir / "server.log").open("wb") as out:
        proc = subprocess.Popen(
            [
                _reflex(),
                *("run", "--env", "prod", "--frontend-port", str(port)),
                *("--backend-port", str(port), "--backend-host", "127.0.0.1"),
            ],
            cwd=workdir,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return LiveApp(name, url, workdir, proc, db)


def start_baseline(folder: Path, port: int) -> LiveApp:
    """Copy and start the blank baseline app (returns at once; see `wait_until_up`)."""
    workdir = folder / "baseline"
    copy_project(workdir, BASELINE_SOURCE)
    url = f"http://127.0.0.1:{port}"
    return _serve("baseline", workdir, port, _env(url, {}), "")


def start_unstuck(
    folder: Path, port: int, name: str = "unstuck", extra: Mapping[str, str] | None = None
) -> LiveApp:
    """Copy Unstuck, migrate its own database (SQLite unless `extra` names DATABASE_URL)
    and start it (returns once migrated; see `wait_until_up`)."""
    workdir = folder / name
    copy_project(workdir)
    url = f"http://127.0.0.1:{port}"
    extra = dict(extra or {})
    extra.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'bench.db'}")
    env = _env(url, extra)
    migrated = subprocess.run(
        [_reflex(), "db", "migrate"], cwd=workdir, env=env, capture_output=True, text=True
    )
    if migrated.returncode:
        raise RuntimeError(f"reflex db migrate failed:\n{migrated.stdout}\n{migrated.stderr}")
    return _serve(name, workdir, port, env, extra["DATABASE_URL"])


def wait_until_up(app: LiveApp, timeout: float = START_TIMEOUT) -> None:
    """Wait until the app answers /ping and `/`, or raise with the end of its log."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.proc.poll() is not None:
            raise RuntimeError(f"{app.name} exited early:\n{app.log.read_text()[-4000:]}")
        try:
            ping = httpx.get(app.url + "/ping", timeout=2)
            if ping.status_code == 200 and httpx.get(app.url + "/", timeout=5).is_success:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"{app.name} did not start in {timeout}s:\n{app.log.read_text()[-4000:]}")


def stop(app: LiveApp) -> None:
    """Stop the app's whole process group."""
    stop_process_group(app.proc)


def stop_process_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started in its own session, and everything it started (a reflex run's
    workers): SIGTERM, then SIGKILL after 20 s."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def initial_state_hashes(app: LiveApp) -> list[str]:
    """The per-state hashes the app's build gives the browser (`initialStateHashes`)."""
    source = (app.workdir / ".web" / "utils" / "context.jsx").read_text()
    found = re.search(r"export const initialStateHashes = (\[.*?\])", source)
    return json.loads(found.group(1)) if found else []
