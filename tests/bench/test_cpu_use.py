"""bench.cpu_use: the CPU time of a process tree, read from /proc (Linux)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.cpu_use import tree_cpu_seconds

#: A child that spends 0.6 CPU-seconds, then waits to be stopped (/proc counts in ticks, which
#: can fall a little short of the process's own clock: the test asks for 0.5).
BURN = (
    "import time; t = time.process_time()\n"
    "while time.process_time() - t < 0.6: pass\n"
    "time.sleep(60)"
)


def test_a_tree_counts_its_matching_processes_time_and_only_theirs() -> None:
    marker = f"cpu-use-test-{os.getpid()}"
    before, running = tree_cpu_seconds(os.getpid(), marker)
    assert (before, running) == (0, 0)
    child = subprocess.Popen([sys.executable, "-c", BURN, marker])
    try:
        deadline = time.monotonic() + 20
        while tree_cpu_seconds(os.getpid(), marker)[0] < 0.5 and time.monotonic() < deadline:
            time.sleep(0.1)
        used, running = tree_cpu_seconds(os.getpid(), marker)
        assert 0.5 <= used < 5 and running == 1
        # Another command line under the same root is not counted.
        assert tree_cpu_seconds(os.getpid(), marker + "-other") == (0, 0)
    finally:
        child.kill()
        child.wait()
    assert tree_cpu_seconds(os.getpid(), marker)[1] == 0
