"""What one wave of the AI-runs benchmark measured, and the markdown it prints: one row per
wave size, then the issue's goals marked met or missed (pure: no app, no I/O)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.ai_probe import Phase, Samples
from bench.ai_provider import Answered
from bench.ai_wave import RunRecord
from bench.load import percentile

COMPLETED, FAILED, LOST = "completed", "failed", "lost"
OVERHEAD_GOAL_S = 1.0
LAG_GOAL_MS = 100.0
DASHBOARD_GOAL_X = 3.0
DASH = "-"


@dataclass
class WaveResult:
    """One wave: how each run went, the kept runs found, the provider's answers to its runs,
    the bystander before (idle) and during the wave, and the samplers'."""

    n: int
    records: list[RunRecord]
    kept: dict[int, int]  # run index -> runs of its tool kept for its founder
    answered: list[Answered]
    idle: Phase
    wave: Phase
    idle_samples: Samples
    wave_samples: Samples
    seconds: float = 0.0  # from the click until the last run ended
    notes: list[str] = field(default_factory=list)


def outcome(record: RunRecord, kept: dict[int, int]) -> str:
    """Completed (ended with a result, and the run is kept), failed (ended, the page said it
    failed) or lost (never ended, or ended with a result that was not kept)."""
    if not record.ended:
        return LOST
    if record.failed:
        return FAILED
    return COMPLETED if kept.get(record.index, 0) > 0 else LOST


def counts(result: WaveResult) -> Counter[str]:
    """Runs by outcome."""
    return Counter(outcome(r, result.kept) for r in result.records)


def provider_seconds(answered: Sequence[Answered]) -> dict[int, float]:
    """The provider's time per run: the sum of its requests' answer times (they run one
    after another: research, then the answer)."""
    found: dict[int, float] = {}
    for a in answered:
        found[a.run] = found.get(a.run, 0.0) + a.seconds
    return found


def overheads(result: WaveResult) -> list[float]:
    """Seconds each completed run took beyond its provider's time (click to the page showing
    the end, less the answers' time)."""
    spent = provider_seconds(result.answered)
    return [
        max(0.0, r.ended - r.clicked - spent.get(r.index, 0.0))
        for r in result.records
        if outcome(r, result.kept) == COMPLETED
    ]


def first_call_waits(result: WaveResult) -> list[float]:
    """Seconds from each click to its run's first request reaching the provider."""
    first: dict[int, float] = {}
    for a in result.answered:
        first[a.run] = min(first.get(a.run, a.started), a.started)
    return [first[r.index] - r.clicked for r in result.records if r.index in first]


def _ms(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 else f"{value:.1f}"


def _pair(idle: list[float], wave: list[float], q: float) -> str:
    if not wave:
        return DASH
    before = f"{_ms(percentile(idle, q))} → " if idle else ""
    return f"{before}{_ms(percentile(wave, q))} ms"


def _dashboard(result: WaveResult) -> str:
    idle, wave = result.idle.dashboard_ms, result.wave.dashboard_ms
    if not wave:
        return DASH
    p50, p95 = percentile(wave, 0.5), percentile(wave, 0.95)
    ratio = f" (x{p95 / percentile(idle, 0.95):.1f})" if idle else ""
    before = f"{_ms(percentile(idle, 0.5))} / {_ms(percentile(idle, 0.95))} → " if idle else ""
    return f"{before}{_ms(p50)} / {_ms(p95)} ms{ratio}, {len(wave)} loads"


def _rss(result: WaveResult) -> str:
    peak, idle = result.wave_samples.peak(), result.idle_samples.mean()
    if not peak:
        return DASH
    pids = sorted(peak)
    shown = " / ".join(f"{peak[p]:,.0f}" for p in pids)
    before = " / ".join(f"{idle[p]:,.0f}" for p in pids if p in idle)
    return f"{shown} MB (idle {before})" if before else f"{shown} MB"


def _per_run(result: WaveResult) -> str:
    grown = result.wave_samples.total_peak - result.idle_samples.total_mean
    if not result.wave_samples.rss or not result.n:
        return DASH
    return f"{grown * 1024 / result.n:,.0f} KB"


def _db(result: WaveResult) -> str:
    wave, idle = result.wave_samples, result.idle_samples
    if not wave.db_open:
        return "n/a (SQLite)"
    before = f" (idle {max(idle.db_open, default=0)} / {max(idle.db_busy, default=0)})"
    return f"{max(wave.db_open)} / {max(wave.db_busy)}{before}"


def _overhead(result: WaveResult) -> str:
    found = overheads(result)
    if not found:
        return DASH
    waits = first_call_waits(result)
    first = f"; click to first AI call p95 {percentile(waits, 0.95):.2f} s" if waits else ""
    return f"{percentile(found, 0.5):.2f} / {percentile(found, 0.95):.2f} s{first}"


def _provider(result: WaveResult) -> str:
    spent = list(provider_seconds([a for a in result.answered if a.run >= 0]).values())
    return f"{percentile(spent, 0.5):.1f} s" if spent else DASH


HEADER = (
    "Runs at once",
    "completed / failed / lost",
    "app overhead beyond the provider: p50 / p95",
    "provider time per run p50",
    "loop lag p99 (proxy: /ping), idle → wave",
    "bystander cheap event p95, idle → wave",
    "bystander /dashboard load p50 / p95, idle → wave",
    "peak RSS per worker",
    "RSS per in-flight run",
    "DB connections peak: open / busy",
)


def row(result: WaveResult) -> list[str]:
    """The table's cells for one wave."""
    c = counts(result)
    return [
        f"{result.n:,}",
        f"{c[COMPLETED]:,} / {c[FAILED]:,} / {c[LOST]:,}",
        _overhead(result),
        _provider(result),
        _pair(result.idle.ping_ms, result.wave.ping_ms, 0.99),
        _pair(result.idle.cheap_ms, result.wave.cheap_ms, 0.95),
        _dashboard(result),
        _rss(result),
        _per_run(result),
        _db(result),
    ]


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def goals(result: WaveResult) -> list[tuple[str, str, bool | None]]:
    """(goal, measured, met; None: not measured) for one wave."""
    c = counts(result)
    found = overheads(result)
    p95 = percentile(found, 0.95) if found else None
    lag = percentile(result.wave.ping_ms, 0.99) if result.wave.ping_ms else None
    idle, wave = result.idle.dashboard_ms, result.wave.dashboard_ms
    ratio = percentile(wave, 0.95) / percentile(idle, 0.95) if idle and wave else None
    return [
        ("0 failed", f"{c[FAILED]}", c[FAILED] == 0),
        ("0 lost", f"{c[LOST]}", c[LOST] == 0),
        (
            f"overhead p95 <= {OVERHEAD_GOAL_S:.0f} s",
            f"{p95:.2f} s" if p95 is not None else DASH,
            None if p95 is None else p95 <= OVERHEAD_GOAL_S,
        ),
        (
            f"loop lag p99 <= {LAG_GOAL_MS:.0f} ms",
            f"{lag:,.0f} ms" if lag is not None else DASH,
            None if lag is None else lag <= LAG_GOAL_MS,
        ),
        (
            f"bystander /dashboard p95 <= {DASHBOARD_GOAL_X:.0f}x idle",
            f"x{ratio:.1f}" if ratio is not None else DASH,
            None if ratio is None else ratio <= DASHBOARD_GOAL_X,
        ),
    ]


def _mark(measured: str, met: bool | None) -> str:
    return f"{measured}: {'not measured' if met is None else 'met' if met else 'missed'}"


def _why(record: RunRecord, kept: dict[int, int]) -> str:
    """Why a run did not complete, in a few words."""
    if record.ended and not record.failed:
        return f"{record.tool} lost: ended with a result, no kept run"
    return f"{record.tool} {outcome(record, kept)}: {record.note or 'no note'}"


def by_tool(result: WaveResult) -> str:
    """Overhead p95 and click-to-first-AI-call p95 per tool."""
    spent = provider_seconds(result.answered)
    first: dict[int, float] = {}
    for a in result.answered:
        first[a.run] = min(first.get(a.run, a.started), a.started)
    parts = []
    for tool in sorted({r.tool for r in result.records}):
        mine = [r for r in result.records if r.tool == tool]
        over = [
            r.ended - r.clicked - spent.get(r.index, 0.0)
            for r in mine
            if outcome(r, result.kept) == COMPLETED
        ]
        waits = [first[r.index] - r.clicked for r in mine if r.index in first]
        if over or waits:
            o = f"{percentile(over, 0.95):.2f}" if over else DASH
            w = f"{percentile(waits, 0.95):.2f}" if waits else DASH
            parts.append(f"{tool} {o} / {w} s")
    return "overhead p95 / click to first AI call p95 by tool: " + ", ".join(parts)


def _notes(result: WaveResult) -> list[str]:
    why = Counter(
        _why(r, result.kept) for r in result.records if outcome(r, result.kept) != COMPLETED
    )
    asked = result.answered
    notes = [
        f"{len(asked):,} AI requests ({sum(a.research for a in asked):,} research, "
        f"{sum(a.stream for a in asked):,} streamed)",
        by_tool(result),
        f"lag probe: {len(result.idle.ping_ms):,} pings idle, {len(result.wave.ping_ms):,} "
        "during the wave",
        *(f"{n} x {text}" for text, n in why.most_common(6)),
    ]
    failures = result.idle.failures + result.wave.failures
    if failures:
        notes.append(f"{failures} bystander probes failed")
    return notes + result.notes


def render(results: Sequence[WaveResult], title: str) -> str:
    """The rows, the goals per wave size, and the notes."""
    lines = [title, "", _line(HEADER), _line(["---"] * len(HEADER))]
    lines += [_line(row(r)) for r in results]
    lines += ["", _line(["Goal", *(f"{r.n:,} runs" for r in results)])]
    lines.append(_line(["---"] * (len(results) + 1)))
    marked = [goals(r) for r in results]
    for i, (goal, _m, _ok) in enumerate(marked[0] if marked else []):
        lines.append(_line([goal, *(_mark(m[i][1], m[i][2]) for m in marked)]))
    for r in results:
        notes = _notes(r)
        waves = f"wave of {r.n:,}: the last run ended {r.seconds:.1f} s after the click"
        lines.append(f"\n- {waves}" + "".join(f"; {note}" for note in notes))
    return "\n".join(lines)
