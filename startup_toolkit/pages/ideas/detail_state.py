"""IdeaDetailState: /ideas/[id] (issue 14, item 3): the idea's timeline across tools and the
diff of two of its scanner runs (picked in two selects, the two newest by default).

The idea's id comes from the URL; it only ever selects among the signed-in founder's own
ideas (another founder's id reads as not found, like an id that does not exist)."""

from __future__ import annotations

import dataclasses
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import idea_history as history
from startup_toolkit.domain import workspace as ws
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.pages.ideas.page_load import PageLoadMixin
from startup_toolkit.services import ideas as service
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user

LOAD_FAILED = "This idea could not be loaded. Please reload the page."
NOT_FOUND = "Idea not found"
NOT_FOUND_DETAIL = "There is no idea at this address among yours. It may have been removed."
DIFF_FAILED = "These two scans could not be compared."


@dataclasses.dataclass
class TimelineRow:
    run_id: str = ""
    tool: str = ""
    label: str = ""
    at: str = ""
    headline: str = ""
    href: str = ""
    sample: bool = False


@dataclasses.dataclass
class ScanOption:
    value: str = ""
    label: str = ""


@dataclasses.dataclass
class CategoryDiffRow:
    name: str = ""
    old: int = 0
    new: int = 0
    change: str = ""
    direction: str = "same"
    reasoning_changed: bool = False
    old_reasoning: str = ""
    new_reasoning: str = ""


def scan_option(choice: service.ScanChoice) -> ScanOption:
    """A scanner run as the select offers it (the time in UTC: an option is plain text)."""
    score = f"score {choice.score}" if choice.score is not None else "unreadable"
    when = choice.at.strftime("%d %b %Y, %H:%M UTC")
    return ScanOption(str(choice.run_id), f"{when} · {score}")


def idea_id_of(path: str) -> int | None:
    """The idea's id in /ideas/<id> (None for anything else)."""
    parts = [p for p in (path or "").split("/") if p]
    return valid_row_id(parts[1]) if len(parts) == 2 and parts[0] == "ideas" else None


class IdeaDetailState(PageLoadMixin, rx.State):
    idea_id: str = ""
    title: str = ""
    description: str = ""
    timeline: list[TimelineRow] = []
    scans: list[ScanOption] = []
    run_a: str = ""
    run_b: str = ""
    # The diff of run_a and run_b (older first).
    has_diff: bool = False
    diff_problem: str = ""
    overall_old: int = 0
    overall_new: int = 0
    overall_change: str = ""
    overall_direction: str = "same"
    verdict_old: str = ""
    verdict_new: str = ""
    categories: list[CategoryDiffRow] = []
    competitors_added: list[str] = []
    competitors_removed: list[str] = []
    steps_added: list[str] = []
    steps_removed: list[str] = []

    @rx.var
    def export_md(self) -> str:
        return f"/api/export/idea/{self.idea_id}.md" if self.idea_id else ""

    @rx.var
    def export_pdf(self) -> str:
        return f"/api/export/idea/{self.idea_id}.pdf" if self.idea_id else ""

    @rx.var
    def overall_color(self) -> str:
        return {"up": "green", "down": "red"}.get(self.overall_direction, "gray")

    def _clear_diff(self) -> None:
        self.has_diff, self.diff_problem, self.categories = False, "", []
        self.competitors_added, self.competitors_removed = [], []
        self.steps_added, self.steps_removed = [], []

    def _apply_diff(self, diff: history.ScanDiff) -> None:
        self._clear_diff()
        if diff.overall is None:
            self.diff_problem = diff.problem or DIFF_FAILED
            return
        self.has_diff = True
        self.overall_old, self.overall_new = diff.overall.old, diff.overall.new
        self.overall_change = history.signed(diff.overall.change)
        self.overall_direction = diff.overall.direction
        self.verdict_old, self.verdict_new = diff.old_verdict, diff.new_verdict
        self.categories = [
            CategoryDiffRow(
                name=c.name,
                old=c.score.old,
                new=c.score.new,
                change=history.signed(c.score.change),
                direction=c.score.direction,
                reasoning_changed=c.reasoning_changed,
                old_reasoning=c.old_reasoning,
                new_reasoning=c.new_reasoning,
            )
            for c in diff.categories
        ]
        self.competitors_added = list(diff.competitors_added)
        self.competitors_removed = list(diff.competitors_removed)
        self.steps_added = list(diff.steps_added)
        self.steps_removed = list(diff.steps_removed)

    @staticmethod
    def _read(session: Any, user_id: str, idea_id: int) -> Any:
        """The timeline and the scanner runs in one worker hop (None: not the founder's)."""
        timeline = service.idea_timeline(session, user_id, idea_id)
        if timeline is None:
            return None
        return timeline, service.scanner_runs(session, user_id, idea_id)

    @rx.event
    async def load(self) -> EventSpec | None:
        self._start_over()
        idea_id = idea_id_of(self.router.url.path)
        if idea_id is None:
            self._nothing_here()
            return None
        found, toast = await self._read_mine(
            self._read, idea_id, failed=LOAD_FAILED, what="Loading an idea"
        )
        if found is None:
            return toast
        timeline, scans = found
        self.idea_id, self.title = str(timeline.idea_id), timeline.title
        # An idea titled from its text would repeat its title.
        same = ws.normalised(timeline.description) == ws.normalised(timeline.title)
        self.description = "" if same else timeline.description
        self.timeline = [
            TimelineRow(
                run_id=str(e.run_id),
                tool=e.tool,
                label=e.tool_label,
                at=e.at.isoformat(),
                headline=e.headline,
                href=e.reopen_path,
                sample=e.sample,
            )
            for e in timeline.entries
        ]
        self.scans = [scan_option(c) for c in scans]
        self.loading = False
        if len(scans) >= 2:
            self.run_a, self.run_b = self.scans[1].value, self.scans[0].value
            return await self._diff()
        return None

    async def _diff(self) -> EventSpec | None:
        done = await for_user(
            self,
            service.scan_diff_of,
            valid_row_id(self.run_a),
            valid_row_id(self.run_b),
            valid_row_id(self.idea_id),
            signed_out=None,
            failed=toasts.error(DIFF_FAILED),
            what="Comparing two scans",
        )
        if not done.ok:
            return done.toast
        if done.value is None:
            self._clear_diff()
            self.diff_problem = DIFF_FAILED
            return None
        self._apply_diff(done.value)
        return None

    @rx.event
    async def pick_a(self, value: str) -> EventSpec | None:
        return await self._pick("run_a", value)

    @rx.event
    async def pick_b(self, value: str) -> EventSpec | None:
        return await self._pick("run_b", value)

    async def _pick(self, name: str, value: Any) -> EventSpec | None:
        """Only one of the listed scans can be picked."""
        if not any(o.value == value for o in self.scans):
            return None
        setattr(self, name, value)
        return await self._diff()
