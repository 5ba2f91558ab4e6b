"""PDF export flood (issue 27, item 6): does a flood of exports stall another founder's pages?

`python -m bench.export_flood` starts Unstuck in production mode the way `python -m bench`
does (bench/apps.py: its own copy, database and port; one backend worker), trusting one proxy
hop so the flood can come from many addresses (`X-Forwarded-For`). In the app's database it
makes a founder with a kept scan shared by `--links` links, and a second founder with a few
ideas. Then, one scenario after another, a separate process fires waves of `--requests`
concurrent GETs (each wave once the previous one is answered) for `--seconds`, while this
process loads the second founder's /ideas again and again, as a browser opens it: the page's
HTML (GET /ideas with the session cookie), then a new tab's websocket hydrate and on_load
(the ideas read from the database), until hydrated. It prints p50 / p95 / max of those loads
per scenario and what the flood's requests got back (200, 429, 503).

Scenarios: `quiet` (no flood), `shared` (one link from one address), `addresses` (one link,
each request from its own address), `links` (each request its own link and address: no two
ask for the same cached file), `signed-in` (the link's founder exporting the run,
`/api/export/run/<id>.pdf`). `--smoke` runs it tiny.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlmodel import Session

from bench import apps, founders
from bench.flood import Flood, FloodResult, Shot
from bench.load import percentile
from bench.protocol import Tab

SCENARIOS = ("quiet", "shared", "addresses", "links", "signed-in")
LABELS = {
    "quiet": "no flood",
    "shared": "GET /api/shared/<token>.pdf, one link, one address",
    "addresses": "GET /api/shared/<token>.pdf, one link, each request its own address",
    "links": "GET /api/shared/<token>.pdf, each request its own link and address",
    "signed-in": "GET /api/export/run/<id>.pdf, one signed-in founder",
}
PROBE_TIMEOUT = 300.0
VIEWER_IDEAS = 5
PAUSE_SECONDS = 2.0


@dataclass
class FloodOptions:
    """Sizes of one run."""

    requests: int = 300
    seconds: float = 15.0
    links: int = 300
    scenarios: tuple[str, ...] = SCENARIOS
    port: int = 0


@dataclass(frozen=True)
class Seed:
    """What the flood and the probe need from the app's database."""

    owner_cookie: str
    viewer_cookie: str
    run_id: int
    tokens: list[str]


@dataclass
class Probe:
    """Milliseconds of each /ideas load under one scenario: the page GET, the tab's hydrate
    and load, and both together (what the founder waits for)."""

    page_ms: list[float] = field(default_factory=list)
    socket_ms: list[float] = field(default_factory=list)
    total_ms: list[float] = field(default_factory=list)
    failures: int = 0


@dataclass
class Row:
    """One scenario's figures."""

    scenario: str
    probe: Probe
    flood: FloodResult | None = None


def _token(cookie: str) -> str:
    return cookie.split("=", 1)[1]


def seed(database_url: str, links: int) -> Seed:
    """The owner (a kept sample scan, shared by `links` links) and the viewer (a few ideas),
    made through the project's services in the app's own database."""
    from startup_toolkit.db import make_engine
    from startup_toolkit.domain import tools
    from startup_toolkit.domain import workspace as rules
    from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
    from startup_toolkit.services import sessions, share_links, workspace

    owner_cookie, viewer_cookie = founders.make_founders(database_url, 2, prefix="flood")
    engine = make_engine(database_url)
    try:
        with Session(engine, expire_on_commit=False) as db:
            owner = sessions.resolve_session(db, _token(owner_cookie))
            viewer = sessions.resolve_session(db, _token(viewer_cookie))
            assert owner and viewer
            idea = "Socks by subscription for busy parents"
            keep = rules.KeepRun(tools.SCANNER.key, {"idea": idea}, idea)
            run_id = workspace.keep_run(db, owner, keep, SAMPLE_SCAN, sample=True)
            assert run_id is not None
            for i in range(VIEWER_IDEAS):
                text = f"Idea {i}: a marketplace for used lab equipment, region {i}"
                mine = rules.KeepRun(tools.SCANNER.key, {"idea": text}, text)
                workspace.keep_run(db, viewer, mine, SAMPLE_SCAN, sample=True)
            tokens = [share_links.create_link(db, owner, "run", run_id, "30") for _ in range(links)]
    finally:
        engine.dispose()
    return Seed(owner_cookie, viewer_cookie, run_id, [t for t in tokens if t])


def _address(i: int, block: int = 0) -> tuple[tuple[str, str], ...]:
    """The header naming client `i` of address block `block` (10.block.x.y)."""
    return (("X-Forwarded-For", f"10.{block % 256}.{i // 256 % 256}.{i % 256}"),)


def shots(scenario: str, data: Seed, n: int) -> list[Shot]:
    """The `n` requests of one wave of `scenario`."""
    token = data.tokens[0]
    if scenario == "shared":
        return [Shot(f"/api/shared/{token}.pdf") for _ in range(n)]
    if scenario == "addresses":
        return [Shot(f"/api/shared/{token}.pdf", _address(i)) for i in range(n)]
    if scenario == "links":
        return [
            Shot(f"/api/shared/{data.tokens[i % len(data.tokens)]}.pdf", _address(i, 1))
            for i in range(n)
        ]
    if scenario == "signed-in":
        cookie = (("Cookie", data.owner_cookie),)
        return [Shot(f"/api/export/run/{data.run_id}.pdf", cookie) for _ in range(n)]
    return []


class Prober:
    """Loads the viewer's /ideas as a browser opens it, one load after another."""

    def __init__(self, base_url: str, cookie: str, hashes: list[str]) -> None:
        self.base_url = base_url
        self.cookie = cookie
        self.hashes = hashes
        self.ideas_state = ""

    async def once(self, http: httpx.AsyncClient, probe: Probe) -> None:
        """One load: the page's HTML, then a new tab's hydrate and on_load."""
        start = time.perf_counter()
        try:
            page = await http.get("/ideas", headers={"Cookie": self.cookie})
            page.raise_for_status()
            page_ms = (time.perf_counter() - start) * 1000
            tab = Tab(self.base_url, self.cookie)
            try:
                reply = await tab.open("/ideas", timeout=PROBE_TIMEOUT, hashes=self.hashes)
                if self.ideas_state and not tab.value(self.ideas_state, "ideas"):
                    raise RuntimeError("the /ideas tab did not receive the viewer's ideas")
            finally:
                await tab.close()
        except (httpx.HTTPError, TimeoutError, OSError):
            probe.failures += 1
            return
        probe.page_ms.append(page_ms)
        probe.socket_ms.append(reply.ms)
        probe.total_ms.append((time.perf_counter() - start) * 1000)

    async def during(self, busy: Callable[[], bool], seconds: float) -> Probe:
        """Loads, one after another, for at least `seconds` and while `busy()`."""
        probe = Probe()
        async with httpx.AsyncClient(base_url=self.base_url, timeout=PROBE_TIMEOUT) as http:
            start = time.perf_counter()
            while time.perf_counter() - start < seconds or busy():
                await self.once(http, probe)
        return probe


def _scenario(name: str, prober: Prober, app_url: str, data: Seed, opts: FloodOptions) -> Row:
    if name == "quiet":
        return Row(name, asyncio.run(prober.during(lambda: False, opts.seconds)))
    with Flood(app_url, shots(name, data, opts.requests), opts.seconds) as flood:
        probe = asyncio.run(prober.during(flood.running, opts.seconds))
        return Row(name, probe, flood.result())


def run(opts: FloodOptions) -> list[Row]:
    """Start the app, seed it, run every scenario in turn; stop the app."""
    from startup_toolkit.pages.ideas.state import IdeasState

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="unstuck-flood-") as tmp:
        port = opts.port or apps.free_port()
        app = apps.start_unstuck(Path(tmp), port, extra={"TRUSTED_PROXY_HOPS": "1"})
        try:
            apps.wait_until_up(app)
            data = seed(app.database_url, max(1, opts.links))
            prober = Prober(app.url, data.viewer_cookie, apps.initial_state_hashes(app))
            prober.ideas_state = IdeasState.get_full_name()
            for name in opts.scenarios:
                rows.append(_scenario(name, prober, app.url, data, opts))
                time.sleep(PAUSE_SECONDS)
        finally:
            apps.stop(app)
    return rows


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
    return f"{p50:,.0f} / {p95:,.0f} / {max(values):,.0f}"


def _answers(flood: FloodResult | None) -> str:
    if flood is None:
        return "-"
    total = sum(flood.answers.values())
    parts = ", ".join(f"{code} x{n:,}" for code, n in sorted(flood.answers.items()))
    slowest = max(flood.answer_ms, default=0.0) / 1000
    waves = f"{total:,} in {flood.waves} waves over {flood.seconds:.1f} s"
    return f"{waves} ({parts}); slowest {slowest:.1f} s"


def render(rows: list[Row], opts: FloodOptions) -> str:
    """The markdown table of one run."""
    lines = [
        f"Export flood: waves of {opts.requests} concurrent requests for {opts.seconds:.0f} s; "
        "meanwhile another founder loads /ideas (page GET + websocket hydrate and on_load), "
        "one load after another.",
        "",
        "| Flood | /ideas load ms p50 / p95 / max | page GET ms | hydrate + load ms "
        "| loads (failed) | flood answers |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        p = row.probe
        loads = f"{len(p.total_ms)}" + (f" ({p.failures})" if p.failures else "")
        lines.append(
            f"| {LABELS[row.scenario]} | {_ms(p.total_ms)} | {_ms(p.page_ms)} "
            f"| {_ms(p.socket_ms)} | {loads} | {_answers(row.flood)} |"
        )
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    """The command line of `python -m bench.export_flood`."""
    p = argparse.ArgumentParser(
        prog="python -m bench.export_flood",
        description="Another founder's /ideas load while PDF exports flood the app.",
    )
    p.add_argument("--smoke", action="store_true", help="10 requests a wave, 2 s a scenario")
    p.add_argument("--requests", type=int, help="concurrent requests per wave (300)")
    p.add_argument("--seconds", type=float, help="seconds of flood per scenario (15)")
    p.add_argument("--links", type=int, help="share links of the 'links' scenario (300)")
    p.add_argument(
        "--scenarios",
        type=lambda s: tuple(s.split(",")),
        help=f"comma-separated, of {','.join(SCENARIOS)}",
    )
    p.add_argument("--port", type=int, help="port of the app (a free one)")
    return p


def from_args(args: argparse.Namespace) -> FloodOptions:
    """Options from parsed arguments: the smoke preset or the defaults, then each flag."""
    opts = FloodOptions(requests=10, seconds=2.0, links=10) if args.smoke else FloodOptions()
    for name in ("requests", "seconds", "links", "scenarios", "port"):
        if (value := getattr(args, name)) is not None:
            setattr(opts, name, value)
    unknown = set(opts.scenarios) - set(SCENARIOS)
    if unknown:
        raise SystemExit(f"unknown scenario(s): {', '.join(sorted(unknown))}")
    return opts


def main() -> None:
    """Parse the command line, run, print the table."""
    opts = from_args(parser().parse_args())
    print(render(run(opts), opts), flush=True)


if __name__ == "__main__":
    main()
