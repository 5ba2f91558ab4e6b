"""The lifecycle the loopback test servers share: a threaded `http.server` on 127.0.0.1 served
from a daemon thread, with `start()`/`stop()` (or `with`), `port` and `base_url`.

    class FakeThing(HttpPeer):
        def __init__(self) -> None:
            super().__init__(_Handler)     # handlers reach the peer as `self.server.fake`
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


class PeerServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    fake: Any  # the HttpPeer that started it


class HttpPeer:
    """Start with `start()` (or `with`), stop with `stop()`; `port`: 0 picks a free one."""

    def __init__(
        self,
        handler: type[BaseHTTPRequestHandler],
        *,
        port: int = 0,
        server_class: type[PeerServer] = PeerServer,
    ) -> None:
        self._handler = handler
        self._port = port
        self._server_class = server_class
        self._server: PeerServer | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> Self:
        self._server = self._server_class(("127.0.0.1", self._port), self._handler)
        self._server.fake = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._server is not None, "start() the server first"
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:<port>`, the root the clients are pointed at (AI_BASE_URL,
        STRIPE_API_BASE, a feed's host)."""
        return f"http://127.0.0.1:{self.port}"
