"""BriefState (issue 30): the founder's one-click brief. One idea field and, folded away, the
numbers the Funding and Growth parts use; Brief runs the four parts at the same time
(`services/brief.run_parts`, each through `run_tool`), each part's row follows its progress
and the brief fills in as each ends; a part that fails keeps its row with Retry, which runs
that part alone. `/brief?idea=<id>` shows one of the founder's ideas' brief again, from its
latest kept runs.

What runs is a job: the click (a sequential handler) checks the form and the allowance and
leaves the job under its number; the background handler `run_job(number)` takes it. Each part
belongs to the newest job that runs it (`_owners`), so a part's result is written only by its
own job, and New brief (or another founder's session) leaves every running job writing
nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Iterable
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain.brief import (
    BRIEF_PATH,
    BY_KEY,
    PART_KEYS,
    PartResult,
    brief_path,
    compose,
    failed_text,
)
from startup_toolkit.domain.brief_budget import REFUSED_TITLE, BudgetNote, budget_note
from startup_toolkit.domain.brief_input import (
    FIELDS,
    IDEA_INPUT_CAP,
    NUMBER_INPUT_CAP,
    BriefInput,
    read_input,
)
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.saved_results import AUTH_REQUIRED
from startup_toolkit.domain.tool_run import ToolOutcome
from startup_toolkit.pages.brief.rows import (
    DONE,
    FAILED,
    MISSING,
    RUNNING,
    BriefView,
    BudgetView,
    PartRow,
    brief_view,
    budget_view,
    part_row,
)
from startup_toolkit.pages.brief.watch_state import WatchMixin
from startup_toolkit.services import brief as service
from startup_toolkit.state import toasts
from startup_toolkit.state.allowance import todays_allowance
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private import for_user
from startup_toolkit.state.tool_run import while_ticking
from startup_toolkit.state.tools import ToolPageState

ROUTE = BRIEF_PATH
IDEA_PARAM = "idea"
TOAST_ID = "brief-status"
SIGN_IN_DETAIL = "Please sign in to brief an idea"
INVALID = "Please check the brief's fields"
INVALID_DETAIL = "Some fields need a valid value."
START_FAILED = "The brief could not be started. Please try again."
LOAD_FAILED = "This brief could not be loaded. Please reload the page."
NOT_FOUND = "There is no idea at this address among yours. It may have been removed."
READY = "Your brief is ready"
READY_DETAIL = "Every part finished: read it below, export or share it."
PART_READY = "{label} is back in your brief"
NOT_BACK = "{label} did not finish"
NOT_BACK_DETAIL = "Its row says why. Retry it when you are ready."
UNFINISHED = "{count} of {total} parts did not finish"
UNFINISHED_DETAIL = "The rest of your brief is ready. Retry each missing part from its row."
TICK_SECONDS = 1.0
FORM_NAMES = frozenset({"idea", *FIELDS})


@dataclasses.dataclass(frozen=True)
class Job:
    """What one background run works on: its number, the parts, the input and the idea."""

    number: int
    keys: tuple[str, ...]
    data: BriefInput
    idea_id: int


# --- Database work, in a worker thread (`for_user`) ----------------------------------------------


def _opening(session: Session, user_id: str) -> BudgetNote:
    """What a brief may cost, before anything is typed (the longest idea)."""
    return service.budget_check(session, user_id)


def _reading(
    session: Session, user_id: str, idea_id: int
) -> tuple[service.KeptBrief | None, BudgetNote]:
    return service.kept_brief(session, user_id, idea_id), service.budget_check(session, user_id)


def _starting(
    session: Session,
    user_id: str,
    data: BriefInput,
    keys: tuple[str, ...],
    idea_id: int | None,
    known: bool,
) -> tuple[BudgetNote, service.OpenedIdea | None]:
    """The allowance first; then, when the parts fit, the idea they land on: `idea_id` itself
    when `known` (a part again, on the brief's idea), else the idea of the brief's text (the
    chosen `idea_id` when it is the founder's)."""
    note = service.budget_check(session, user_id, data, keys)
    if not note.fits:
        return note, None
    if known and idea_id is not None:
        return note, service.OpenedIdea(idea_id, "")
    return note, service.open_idea(session, user_id, data.idea, idea_id)


class BriefState(WatchMixin, rx.State):
    """The brief page: its form, what a brief may cost, each part's progress and the brief."""

    private_run_counters: ClassVar[tuple[str, ...]] = ("_job",)

    form: dict[str, str] = {}  # what was typed, by field (one missing: empty, so assumed)
    errors: dict[str, str] = {}
    budget: BudgetView | None = None  # what a brief may cost (None until read)
    parts: list[PartRow] | None = None  # each part's progress (None: no brief on this page)
    brief: BriefView | None = None  # the brief so far (None: no part has a result)
    problem: str = ""  # why the page shows no brief (not found, failed to load)
    running: bool = False  # a part is under way
    elapsed: int = 0  # whole seconds the newest job has run

    _chosen: int | None = None  # the idea the address names (`?idea=`)
    _title: str = ""
    _data: BriefInput | None = None  # what the parts on screen ran on (Retry runs on it)
    _results: dict[str, PartResult] = {}
    _job: int = 0  # bumped by each job and each clear
    _owners: dict[str, int] = {}  # part key -> the number of the job running it
    _jobs: dict[int, Job] = {}  # jobs left for their background task

    # -- the page -----------------------------------------------------------------------------

    def _clear(self) -> None:
        """No brief on the page: every running job writes nothing more."""
        self._job += 1
        self._owners, self._jobs, self._results = {}, {}, {}
        self._chosen = self._idea_id = self._data = None
        self._title = self.problem = ""
        self.parts = self.brief = None
        self.errors = {}
        self.running, self.elapsed = False, 0

    @rx.event
    async def load(self) -> EventSpec | None:
        """A fresh brief (the form empty), or `?idea=<id>`: that idea's brief again."""
        wanted = valid_row_id(self.router.url.query_parameters.get(IDEA_PARAM, ""))
        if self.running and wanted is not None and wanted == self._idea_id:
            return None  # this tab's brief of that idea is under way: keep it
        self._clear()
        self.form = {}
        if wanted is None:
            done = await for_user(self, _opening, signed_out=None, failed=None, what="A brief")
            if done.ok and done.value is not None:
                self.budget = budget_view(done.value)
            return None
        failed = toasts.error(LOAD_FAILED)
        read = await for_user(
            self, _reading, wanted, signed_out=None, failed=failed, what="Loading a brief"
        )
        if not read.ok or read.value is None:
            self.problem = LOAD_FAILED if read.toast is not None else ""
            return read.toast
        kept, note = read.value
        self.budget = budget_view(note)
        if kept is None:
            self.problem = NOT_FOUND
            return None
        self._chosen = self._idea_id = kept.idea_id
        self._title = kept.title
        self.form = {**kept.form, "idea": kept.idea}
        self._results = dict(kept.parts)
        self.parts = [part_row(line) for line in kept.brief.parts]
        self._compose()
        return None

    @rx.event
    def set_field(self, name: str, value: str) -> None:
        if name not in FORM_NAMES or not isinstance(value, str):
            return
        cap = IDEA_INPUT_CAP if name in ("idea", "audience") else NUMBER_INPUT_CAP
        self.form = {**self.form, name: value[:cap]}
        if name in self.errors:
            self.errors = {k: v for k, v in self.errors.items() if k != name}

    @rx.event
    def new_brief(self) -> EventSpec:
        """Start again on a new idea: what runs writes nothing more."""
        self._clear()
        self.form = {}
        return rx.redirect(ROUTE)

    def _compose(self) -> None:
        """The brief view from the parts' results so far (None: no part has one)."""
        if not self._results or self._idea_id is None:
            self.brief = None
            return
        self.brief = brief_view(compose(self._title, self._results), self._idea_id)

    def _set_row(self, key: str, status: str, note: str, href: str = "") -> None:
        rows = self.parts or [PartRow(p, BY_KEY[p].label, MISSING) for p in PART_KEYS]
        self.parts = [
            dataclasses.replace(r, status=status, note=note, href=href) if r.key == key else r
            for r in rows
        ]
        self.running = any(r.status == RUNNING for r in self.parts)

    def _row(self, key: str) -> PartRow | None:
        return next((r for r in self.parts or [] if r.key == key), None)

    # -- starting --------------------------------------------------------------------------------

    def _new_job(self, keys: Iterable[str], data: BriefInput, idea_id: int) -> int:
        """A job for the parts `keys` (each now its own), left for `run_job`."""
        self._job += 1
        number = self._job
        wanted = tuple(keys)
        self._jobs = {**self._jobs, number: Job(number, wanted, data, idea_id)}
        self._owners = {**self._owners, **dict.fromkeys(wanted, number)}
        for key in wanted:
            self._set_row(key, RUNNING, f"{BY_KEY[key].working} ...")
        self.elapsed = 0
        return number

    async def _checked(
        self, data: BriefInput, keys: tuple[str, ...], idea_id: int | None, known: bool
    ) -> tuple[service.OpenedIdea | None, EventSpec | None]:
        """The idea the parts land on once the allowance says they fit, else the toast."""
        signed_out = toasts.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=TOAST_ID)
        done = await for_user(
            self,
            _starting,
            data,
            keys,
            idea_id,
            known,
            signed_out=signed_out,
            failed=toasts.error(START_FAILED),
            what="Starting a brief",
        )
        if not done.ok or done.value is None:
            return None, done.toast
        note, opened = done.value
        self.budget = budget_view(note)
        if not note.fits:
            return None, toasts.error(REFUSED_TITLE, description=note.refusal, id=TOAST_ID)
        if opened is None:
            return None, toasts.error(START_FAILED)
        return opened, None

    def _read_form(self) -> BriefInput | None:
        data, self.errors = read_input(self.form.get("idea", ""), self.form)
        return data

    @rx.event
    async def start(self) -> EventSpec | list[EventSpec] | None:
        """Brief: check the form (a sequential handler sees every keystroke before the click)
        and the allowance, then run the four parts in `run_job`."""
        if self.running:
            return None  # a second click while parts run starts nothing
        data = self._read_form()
        if data is None:
            detail = self.errors.get("idea") or INVALID_DETAIL
            return toasts.error(INVALID, description=detail, id=TOAST_ID)
        opened, refused = await self._checked(data, PART_KEYS, self._chosen, known=False)
        if opened is None:
            return refused
        self._clear_brief(opened, data)
        number = self._new_job(PART_KEYS, data, opened.idea_id)
        address = brief_path(opened.idea_id)
        return [
            BriefState.run_job(number),
            rx.call_script(f"window.history.replaceState(window.history.state, '', {address!r})"),
        ]

    def _clear_brief(self, opened: service.OpenedIdea, data: BriefInput) -> None:
        """A new brief of the idea `opened`: nothing of the last one stays on screen."""
        chosen = self._chosen
        self._clear()
        self._chosen = chosen
        self._idea_id, self._title, self._data = opened.idea_id, opened.title, data

    @rx.event
    async def retry(self, key: str) -> EventSpec | None:
        """A part's Retry (or Run, for a part never run on this idea): that part alone."""
        row = self._row(key)
        if key not in BY_KEY or row is None or row.status == RUNNING or self._idea_id is None:
            return None
        data = self._data or self._read_form()
        if data is None:
            detail = self.errors.get("idea") or INVALID_DETAIL
            return toasts.error(INVALID, description=detail, id=TOAST_ID)
        opened, refused = await self._checked(data, (key,), self._idea_id, known=True)
        if opened is None:
            return refused
        self._data = data
        return BriefState.run_job(self._new_job((key,), data, self._idea_id))

    # -- running -------------------------------------------------------------------------------

    async def _claim(self, number: int) -> tuple[Job, str] | None:
        """Take the job left under `number` (once), with the signed-in founder; None when
        there is none, or nobody is signed in any more (its parts end here)."""
        async with self:
            job = self._jobs.get(number)
            if job is None:
                return None
            self._jobs = {k: v for k, v in self._jobs.items() if k != number}
            user_id = await signed_in_user_id(self)
            if user_id is None:
                for key in self._mine(job):
                    self._set_row(key, FAILED, SIGN_IN_DETAIL)
                return None
        return job, user_id

    def _mine(self, job: Job) -> list[str]:
        """The parts of `job` that are still its own."""
        return [k for k in job.keys if self._owners.get(k) == job.number]

    def _end_part(self, job: Job, key: str, outcome: ToolOutcome[Any]) -> None:
        """A part's end: its result in the brief, or its row with why it failed."""
        if self._owners.get(key) != job.number:
            return  # a newer job runs it, or the brief was cleared
        found = service.outcome_part(key, job.data, outcome)
        if found is None:
            self._set_row(key, FAILED, failed_text(outcome.status))
            return
        self._results = {**self._results, key: found}
        basis = BY_KEY[key].spec.sample_basis if found.sample else ""
        href = tools.reopen_path(key, found.run_id) if found.run_id else ""
        self._set_row(key, DONE, basis, href)
        self._compose()

    @rx.event(background=True)
    async def run_job(self, number: int) -> AsyncIterator[EventSpec]:
        """The parts of the job left under `number`, at the same time; each part's row and the
        brief change as each ends."""
        claimed = await self._claim(number)
        if claimed is None:
            return
        job, user_id = claimed
        heard: dict[str, str] = {}

        async def done(key: str, outcome: ToolOutcome[Any]) -> None:
            async with self:
                self._end_part(job, key, outcome)

        def tick(seconds: float) -> bool:
            mine = self._mine(job)
            if not mine:
                return False
            self.elapsed = int(seconds)
            for key in mine:
                row = self._row(key)
                if key in heard and row is not None and row.status == RUNNING:
                    self._set_row(key, RUNNING, heard[key])
            return True

        work = service.run_parts(
            user_id,
            job.data,
            job.idea_id,
            job.keys,
            on_progress=heard.__setitem__,
            on_done=done,
        )
        outcomes = await while_ticking(self, work, tick, TICK_SECONDS)
        spent = await todays_allowance(self)  # a database round trip: before the lock
        async with self:
            if spent is not None:
                (await self.get_state(ToolPageState))._show_allowance(spent)
                most = service.ceiling(job.data)
                self.budget = budget_view(budget_note(spent, most, len(PART_KEYS)))
            mine = self._mine(job)
            self._owners = {k: v for k, v in self._owners.items() if v != number}
        if mine:
            yield self._end_toast(job, [k for k in mine if not outcomes[k].ok])

    def _end_toast(self, job: Job, failed: list[str]) -> EventSpec:
        """How a job ended: ready, or which parts did not finish."""
        if len(job.keys) == 1:
            label = BY_KEY[job.keys[0]].label
            if failed:
                return toasts.error(NOT_BACK.format(label=label), description=NOT_BACK_DETAIL)
            return toasts.success(PART_READY.format(label=label))
        if failed:
            title = UNFINISHED.format(count=len(failed), total=len(job.keys))
            return toasts.error(title, description=UNFINISHED_DETAIL, id=TOAST_ID)
        return toasts.success(READY, description=READY_DETAIL)
