"""`python -m bench.export_flood`: what each scenario's wave asks for, the table it prints, its
options; and (marked `bench`: a production build of Unstuck) a smoke run end to end."""

from __future__ import annotations

from collections import Counter

import pytest

from bench import export_flood as flood
from bench.flood import FloodResult
from tests.bench.test_ai_runs import run_module

SEED = flood.Seed("unstuck_session=owner", "unstuck_session=viewer", 7, ["tok0", "tok1", "tok2"])


def test_each_scenario_fires_its_own_requests() -> None:
    assert flood.shots("quiet", SEED, 4) == []
    assert {s.path for s in flood.shots("shared", SEED, 4)} == {"/api/shared/tok0.pdf"}
    assert all(not s.headers for s in flood.shots("shared", SEED, 4))
    spread = flood.shots("addresses", SEED, 300)
    assert {s.path for s in spread} == {"/api/shared/tok0.pdf"}
    assert len({s.headers for s in spread}) == 300
    links = flood.shots("links", SEED, 4)
    assert [s.path for s in links][:3] == [f"/api/shared/tok{i}.pdf" for i in range(3)]
    assert not {s.headers for s in links} & {s.headers for s in spread}  # other addresses
    own = flood.shots("signed-in", SEED, 2)
    assert {s.path for s in own} == {"/api/export/run/7.pdf"}
    assert own[0].headers == (("Cookie", "unstuck_session=owner"),)


def test_the_table_has_a_row_per_scenario() -> None:
    quiet = flood.Probe([3.0, 4.0], [10.0, 12.0], [13.0, 16.0])
    busy = flood.Probe([5.0], [95.0], [100.0], failures=1)
    answered = FloodResult(Counter({"200": 30, "429": 570}), 2, [1.0, 2500.0], 15.2)
    text = flood.render(
        [flood.Row("quiet", quiet), flood.Row("shared", busy, answered)], flood.FloodOptions()
    )
    lines = text.splitlines()
    assert lines[0].startswith("Export flood: waves of 300 concurrent requests for 15 s")
    assert lines[2].startswith("| Flood | /ideas load ms p50 / p95 / max |")
    assert lines[4] == "| no flood | 13 / 16 / 16 | 3 / 4 / 4 | 10 / 12 / 12 | 2 | - |"
    assert lines[5] == (
        "| GET /api/shared/<token>.pdf, one link, one address | 100 / 100 / 100 | 5 / 5 / 5 "
        "| 95 / 95 / 95 | 1 (1) | 600 in 2 waves over 15.2 s (200 x30, 429 x570); "
        "slowest 2.5 s |"
    )


def test_options_smoke_and_flags() -> None:
    opts = flood.from_args(flood.parser().parse_args(["--smoke", "--scenarios", "quiet,shared"]))
    assert (opts.requests, opts.seconds, opts.links) == (10, 2.0, 10)
    assert opts.scenarios == ("quiet", "shared")
    with pytest.raises(SystemExit):
        flood.from_args(flood.parser().parse_args(["--scenarios", "nothing"]))


@pytest.mark.bench
def test_smoke_run_prints_a_row_per_scenario() -> None:
    done = run_module("bench.export_flood", "--smoke")
    assert done.returncode == 0, done.stderr[-3000:]
    rows = [
        line for line in done.stdout.splitlines() if line.startswith("| ") and "---" not in line
    ]
    assert len(rows) == 1 + len(flood.SCENARIOS)
    for row in rows[2:]:
        assert " waves over " in row and "200 x" in row
