"""An ASGI app served over real HTTP by uvicorn on 127.0.0.1, in a thread of the test process
(so it shares the test's settings and database)."""

from __future__ import annotations

import threading
import time
from typing import Any

import uvicorn

from tests.support.smtp_server import free_port


class LoopbackServer:
    """`with LoopbackServer(app) as server:` serves `app` at `server.url` until the block ends.
    Lifespan is off: the tests drive the routes, not the app's background workers. uvicorn's
    own X-Forwarded-For handling is off, as in production: the app reads the header itself
    (`TRUSTED_PROXY_HOPS`, `api/auth.client_address`)."""

    def __init__(self, app: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            lifespan="off",
            log_level="warning",
            proxy_headers=False,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def __enter__(self) -> LoopbackServer:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError(f"uvicorn did not start on {self.url}")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
