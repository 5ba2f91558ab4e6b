"""The Startup Oracle's page state: the details form, the prediction, Live Pulse and voice
input (the AI Generate panel has its own state, in `state_content`).

The details are kept in the browser under `startupOracleData` (read back as untrusted input).
Each AI run goes through `run_tool` in a background task that takes the tab's state lock only
to write; a newer run makes an older task write nothing. Demo mode shows labelled samples.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import oracle as rules
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.oracle import TOOL_NAME, prediction_run
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome, run_tool
from startup_toolkit.state import toasts
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.speech import SpeechInputMixin
from startup_toolkit.state.tool_outcome import (
    REFUSED,
    finish_run,
    notice_toast,
    signed_out_toast,
)
from startup_toolkit.state.tool_result import SaveResultMixin
from startup_toolkit.state.tool_run import ToolRunMixin

#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "oracle-status"
#: Issue 17, item 4: the page's own toasts open on the left, clear of the AI Generate list
#: in the right-hand column.
TOASTS_AT = "bottom-left"
ROADMAP_TABS: tuple[tuple[str, str], ...] = (
    ("funding", "Funding"),
    ("customers", "Customers"),
    ("product", "Product"),
)
TZ_OFFSET_JS = "new Date().getTimezoneOffset()"

_rng = random.Random()


def _empty_form() -> dict[str, str]:
    return {name: (rules.DEFAULT_STAGE if name == "stage" else "") for name in rules.FIELDS}


def _prediction_toast(outcome: ToolOutcome[rules.OracleResult], run: int) -> EventSpec:
    if outcome.status is RunStatus.AI and outcome.result is not None:
        probability = outcome.result.probability
        return toasts.success(
            rules.SUCCESS_TOAST,
            description=f"{rules.band(probability)}: {probability}%",
            position=TOASTS_AT,
        )
    if outcome.status is RunStatus.SAMPLE:
        return toasts.info(rules.DEMO_TOAST, description=rules.DEMO_DETAIL, position=TOASTS_AT)
    notice = outcome.notice or rules.RUN_TEXTS.failed
    if outcome.status is RunStatus.UNREADABLE:
        return toasts.warning(notice.title, position=TOASTS_AT)
    if outcome.status in REFUSED:
        return notice_toast(notice, position=TOASTS_AT)
    return rx.toast.error(  # not remembered: its action and id are new each run
        notice.title,
        description=notice.detail,
        action={"label": rules.TRY_AGAIN, "on_click": OracleState.solve},
        position=TOASTS_AT,
        # Its own id: Try Again closes this toast, and the rerun's toast must be new.
        id=f"oracle-failed-{run}",
    )


def _globe_ring(probability: int) -> str:
    """The globe's ring: a conic gradient filled to the probability."""
    degrees = round(probability * 3.6, 1)
    return (
        f"conic-gradient(var(--{rules.band_color(probability)}-9) {degrees}deg, "
        f"var(--gray-a4) {degrees}deg)"
    )


@dataclasses.dataclass
class PredictionView:
    """The prediction as shown (T-ORA-2); the band and the globe's ring follow from the
    probability."""

    sample: str = ""  # '' for the AI's prediction, 'demo' or 'general'
    missing_note: str = ""  # what the AI's reply left out ('' for nothing)
    probability: int = 0
    band_label: str = rules.band(0)
    band_color: str = rules.band_color(0)
    globe_ring: str = _globe_ring(0)
    risks: list[str] = dataclasses.field(default_factory=list)
    moves: list[str] = dataclasses.field(default_factory=list)
    funding: list[str] = dataclasses.field(default_factory=list)
    customers: list[str] = dataclasses.field(default_factory=list)
    product: list[str] = dataclasses.field(default_factory=list)


def prediction_view(result: rules.OracleResult, sample: str) -> PredictionView:
    p = result.probability
    return PredictionView(
        sample=sample,
        missing_note=rules.missing_note(result.missing),
        probability=p,
        band_label=rules.band(p),
        band_color=rules.band_color(p),
        globe_ring=_globe_ring(p),
        risks=list(result.risks),
        moves=list(result.moves),
        funding=list(result.funding),
        customers=list(result.customers),
        product=list(result.product),
    )


class OracleState(ReopenMixin, SpeechInputMixin, SaveResultMixin, ToolRunMixin, rx.State):
    """The details, the prediction (`running` while it is made), Live Pulse and voice input."""

    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.ORACLE.key, tools.ORACLE_CONTENT.key})

    form: dict[str, str] = {}  # {} until a field is typed or restored (the page shows empty)
    stored: str = rx.LocalStorage("", name=rules.STORAGE_KEY, sync=False)
    errors: dict[str, str] = {}
    progress: int = 0

    result: PredictionView | None = None  # None: none; the roadmap's tab is the browser's
    pulse: list[rules.PulseItem] = []

    _pulse_run: int = 0  # bumped when the feed mounts or unmounts; an old loop stops
    _pulse_next_id: int = 1
    _tz_offset: int = 0
    _result_json: str = ""
    _data_json: str = ""
    _created_at: str = ""
    _origin: str = Origin.AI.value  # how the prediction on screen was made

    # -- input and browser storage (T-ORA-1) --------------------------------------------------

    @rx.event
    def set_field(self, name: str, value: str) -> None:
        if name not in rules.FIELDS:
            return
        self.form = {**self.form, name: rules.clean_field(name, value)}
        self.errors = {k: v for k, v in self.errors.items() if k != name}
        self.stored = rules.stored_json(self.form)

    @rx.event
    def restore(self) -> EventSpec:
        """on_load: the details kept in this browser (validated) and its time zone."""
        saved = rules.parse_stored(self.stored)
        if saved:
            self.form = {**_empty_form(), **saved}
        return rx.call_script(TZ_OFFSET_JS, callback=OracleState.set_tz_offset)

    @rx.event
    def set_tz_offset(self, value: Any) -> None:
        self._tz_offset = rules.valid_offset(value)

    @rx.event(background=True)
    async def welcome(self) -> AsyncIterator[EventSpec]:
        """on_load: the welcome toast, 1 s after the page opens, shown for 5 s (T-ORA-5)."""
        await asyncio.sleep(rules.WELCOME_DELAY_SECONDS)
        yield toasts.info(
            rules.WELCOME_TOAST,
            description=rules.WELCOME_DETAIL,
            duration=rules.WELCOME_DURATION_MS,
            id="oracle-welcome",
            position=TOASTS_AT,
        )

    def _put_result(self, result: rules.OracleResult | None, origin: Origin) -> None:
        """Show `result` (None: clear it) with no pulse yet."""
        shown = prediction_view(result, rules.sample_kind(origin)) if result is not None else None
        self.result = shown
        self._origin = origin.value
        self.pulse = []

    def _clear_result(self) -> None:
        self._put_result(None, Origin.AI)
        self._result_json = self._data_json = self._created_at = ""
        self._forget_reopened()

    def _show(self, result: rules.OracleResult, data: rules.StartupData, origin: Origin) -> None:
        self._put_result(result, origin)
        self._result_json = result.model_dump_json()
        self._data_json = json.dumps(data.as_dict())
        self._created_at = utcnow().isoformat()

    # -- reopen (issue 14) ---------------------------------------------------------------------

    async def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved prediction with its details in the form; a kept generation: its
        details in the form and the dialog with what was generated."""
        given = inputs.get("data") if tool == tools.ORACLE_CONTENT.key else inputs
        data, _ = rules.validate(given if isinstance(given, dict) else {})
        if data is None:
            return False
        if tool == tools.ORACLE_CONTENT.key:
            # Here, not at the top: state_content builds on this module.
            from startup_toolkit.pages.oracle.state_content import reopen_content

            if not await reopen_content(self, inputs.get("content"), result):
                return False
            self._clear_result()
        else:
            prediction = rules.OracleResult.model_validate(result)
            self._show(prediction, data, self._reopened_origin())
            self._created_at = created_at.isoformat()
        return self._restore_form(tool, inputs)

    def _reopen_clear(self) -> None:
        self._clear_result()

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """A run's details back in the form (a generation's: the details it was made for);
        an interrupted run's, ready to run again (issue 29)."""
        given = inputs.get("data") if tool == tools.ORACLE_CONTENT.key else inputs
        data, _ = rules.validate(given if isinstance(given, dict) else {})
        if data is None:
            return False
        self.form = {**_empty_form(), **data.as_dict()}
        self.errors = {}
        self.stored = rules.stored_json(self.form)
        return True

    def _stored(self) -> tuple[rules.OracleResult, rules.StartupData, datetime] | None:
        if self.result is None or not self._result_json:
            return None
        return (
            rules.OracleResult.model_validate_json(self._result_json),
            rules.StartupData(**json.loads(self._data_json)),
            datetime.fromisoformat(self._created_at),
        )

    # -- the prediction (T-ORA-1, T-ORA-2) ------------------------------------------------------

    @rx.event
    async def solve(self) -> EventSpec | None:
        """Solve Now, Refresh Analysis and the failure toast's Try Again. A sequential handler,
        so it reads every field typed before the click (a background one could overtake the
        queued field updates); the AI work runs in `run_prediction` on what it takes here."""
        if self.running:
            return None  # a second click while one runs starts nothing
        data, errors = rules.validate(self.form)
        self.errors = errors
        if data is None:
            title, detail = rules.input_problem(errors)
            return toasts.error(title, description=detail, id=TOAST_ID)
        if (signed_out := await signed_out_toast(self, rules.SIGN_IN_DETAIL, TOAST_ID)) is not None:
            return signed_out
        self._start_run(data)
        self._clear_result()
        self.progress = 0
        return OracleState.run_prediction

    def _end_prediction(
        self, outcome: ToolOutcome[rules.OracleResult], data: rules.StartupData
    ) -> None:
        """The result with the gauge full, or the gauge back at 0."""
        self.progress = 100 if outcome.result is not None else 0
        if outcome.result is not None:
            self._show(outcome.result, data, outcome.origin)
            self._run_id = outcome.run_id

    def _advance_gauge(self, _elapsed: float) -> None:
        self.progress = rules.next_progress(self.progress)  # the gauge: +10 up to 90

    @rx.event(background=True)
    async def run_prediction(self) -> AsyncIterator[EventSpec]:
        """The prediction itself; does nothing unless `solve` has just started one."""
        run = await self._claim_run()
        if run is None:
            return
        data: rules.StartupData = run.form
        outcome = await self._tick_while(
            run,
            run_tool(run.user_id, prediction_run(data)),
            self._advance_gauge,
            rules.PROGRESS_TICK_SECONDS,
        )
        if not await finish_run(self, run, lambda: self._end_prediction(outcome, data)):
            return
        yield _prediction_toast(outcome, run.number)
        if outcome.result is not None:
            await asyncio.sleep(rules.PROGRESS_RESET_SECONDS)
            async with self:
                if self._is_current(run):
                    self.progress = 0

    # -- Live Pulse (T-ORA-3) --------------------------------------------------------------------

    @rx.event(background=True)
    async def pulse_loop(self) -> None:
        """While the feed is on the page: every 8 s, with a 30% chance, a new item drawn from
        the prediction. Stops when the feed unmounts, on a new prediction, or after 30 min."""
        async with self:
            self._pulse_run += 1
            run = self._pulse_run
        started = time.monotonic()
        while time.monotonic() - started < rules.PULSE_MAX_MINUTES * 60:
            await asyncio.sleep(rules.PULSE_SECONDS)
            async with self:
                if self._pulse_run != run or not (self.result and self.result.probability > 0):
                    return
                stored = self._stored()
                if stored is None:
                    return
                item = rules.maybe_pulse(
                    stored[0], _rng, self._pulse_next_id, utcnow(), self._tz_offset
                )
                if item is not None:
                    self._pulse_next_id += 1
                    self.pulse = rules.add_pulse(list(self.pulse), item)

    @rx.event
    def stop_pulse(self) -> None:
        self._pulse_run += 1

    # -- voice input (T-ORA-5) ------------------------------------------------------------------

    def _heard(self, text: str) -> EventSpec | None:
        """A voice command shows a notice; any other speech becomes the business idea."""
        if not text:
            return None
        command = rules.voice_command(text)
        if command is not None:
            title, detail = rules.VOICE_NOTICES[command]
            return toasts.info(title, description=detail)
        self.set_field("businessIdea", text)
        return None

    def _type_instead(self) -> str:
        return "Type your idea instead."

    # -- save (T-AI-5) -------------------------------------------------------------------------

    def _save_request(self) -> SaveRequest | None:
        stored = self._stored()
        if stored is None:
            return None
        result, data, created_at = stored
        origin = Origin(self._origin)
        return SaveRequest(
            tool_name=TOOL_NAME,
            title=rules.result_title(result),
            content=rules.save_content(result, data, origin=origin),
            content_type="analysis",
            formatted_content=rules.to_html(result, data),
            metadata=rules.save_metadata(result, created_at, origin=origin),
        )
