"""The production backend as a process: `reflex run --env prod --backend-only` (no frontend
build) from a copy of the project, on a free port, its output in a log file.

Shared by the tests that must speak to the real thing over HTTP and Reflex's event socket:
two workers on Redis (tests/test_two_workers.py) and the security review's findings
(tests/security/).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil

#: Settings of the developer's environment that must not leak into the app under test.
FOREIGN_SETTINGS = ("SMTP_", "STRIPE_", "AI_", "GROQ_", "ACCESS_MODE", "CHECKOUT_", "REDIS_")


@dataclass
class Backend:
    url: str
    port: int
    workers: list[int]  # worker process ids
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def tail(self) -> str:
        """The end of the server's log, for a failure's message."""
        return self.log_text()[-3000:]


def backend_env(database_url: str, url: str, extra: Mapping[str, str]) -> dict[str, str]:
    """The environment of a backend at `url` on `database_url`, plus `extra` settings."""
    venv_bin = Path(sys.executable).parent
    keep = {k: v for k, v in os.environ.items() if not k.startswith(FOREIGN_SETTINGS)}
    return {
        **keep,
        "PATH": os.pathsep.join([str(venv_bin), os.environ["PATH"]]),
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_CHECK_LATEST_VERSION": "false",
        "DATABASE_URL": database_url,
        "PUBLIC_BASE_URL": url,
        **extra,
    }


def _listens(process: psutil.Process) -> bool:
    try:
        return any(c.status == psutil.CONN_LISTEN for c in process.net_connections("tcp"))
    except psutil.Error:
        return False


def _workers_of(
    proc: subprocess.Popen[bytes], log: Path, count: int, timeout: float = 120
) -> list[int]:
    """The worker processes under the server (Granian's children) once all have started."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"backend exited early:\n{log.read_text()[-4000:]}")
        children = psutil.Process(proc.pid).children(recursive=True)
        serving = [c.pid for c in children if _listens(c)]
        if len(serving) == count:
            return serving
        time.sleep(0.5)
    raise RuntimeError(f"{count} workers did not start:\n{log.read_text()[-4000:]}")


def _wait_for_ping(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"backend exited early:\n{log.read_text()[-4000:]}")
        try:
            if httpx.get(url + "/ping", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"backend did not answer:\n{log.read_text()[-4000:]}")


@contextmanager
def serve_backend(
    workdir: Path, port: int, env: Mapping[str, str], workers: int = 1
) -> Iterator[Backend]:
    """Serve the project copied to `workdir` on 127.0.0.1:`port` until the block ends."""
    url = f"http://127.0.0.1:{port}"
    log = workdir / "server.log"
    reflex = str(Path(sys.executable).parent / "reflex")
    command = [reflex, "run", "--env", "prod", "--backend-only"]
    command += ["--backend-port", str(port), "--backend-host", "127.0.0.1"]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command,
            cwd=workdir,
            env={**env, "GRANIAN_WORKERS": str(workers)},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        pids = _workers_of(proc, log, workers)
        _wait_for_ping(url, proc, log)
        yield Backend(url=url, port=port, workers=pids, log=log)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
