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
from startup_toolkit.services.share_links import IDEA
from startup_toolkit.state import toasts
from startup_toolkit.state.exports import MARKDOWN, PDF, ExportLinks, export_path
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
    basis: str = ""  # how it was made when not the AI's answer: "Sample", "Estimate (...)"


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


@dataclasses.dataclass
class IdeaView(ExportLinks):
    """The idea, its timeline across tools and its scanner runs (the selects' options)."""

    id: str = ""
    title: str = ""
    description: str = ""
    timeline: list[TimelineRow] = dataclasses.field(default_factory=list)
    scans: list[ScanOption] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class ScanPicks:
    """The two scans picked in the selects (`run_a` the older), and why they have no diff
    (`problem`, '' while they have one or none was asked for)."""

    run_a: str = ""
    run_b: str = ""
    problem: str = ""


@dataclasses.dataclass
class DiffView:
    """What changed between the two scans picked."""

    overall_old: int = 0
    overall_new: int = 0
    overall_change: str = ""
    overall_direction: str = "same"
    verdict_old: str = ""
    verdict_new: str = ""
    categories: list[CategoryDiffRow] = dataclasses.field(default_factory=list)
    competitors_added: list[str] = dataclasses.field(default_factory=list)
    competitors_removed: list[str] = dataclasses.field(default_factory=list)
    steps_added: list[str] = dataclasses.field(default_factory=list)
    steps_removed: list[str] = dataclasses.field(default_factory=list)


def idea_view(timeline: service.IdeaTimeline, scans: list[service.ScanChoice]) -> IdeaView:
    idea_id = str(timeline.idea_id)
    # An idea titled from its text would repeat its title.
    same = ws.normalised(timeline.description) == ws.normalised(timeline.title)
    return IdeaView(
        id=idea_id,
        title=timeline.title,
        description="" if same else timeline.description,
        export_md=export_path(IDEA, idea_id, MARKDOWN),
        export_pdf=export_path(IDEA, idea_id, PDF),
        timeline=[
            TimelineRow(
                run_id=str(e.run_id),
                tool=e.tool,
                label=e.tool_label,
                at=e.at.isoformat(),
                headline=e.headline,
                href=e.reopen_path,
                basis=e.basis,
            )
            for e in timeline.entries
        ],
        scans=[scan_option(c) for c in scans],
    )


def diff_problem(diff: history.ScanDiff | None) -> str:
    """Why two scans have no diff to show ('' when they have one; None: not compared)."""
    if diff is None or diff.overall is None:
        return (diff.problem if diff is not None else "") or DIFF_FAILED
    return ""


def diff_view(diff: history.ScanDiff | None) -> DiffView | None:
    """The diff to show (None when there is none: `diff_problem` says why)."""
    if diff is None or diff.overall is None:
        return None
    return DiffView(
        overall_old=diff.overall.old,
        overall_new=diff.overall.new,
        overall_change=history.signed(diff.overall.change),
        overall_direction=diff.overall.direction,
        verdict_old=diff.old_verdict,
        verdict_new=diff.new_verdict,
        categories=[
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
        ],
        competitors_added=list(diff.competitors_added),
        competitors_removed=list(diff.competitors_removed),
        steps_added=list(diff.steps_added),
        steps_removed=list(diff.steps_removed),
    )


class IdeaDetailState(PageLoadMixin, rx.State):
    idea: IdeaView | None = None  # None until loaded
    picks: ScanPicks | None = None  # None until two scans are compared
    diff: DiffView | None = None  # None until the picks have one

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
        self.idea = idea = idea_view(timeline, scans)
        if len(scans) >= 2:
            return await self._diff(idea, idea.scans[1].value, idea.scans[0].value)
        return None

    async def _diff(self, idea: IdeaView, run_a: str, run_b: str) -> EventSpec | None:
        """Compare `idea`'s scans `run_a` (the older) and `run_b`, picked in the selects."""
        done = await for_user(
            self,
            service.scan_diff_of,
            valid_row_id(run_a),
            valid_row_id(run_b),
            valid_row_id(idea.id),
            signed_out=None,
            failed=toasts.error(DIFF_FAILED),
            what="Comparing two scans",
        )
        if not done.ok:
            problem = self.picks.problem if self.picks is not None else ""
            self.picks = ScanPicks(run_a, run_b, problem)
            return done.toast
        diff = done.value
        self.picks = ScanPicks(run_a, run_b, diff_problem(diff))
        self.diff = diff_view(diff)
        return None

    @rx.event
    async def pick_a(self, value: str) -> EventSpec | None:
        return await self._pick("run_a", value)

    @rx.event
    async def pick_b(self, value: str) -> EventSpec | None:
        return await self._pick("run_b", value)

    async def _pick(self, name: str, value: Any) -> EventSpec | None:
        """Only one of the listed scans can be picked (none before the idea is loaded)."""
        idea = self.idea
        if idea is None or not any(o.value == value for o in idea.scans):
            return None
        picks = self.picks or ScanPicks()
        picked = {"run_a": picks.run_a, "run_b": picks.run_b, name: value}
        return await self._diff(idea, picked["run_a"], picked["run_b"])
