"""A worker process for the fault tests: its lifespan (`run_leases_kept`, as the app's
workers have it) around one founder's streamed AI run, started like a page's background run.
SIGTERM ends the lifespan, as a worker's shutdown does; then the process exits.

    python -m tests.faults.run_worker USER_ID [KEEP]

KEEP: the run's name and how it is kept, as JSON ({"name": ..., "tool": ..., "inputs": {...}});
by default the chat's own.

Settings come from the environment (DATABASE_URL, AI_*, RUN_LEASE_SECONDS,
RUN_GRACE_SECONDS). Prints `running` once the run has started, and how the run ended
(`outcome ...`, or `unfinished` when the process ended first).
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from typing import Any

from startup_toolkit.domain.workspace import KeepRun
from startup_toolkit.services.run_leases import run_leases_kept
from startup_toolkit.services.tool_runs import run_tool
from tests.faults.conftest import chat_run


async def main(user_id: str, given: dict[str, Any] | None = None) -> None:
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    asked = chat_run()
    if given is not None:
        asked = chat_run(tool=given["name"], keep=KeepRun(given["tool"], given["inputs"]))
    async with run_leases_kept():
        run = asyncio.create_task(run_tool(user_id, asked, on_text=lambda _text: True))
        print("running", flush=True)
        await stop.wait()
    if run.done():
        print(f"outcome {run.result().status}", flush=True)
    else:
        print("unfinished", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], json.loads(sys.argv[2]) if len(sys.argv) > 2 else None))
