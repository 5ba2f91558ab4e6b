"""What a tool page shows while and after its AI run researches, as Reflex mixins.

`ResearchProgressMixin`: `research_progress` (what the research step is doing, '' when
nothing) and `_researching`, which awaits a run's work while it ticks, passing the research
step's latest words to the page at each tick:

    outcome = await self._researching(
        run, lambda heard: run_tool(run.user_id, my_run(run.form), on_progress=heard), advance, 1.0
    )

`ShownResultMixin` adds the page's one result on screen: `_shown` (what Save and Download
need) and the page's `result` var, its view, both set in one place, `_present`, with the view
built by the page's `_result_view`. Clearing the page is `_clear_result` (with `ReopenMixin`:
no reopened note any more either).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import reflex as rx

from startup_toolkit.state.tool_run import ClaimedRun

T = TypeVar("T")


class ResearchProgressMixin(rx.State, mixin=True):
    """`research_progress` and `_researching` (needs `ToolRunMixin`)."""

    research_progress: str = ""  # what the research step is doing ('' when nothing)

    async def _researching(
        self,
        run: ClaimedRun,
        start: Callable[[Callable[[str], None]], Awaitable[T]],
        advance: Callable[[float], None],
        every: float,
    ) -> T:
        """Await the work `start(on_progress)` begins; every `every` seconds meanwhile (while
        `run` is current), `advance(seconds elapsed)` and the research step's latest words."""
        heard: list[str] = []  # the research step's latest words, shown at the next tick

        def tick(elapsed: float) -> None:
            advance(elapsed)
            if heard:
                self.research_progress = heard[-1]

        return await self._tick_while(run, start(heard.append), tick, every)  # type: ignore[attr-defined]


class ShownResultMixin(ResearchProgressMixin, mixin=True):
    """`_shown`, `_present`, `_clear_result`; the page declares `result` (its view var) and
    implements `_result_view`. Needs `ReopenMixin`, listed after this mixin so that its
    `_reopen_clear` hook is this one's."""

    _shown: Any = None  # the result on screen with what it was made from (None: none)

    def _result_view(self, shown: Any) -> Any:
        """The page's view of `shown` (None: the page without a result)."""
        raise NotImplementedError

    def _present(self, shown: Any) -> None:
        """The one place the result changes: kept for Save and Download, shown as its view."""
        self._shown = shown
        self.result = self._result_view(shown)

    def _clear_result(self) -> None:
        self._present(None)
        self.research_progress = ""
        self._forget_reopened()  # type: ignore[attr-defined]

    def _reopen_clear(self) -> None:
        self._clear_result()
