"""Granian, the server `reflex run --env prod` starts, as a deployment needs it (issue 29,
item 3): a backend worker that dies (killed, out of memory) is started again, and the others
go on serving. Granian's own default stops the whole server when one worker exits, taking
every tab and every run of the other workers with it; Reflex gives no setting for it, so the
server class Reflex imports is given this default (rxconfig, in the process that starts it).

A worker that keeps dying within seconds of its restart still stops the server (Granian's
crash-loop check): that is a broken deployment, not a lost worker.
"""

from __future__ import annotations

from typing import Any


def respawn_failed_workers() -> None:
    """Make the Granian server Reflex starts restart a worker that died (once per process)."""
    try:
        from granian import server
    except ImportError:  # not installed: Reflex serves with uvicorn then
        return
    base: Any = server.Server
    if getattr(base, "respawns_failed_workers", False):
        return

    class RespawningServer(base):  # type: ignore[misc, valid-type]
        """Granian's server, restarting a worker that died."""

        respawns_failed_workers = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("respawn_failed_workers", True)
            super().__init__(*args, **kwargs)

    server.Server = RespawningServer
