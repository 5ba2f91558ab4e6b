"""Counts the state vars the app sends to the browser (base and computed vars whose names do
not start with `_`), per state and in all: `python scripts/count_state_vars.py [--all]`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import reflex as rx

import startup_toolkit.startup_toolkit  # noqa: F401  (registers every state)


def _walk(state: type[rx.State]) -> Iterator[type[rx.State]]:
    yield state
    for sub in state.get_substates():
        yield from _walk(sub)


def main() -> None:
    rows = []
    for state in _walk(rx.State):
        sent = [n for n in (*state.base_vars, *state.computed_vars) if not n.startswith("_")]
        rows.append((len(sent), state.get_full_name().rsplit(".", 1)[-1], sorted(sent)))
    rows.sort(reverse=True)
    for count, name, names in rows:
        print(f"{count:4d}  {name}" + (f"  {', '.join(names)}" if "--all" in sys.argv else ""))
    print(f"{len(rows)} states, {sum(r[0] for r in rows)} vars sent to the browser")


if __name__ == "__main__":
    main()
