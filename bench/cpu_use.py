"""Where a command's CPU time goes: `python -m bench.cpu_use make test`.

Runs the command and samples /proc every 2 s: how busy both cores were over the run, and the
CPU-seconds of the processes by kind (Chromium, the app's backends, the pytest workers, the
frontend build, the database servers). A process that ends between two samples loses at most
its last 2 s, so the figures are a floor. Linux only.
"""

from __future__ import annotations

import collections
import os
import subprocess
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")
SAMPLE_SECONDS = 2.0

#: A process's kind by a word of its command line, the first that matches.
KINDS = (
    ("chrom", "chromium"),
    ("serve_build", "app"),
    ("reflex", "app"),
    ("granian", "app"),
    ("execnet", "pytest"),
    ("pytest", "pytest"),
    ("bun", "frontend build"),
    ("node", "frontend build"),
    ("postgres", "postgres"),
    ("redis", "redis"),
    ("python", "other python"),
)


def command_line(pid: str | int) -> str | None:
    """The command line of process `pid`, its arguments space-separated (None once gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None


def stat_fields(pid: str | int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (None once it is gone): [1] is
    the parent, [11:13] the process's user and system ticks, [13:15] its reaped children's."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def kind(pid: str) -> str | None:
    """The kind of process `pid` (None once it is gone)."""
    command = command_line(pid)
    if command is None:
        return None
    return next((name for word, name in KINDS if word in command), "other")


def cpu_ticks(pid: str) -> int | None:
    """User and system ticks of process `pid` so far (None once it is gone)."""
    fields = stat_fields(pid)
    return None if fields is None else int(fields[11]) + int(fields[12])


def tree_cpu_seconds(root: int, word: str) -> tuple[float, int]:
    """CPU-seconds so far of the processes under `root` whose command line holds `word`, their
    ended children included (a closed tab's renderer counts once its browser has reaped it),
    and how many such processes are running."""
    parents: dict[int, int] = {}
    stats: dict[int, list[str]] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        fields = stat_fields(pid)
        if fields is not None:
            parents[int(pid)], stats[int(pid)] = int(fields[1]), fields

    def under_root(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == root:
                return True
        return False

    ticks = running = 0
    for pid, fields in stats.items():
        if not under_root(pid) or word not in (command_line(pid) or ""):
            continue
        ticks += sum(int(v) for v in fields[11:15])
        running += 1
    return ticks / TICKS, running


def machine_ticks() -> tuple[int, int]:
    """All ticks of every core so far, and the idle ones among them."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    return sum(values), values[3] + values[4]


def main(command: list[str]) -> int:
    """Run `command`, print how busy the cores were and the CPU-seconds by kind."""
    seen: dict[str, tuple[str, int]] = {}
    # What the processes already running had used: only their use during the run counts.
    before = {pid: cpu_ticks(pid) or 0 for pid in filter(str.isdigit, os.listdir("/proc"))}
    started, (total0, idle0) = time.monotonic(), machine_ticks()
    proc = subprocess.Popen(command)
    while proc.poll() is None:
        time.sleep(SAMPLE_SECONDS)
        for pid in filter(str.isdigit, os.listdir("/proc")):
            name = seen[pid][0] if pid in seen else kind(pid)
            ticks = cpu_ticks(pid)
            if name is not None and ticks is not None:
                seen[pid] = (name, ticks)
    total, idle = machine_ticks()
    by_kind: collections.Counter[str] = collections.Counter()
    for pid, (name, ticks) in seen.items():
        by_kind[name] += (ticks - before.get(pid, 0)) / TICKS
    busy = 100 * (1 - (idle - idle0) / max(1, total - total0))
    print(f"wall {time.monotonic() - started:.0f} s, cores busy {busy:.0f} %")
    print("CPU-seconds:", ", ".join(f"{k} {v:.0f}" for k, v in by_kind.most_common()))
    return proc.returncode


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python -m bench.cpu_use COMMAND [ARG ...]")
    sys.exit(main(sys.argv[1:]))
