"""A PostgreSQL and a Redis of a test's own, on free loopback ports in a temporary directory,
that the test may stop, restart or reconfigure: never the machine's shared servers (other
people's tests use them).

    with private_postgres() as pg:       # initdb + pg_ctl; pg.url is a psycopg URL
        pg.stop(); pg.start()            # a restart: same data, same port
    with private_redis() as rd:          # redis-server with an append-only file
        rd.restart()

Skips the test when the server programs are not installed. As root, PostgreSQL runs as the
`postgres` user (it refuses to run as root).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.smtp_server import free_port


def _postgres_bin(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
        found = str(versions[-1]) if versions else None
    if found is None:
        pytest.skip(f"{name} (PostgreSQL) is not installed")
    return found


def _as_postgres(command: list[str]) -> list[str]:
    """`command` run as the `postgres` user when we are root (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@dataclass
class PrivatePostgres:
    """A PostgreSQL server of one test: data in `directory`, listening on 127.0.0.1:`port`."""

    directory: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str) -> None:
        command = [_postgres_bin("pg_ctl"), "-D", str(self.directory / "data"), *args]
        subprocess.run(_as_postgres(command), check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.directory / "server.log")
        self._ctl("-o", options, "-l", log, "-w", "-t", "30", "start")

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, as in a restart or a failover."""
        self._ctl("-m", "fast", "-w", "-t", "30", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    """A fresh PostgreSQL cluster on a free port, removed afterwards."""
    initdb = _postgres_bin("initdb")
    directory = Path(tempfile.mkdtemp(prefix="unstuck-pg-"))
    try:
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(directory, user.pw_uid, user.pw_gid)
        command = [initdb, "-D", str(directory / "data"), "-U", "postgres", "-A", "trust"]
        subprocess.run(
            _as_postgres([*command, "--no-sync", "-E", "UTF8"]),
            check=True,
            capture_output=True,
            timeout=120,
        )
        server = PrivatePostgres(directory, free_port())
        server.start()
        try:
            yield server
        finally:
            with contextlib.suppress(subprocess.SubprocessError):
                server._ctl("-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@dataclass
class PrivateRedis:
    """A Redis server of one test, its append-only file in `directory` (so a restart keeps
    what was written, as a production Redis with persistence does)."""

    directory: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        server = shutil.which("redis-server")
        if server is None:
            pytest.skip("redis-server is not installed")
        command = [
            server,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.directory),
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
        ]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 20
        import redis

        while time.monotonic() < deadline:
            with contextlib.suppress(redis.RedisError):
                client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
                try:
                    if client.ping():
                        return
                finally:
                    client.close()
            time.sleep(0.05)
        raise RuntimeError("the private redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@contextlib.contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    """A Redis server on a free port with persistence in a temporary directory."""
    directory = Path(tempfile.mkdtemp(prefix="unstuck-redis-"))
    server = PrivateRedis(directory, free_port())
    try:
        server.start()
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.process.kill()
            server.process.wait()
        shutil.rmtree(directory, ignore_errors=True)
