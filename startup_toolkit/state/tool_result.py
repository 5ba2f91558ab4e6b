"""What a tool page shows while and after its AI run researches, as Reflex mixins.

`ResearchProgressMixin`: `research_progress` (what the research step is doing, '' when
nothing) and `_researching`, which awaits a run's work while it ticks, passing the research
step's latest words to the page at each tick:

    outcome = await self._researching(run, my_run(run.form), advance, 1.0)

or, on a page whose working card counts the whole seconds in `elapsed`,
`await self._researching_seconds(run, my_run(run.form))`.

`ShownResultMixin` adds the page's one result on screen: `_shown` (what Save and Download
need) and the page's `result` var, its view, both set in one place, `_present`, with the view
built by the page's `_result_view`. Clearing the page is `_clear_result` (with `ReopenMixin`:
no reopened note any more either); `_present_run` shows a run's outcome; Save Results
saves what the page's `_saved` says of the result on screen.

`SaveResultMixin` is Save Results alone (`save`), for a page whose `_save_request` says what
to keep (None: nothing on screen); `ShownResultMixin` is one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.services.tool_runs import ToolOutcome, ToolRun, run_tool
from startup_toolkit.state.tool_outcome import nothing_to_save
from startup_toolkit.state.tool_run import ClaimedRun
from startup_toolkit.state.tools import save_tool_result

R = TypeVar("R")


class ResearchProgressMixin(rx.State, mixin=True):
    """`research_progress` and `_researching` (needs `ToolRunMixin`)."""

    research_progress: str = ""  # what the research step is doing ('' when nothing)

    async def _researching(
        self,
        run: ClaimedRun,
        tool_run: ToolRun[R],
        advance: Callable[[float], None],
        every: float,
    ) -> ToolOutcome[R]:
        """Run `tool_run` for the run's user; every `every` seconds meanwhile (while `run` is
        current), `advance(seconds elapsed)` and the research step's latest words."""
        heard: list[str] = []  # the research step's latest words, shown at the next tick

        def tick(elapsed: float) -> None:
            advance(elapsed)
            if heard:
                self.research_progress = heard[-1]

        work = run_tool(run.user_id, tool_run, on_progress=heard.append)
        return await self._tick_while(run, work, tick, every)  # type: ignore[attr-defined]

    async def _researching_seconds(
        self, run: ClaimedRun, tool_run: ToolRun[R], every: float = 1.0
    ) -> ToolOutcome[R]:
        """`_researching` for a page whose working card counts the whole seconds in `elapsed`."""

        def advance(seconds: float) -> None:
            self.elapsed = int(seconds)  # type: ignore[attr-defined]

        return await self._researching(run, tool_run, advance, every)


class SaveResultMixin(rx.State, mixin=True):
    """`save` (Save Results); the page implements `_save_request` (needs `ReopenMixin`)."""

    def _save_request(self) -> SaveRequest | None:
        """What Save Results keeps of what is on screen (the metadata without the run's id);
        None: nothing to save."""
        raise NotImplementedError

    @rx.event
    async def save(self) -> EventSpec:
        """Save Results: what is on screen, its metadata naming the kept run."""
        saved = self._save_request()
        if saved is None:
            return nothing_to_save()
        return await save_tool_result(
            self,
            tool_name=saved.tool_name,
            title=saved.title,
            content=saved.content,
            content_type=saved.content_type,
            formatted_content=saved.formatted_content,
            metadata=self._with_run_id(saved.metadata),  # type: ignore[attr-defined]
        )


class ShownResultMixin(ResearchProgressMixin, SaveResultMixin, mixin=True):
    """`_shown`, `_present`, `_clear_result`, `_present_run` and `save`; the page declares
    `result` (its view var) and implements `_result_view` and `_saved`. Needs `ReopenMixin`,
    listed after this mixin so that its `_reopen_clear` hook is this one's."""

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

    def _present_run(self, outcome: ToolOutcome[Any], shown: Callable[[Any], Any]) -> None:
        """The end of a run: the research words go; its result (if any) on screen as
        `shown(result)`, naming the kept run for Save Results."""
        self.research_progress = ""
        if outcome.result is not None:
            self._present(shown(outcome.result))
            self._run_id = outcome.run_id

    def _saved(self, shown: Any) -> SaveRequest:
        """What Save Results keeps of `shown` (the metadata without the run's id)."""
        raise NotImplementedError

    def _save_request(self) -> SaveRequest | None:
        return None if self._shown is None else self._saved(self._shown)
