"""Run one function in many threads released at the same instant: how the limit-race tests
(issue 13, finding 6) make parallel requests collide."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def all_at_once(count: int, fn: Callable[[int], T], timeout: float = 60) -> list[T | Exception]:
    """`fn(0)` ... `fn(count - 1)`, each in its own thread, all started together; what each
    returned or raised, in order of `n`."""
    start = threading.Barrier(count)
    outcomes: list[T | Exception] = [RuntimeError("did not finish")] * count

    def run(n: int) -> None:
        start.wait()
        try:
            outcomes[n] = fn(n)
        except Exception as exc:  # the caller asserts on what was raised
            outcomes[n] = exc

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return outcomes
