"""The one table `make bench` prints: a row per figure, a column per app, and each Unstuck
column followed by its ratio to the baseline (markdown, so it pastes into the README)."""

from __future__ import annotations

from collections.abc import Callable

from bench.idle import IdleResult
from bench.load import LoadResult
from bench.options import Options
from bench.results import ROUTES, AppResults, RunResults

LABELS = {
    "cheap": "cheap event (Unstuck: contact form field; baseline: counter)",
    "load": "signed-in /dashboard load (baseline: hydrate of /)",
    "toggle": "favourite toggle (baseline: bool toggle)",
}
DASH = "-"


def _n(value: float) -> str:
    """A number with as many decimals as its size deserves."""
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def _x(value: float, base: float) -> str:
    return f"x{value / base:.2f}" if base else DASH


def _load_cell(r: LoadResult) -> str:
    errors = f" ({r.errors} timeouts)" if r.errors else ""
    return f"{_n(r.p50)} / {_n(r.p95)} / {_n(r.max)} ms, {_n(r.rate)}/s{errors}"


def _load_ratio(r: LoadResult, base: LoadResult) -> str:
    return f"p50 {_x(r.p50, base.p50)}, p95 {_x(r.p95, base.p95)}, ev/s {_x(r.rate, base.rate)}"


Cell = Callable[[AppResults], str]
Ratio = Callable[[AppResults, AppResults], str]


class Table:
    """Rows of cells; `add` skips a row no app has a figure for."""

    def __init__(self, apps: list[AppResults]) -> None:
        self.apps = apps
        self.rows: list[list[str]] = []

    def add(self, what: str, cell: Cell, ratio: Ratio | None = None) -> None:
        cells = [self._safe(cell, a) for a in self.apps]
        if all(c == DASH for c in cells):
            return
        row = [what, cells[0]]
        for app, text in zip(self.apps[1:], cells[1:], strict=True):
            row.append(text)
            row.append(self._ratio(ratio, app) if text != DASH else DASH)
        self.rows.append(row)

    def _ratio(self, ratio: Ratio | None, app: AppResults) -> str:
        if ratio is None:
            return ""
        try:
            return ratio(app, self.apps[0])
        except (KeyError, AttributeError, TypeError, ZeroDivisionError):
            return DASH

    @staticmethod
    def _safe(cell: Cell, app: AppResults) -> str:
        try:
            return cell(app)
        except (KeyError, AttributeError, TypeError):
            return DASH

    def render(self) -> str:
        header = ["What", self.apps[0].title]
        for app in self.apps[1:]:
            header += [app.title, "ratio"]
        lines = [header, ["---"] * len(header), *self.rows]
        return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def _load_rows(table: Table, opts: Options) -> None:
    for scenario, label in LABELS.items():
        for n in opts.tabs:
            key = (scenario, n)
            table.add(
                f"{label}, {n} tabs: p50 / p95 / max, events/s",
                lambda a, key=key: _load_cell(a.load[key]),
                lambda a, b, key=key: _load_ratio(a.load[key], b.load[key]),
            )
    first = ("load", opts.tabs[0])
    table.add(
        "state received when the page opens (KB; the hydrate with the build's hashes)",
        lambda a: _n(a.load[first].kb_per_op),
        lambda a, b: _x(a.load[first].kb_per_op, b.load[first].kb_per_op),
    )
    table.add(
        "full state snapshot a reconnect receives (KB)",
        lambda a: _n(a.rehydrate_kb) if a.rehydrate_kb is not None else DASH,
        lambda a, b: (
            _x(a.rehydrate_kb, b.rehydrate_kb) if a.rehydrate_kb and b.rehydrate_kb else ""
        ),
    )


def _stall_rows(table: Table, opts: Options) -> None:
    table.add(
        f"stall probe: {opts.stall_tabs} tabs, a cheap event every "
        f"{opts.stall_interval * 1000:.0f} ms for {opts.stall_seconds:.0f} s: p50 / p95 / max",
        lambda a: _load_cell(a.stall) if a.stall else DASH,
        lambda a, b: f"p95 {_x(a.stall.p95, b.stall.p95)}, max {_x(a.stall.max, b.stall.max)}",
    )
    table.add(
        "stall: max / p95 (goal <= 3)",
        lambda a: f"{a.stall.max / a.stall.p95:.1f}" if a.stall and a.stall.p95 else DASH,
    )


def _idle_rows(table: Table, opts: Options) -> None:
    def idle(fmt: Callable[[IdleResult], str]) -> Cell:
        return lambda a: fmt(a.idle) if a.idle else DASH

    n = opts.idle_tabs
    table.add(
        "idle backend workers: RSS (MB) / CPU (% of a core), no tabs",
        idle(lambda i: f"{i.rss_before:.0f} MB / {i.cpu_before:.1f}%"),
        lambda a, b: f"RSS {_x(a.idle.rss_before, b.idle.rss_before)}",
    )
    table.add(
        f"idle backend workers: RSS / CPU with {n} idle tabs",
        idle(lambda i: f"{i.rss_with:.0f} MB / {i.cpu_with:.1f}%"),
        lambda a, b: f"RSS {_x(a.idle.rss_with, b.idle.rss_with)}",
    )
    table.add(
        "KB per idle tab (goal <= 60)",
        idle(lambda i: f"{i.kb_per_tab:.0f}"),
        lambda a, b: _x(a.idle.kb_per_tab, b.idle.kb_per_tab),
    )
    table.add(
        f"RSS {opts.settle:.0f} s after the tabs closed (change since no tabs)",
        idle(lambda i: f"{i.rss_after:.0f} MB ({i.rss_after - i.rss_before:+.0f} MB)"),
    )
    table.add("state files written per tab", idle(lambda i: f"{i.files_per_tab:.1f}"))


def _page_rows(table: Table) -> None:
    table.add(
        "first load of /: JS gzip KB (files)",
        lambda a: f"{a.weight.js_kb:.0f} KB ({a.weight.js_files})" if a.weight else DASH,
        lambda a, b: _x(a.weight.js_kb, b.weight.js_kb),
    )
    table.add(
        "first load of /: CSS gzip KB (files)",
        lambda a: f"{a.weight.css_kb:.0f} KB ({a.weight.css_files})" if a.weight else DASH,
        lambda a, b: _x(a.weight.css_kb, b.weight.css_kb),
    )
    table.add(
        "first load of /: KB served (all responses, as encoded)",
        lambda a: f"{a.weight.served_kb:.0f} KB" if a.weight else DASH,
    )
    for route in ROUTES:
        table.add(
            f"Lighthouse mobile `{route}`: performance / accessibility / LCP",
            lambda a, route=route: _scores(a, route),
        )


def _scores(app: AppResults, route: str) -> str:
    scores = app.lighthouse.get(route)
    if scores is None:
        return DASH
    if isinstance(scores, str):
        return scores
    return f"{scores.performance:.0f} / {scores.accessibility:.0f} / {scores.lcp_seconds:.1f} s"


def render(results: RunResults, opts: Options) -> str:
    """The whole table, then the notes."""
    table = Table(list(results.apps.values()))
    _load_rows(table, opts)
    _stall_rows(table, opts)
    _idle_rows(table, opts)
    _page_rows(table)
    notes = "".join(f"\n- {note}" for note in results.notes)
    return table.render() + ("\n" + notes if notes else "")
