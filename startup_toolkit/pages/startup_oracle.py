"""/startup-oracle: success probability, risks, next moves and a solution roadmap for a
business idea (T-ORA-1..5, T-AI-5).

Input panel (idea with voice input, Solve Now, a progress gauge) and a details form, kept in
the browser under `startupOracleData` (read back as untrusted input). The prediction runs in a
background task that takes the tab's state lock only to write; a `_run` counter makes a stale
task write nothing. After a run: prediction card, risks, next moves, Solution Roadmap tabs, a
globe with the probability, the Live Pulse feed (a background task bound to the feed's
mount/unmount) and generated content in a modal. Demo mode shows labelled samples. Every text
from the model is rendered as text.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import random
import time
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    aria_invalid,
    field_error,
    field_label,
    section_heading,
    tab_list,
    tool_card_style,
    tool_page,
    tool_route,
)
from startup_toolkit.domain import oracle as rules
from startup_toolkit.domain.catalog import STARTUP_ORACLE
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.prompts import oracle as prompt
from startup_toolkit.domain.saved_results import (
    AUTH_REQUIRED,
    NOTHING_TO_SAVE,
    NOTHING_TO_SAVE_DETAIL,
)
from startup_toolkit.domain.speech import SPEECH_UNSUPPORTED, VOICE_ERROR, speech_problem
from startup_toolkit.services import ai
from startup_toolkit.state.auth import AuthState, signed_in_user_id
from startup_toolkit.state.speech import LISTEN_JS, STOP_JS
from startup_toolkit.state.tools import claim_run, may_use_tools, save_tool_result, while_ticking

log = logging.getLogger(__name__)

TOOL_NAME = STARTUP_ORACLE.name
ACCENT = STARTUP_ORACLE.color
#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "oracle-status"
CONTENT_TOAST_ID = "oracle-content"
SIGN_IN_DETAIL = "Please log in to use the Startup Oracle"
NO_ACCESS = "A subscription is needed to use the Startup Oracle"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_SECONDS = 2.0
ROADMAP_TABS: tuple[tuple[str, str], ...] = (
    ("funding", "Funding"),
    ("customers", "Customers"),
    ("product", "Product"),
)
ROADMAP_VALUES = frozenset(value for value, _ in ROADMAP_TABS)
PULSE_COLORS = {"opportunity": "green", "risk": "red", "trend": "cyan"}
TZ_OFFSET_JS = "new Date().getTimezoneOffset()"

_rng = random.Random()


@dataclasses.dataclass
class PulseRow:
    id: int = 0
    type: str = ""
    text: str = ""
    time: str = ""


def _empty_form() -> dict[str, str]:
    return {name: (rules.DEFAULT_STAGE if name == "stage" else "") for name in rules.FIELDS}


class OracleState(rx.State):
    form: dict[str, str] = _empty_form()
    stored: str = rx.LocalStorage("", name=rules.STORAGE_KEY, sync=False)
    errors: dict[str, str] = {}
    analysing: bool = False
    progress: int = 0
    listening: bool = False

    has_result: bool = False
    sample: str = ""  # '' for the AI's prediction, 'demo' or 'general'
    probability: int = 0
    risks: list[str] = []
    moves: list[str] = []
    funding: list[str] = []
    customers: list[str] = []
    product: list[str] = []
    roadmap_tab: str = "funding"
    pulse: list[PulseRow] = []

    content_busy: str = ""  # the kind being generated; '' when idle
    content_open: bool = False
    content_kind: str = ""
    content_title: str = ""
    content_text: str = ""

    _run: int = 0  # bumped by each prediction; a stale task writes nothing
    _pending_json: str = ""  # the details `solve` took, waiting for `run_prediction`
    _content_run: int = 0
    _content_pending_json: str = ""  # what `generate_content` took, waiting for `run_content`
    _pulse_run: int = 0  # bumped when the feed mounts or unmounts; an old loop stops
    _pulse_next_id: int = 1
    _tz_offset: int = 0
    _result_json: str = ""
    _data_json: str = ""
    _created_at: str = ""

    @rx.var
    def can_solve(self) -> bool:
        return not self.analysing and bool(self.form.get("businessIdea", "").strip())

    @rx.var
    def band_label(self) -> str:
        return rules.band(self.probability)

    @rx.var
    def band_color(self) -> str:
        return rules.band_color(self.probability)

    @rx.var
    def globe_ring(self) -> str:
        """The globe's ring: a conic gradient filled to the probability."""
        degrees = round(self.probability * 3.6, 1)
        return (
            f"conic-gradient(var(--{rules.band_color(self.probability)}-9) {degrees}deg, "
            f"var(--gray-a4) {degrees}deg)"
        )

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
        yield rx.toast.info(
            rules.WELCOME_TOAST,
            description=rules.WELCOME_DETAIL,
            duration=rules.WELCOME_DURATION_MS,
            id="oracle-welcome",
        )

    @rx.event
    def set_roadmap_tab(self, value: str) -> None:
        if value in ROADMAP_VALUES:
            self.roadmap_tab = value

    def _clear_result(self) -> None:
        self.has_result = False
        self.sample = ""
        self.probability = 0
        self.risks, self.moves = [], []
        self.funding, self.customers, self.product = [], [], []
        self.roadmap_tab = "funding"
        self.pulse = []
        self._result_json = self._data_json = self._created_at = ""

    def _show(self, result: rules.OracleResult, data: rules.StartupData, sample: str) -> None:
        self.has_result = True
        self.sample = sample
        self.probability = result.probability
        self.risks, self.moves = result.risks, result.moves
        self.funding, self.customers, self.product = (
            result.funding,
            result.customers,
            result.product,
        )
        self.roadmap_tab = "funding"
        self.pulse = []
        self._result_json = result.model_dump_json()
        self._data_json = json.dumps(data.as_dict())
        self._created_at = utcnow().isoformat()

    def _stored(self) -> tuple[rules.OracleResult, rules.StartupData, datetime] | None:
        if not self.has_result or not self._result_json:
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
        if self.analysing:
            return None  # a second click while one runs starts nothing
        data, errors = rules.validate(self.form)
        self.errors = errors
        if data is None:
            title = errors.get("businessIdea") or "Please check the details"
            detail = "" if "businessIdea" in errors else next(iter(errors.values()), "")
            return rx.toast.error(title, description=detail, id=TOAST_ID)
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=TOAST_ID)
        self._run += 1
        self._clear_result()
        self.analysing = True
        self.progress = 0
        self._pending_json = json.dumps(data.as_dict())
        return OracleState.run_prediction

    @rx.event(background=True)
    async def run_prediction(self) -> AsyncIterator[EventSpec]:
        """The prediction itself; does nothing unless `solve` has just started one."""
        claimed = await claim_run(self, busy="analysing")
        if claimed is None:
            return
        run, data = claimed.number, rules.StartupData(**claimed.snapshot)

        def advance(_elapsed: float) -> bool:
            if self._run != run or not self.analysing:
                return False
            self.progress = rules.next_progress(self.progress)  # the gauge: +10 up to 90
            return True

        result, outcome, problem = await while_ticking(
            self, _predict(claimed.user_id, data), advance, rules.PROGRESS_TICK_SECONDS
        )

        async with self:
            if self._run != run:
                return
            self.analysing = False
            self.progress = 100 if result is not None else 0
            if result is not None:
                self._show(result, data, "" if outcome == "ai" else outcome)
        if outcome == "ai":
            yield rx.toast.success(
                rules.SUCCESS_TOAST,
                description=f"{rules.band(result.probability)}: {result.probability}%",
            )
        elif outcome == "general":
            yield rx.toast.warning(rules.PARSE_WARNING)
        elif outcome == "demo":
            yield rx.toast.info(
                "Sample prediction (demo mode)",
                description="Set AI_API_KEY to get predictions for your idea.",
            )
        elif outcome == "failed":
            yield rx.toast.error(
                rules.FAILED_TOAST,
                description=problem or rules.FAILED_DETAIL,
                action={"label": rules.TRY_AGAIN, "on_click": OracleState.solve},
                # Its own id: Try Again closes this toast, and the rerun's toast must be new.
                id=f"oracle-failed-{run}",
            )
        else:
            yield rx.toast.error(NO_ACCESS, description=NO_ACCESS_DETAIL)
        if result is not None:
            await asyncio.sleep(rules.PROGRESS_RESET_SECONDS)
            async with self:
                if self._run == run:
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
                if self._pulse_run != run or not self.has_result or self.probability <= 0:
                    return
                stored = self._stored()
                if stored is None:
                    return
                item = rules.maybe_pulse(
                    stored[0], _rng, self._pulse_next_id, utcnow(), self._tz_offset
                )
                if item is not None:
                    self._pulse_next_id += 1
                    row = PulseRow(**dataclasses.asdict(item))
                    self.pulse = rules.add_pulse(list(self.pulse), row)

    @rx.event
    def stop_pulse(self) -> None:
        self._pulse_run += 1

    # -- generated content (T-ORA-4) -----------------------------------------------------------

    @rx.event
    async def generate_content(self, kind: str) -> EventSpec | None:
        """A content button. A sequential handler, so it reads every field typed before the
        click; the AI work runs in `run_content` on what it takes here."""
        content = rules.CONTENT_BY_KIND.get(kind) if isinstance(kind, str) else None
        if content is None:
            return None
        if self.content_busy:
            return None
        data, errors = rules.validate(self.form)
        if data is None:
            self.errors = errors
            title = errors.get("businessIdea") or "Please check the details"
            return rx.toast.error(title, id=CONTENT_TOAST_ID)
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=CONTENT_TOAST_ID)
        self._content_run += 1
        self.content_busy = kind
        self._content_pending_json = json.dumps({"kind": kind, "data": data.as_dict()})
        return OracleState.run_content

    @rx.event(background=True)
    async def run_content(self) -> AsyncIterator[EventSpec]:
        """The generation itself; does nothing unless `generate_content` has just started one."""
        claimed = await claim_run(
            self,
            busy="content_busy",
            idle="",
            pending="_content_pending_json",
            counter="_content_run",
        )
        if claimed is None:
            return
        run, pending, user_id = claimed.number, claimed.snapshot, claimed.user_id
        kind: str = pending["kind"]
        content = rules.CONTENT_BY_KIND[kind]
        data = rules.StartupData(**pending["data"])
        text = await _generate_content(user_id, content, data)

        async with self:
            if self._content_run != run:
                return
            self.content_busy = ""
            if text:
                self.content_kind = kind
                self.content_title = content.title
                self.content_text = text
                self.content_open = True
        if not text:
            yield rx.toast.error(
                rules.content_failed(content),
                description=rules.CONTENT_FAILED_DETAIL,
                id=CONTENT_TOAST_ID,
            )

    @rx.event
    def set_content_open(self, value: bool) -> None:
        self.content_open = bool(value) and bool(self.content_text)

    @rx.event
    def close_content(self) -> None:
        self.content_open = False

    @rx.event
    def copy_content(self) -> list[EventSpec]:
        return [
            rx.set_clipboard(self.content_text),
            rx.toast.success("Copied to clipboard", id=CONTENT_TOAST_ID),
        ]

    @rx.event
    def download_content(self) -> EventSpec:
        if not self.content_text:
            return rx.toast.error("No content available to download", id=CONTENT_TOAST_ID)
        return rx.download(
            data=self.content_text,
            filename=rules.content_filename(self.content_title, self.content_kind),
            mime_type=rules.content_mime(self.content_kind),
        )

    # -- voice input (T-ORA-5) ------------------------------------------------------------------

    @rx.event
    def toggle_speech(self) -> EventSpec:
        """Start listening (the browser's Web Speech API), or stop when already listening."""
        if self.listening:
            self.listening = False
            return rx.call_script(STOP_JS)
        self.listening = True
        return rx.call_script(LISTEN_JS, callback=OracleState.speech_result)

    @rx.event
    def speech_result(self, result: Any) -> EventSpec | None:
        """A voice command shows a notice; any other speech becomes the business idea."""
        self.listening = False
        if not isinstance(result, dict):
            return None
        status = result.get("status")
        if status == "unsupported":
            return rx.toast.error(SPEECH_UNSUPPORTED, description="Type your idea instead.")
        if status == "error":
            if result.get("error") == "aborted":
                return None
            return rx.toast.error(VOICE_ERROR, description=speech_problem(result.get("error")))
        text = result.get("text")
        if status != "ok" or not isinstance(text, str) or not text.strip():
            return None
        command = rules.voice_command(text)
        if command is not None:
            title, detail = rules.VOICE_NOTICES[command]
            return rx.toast.info(title, description=detail)
        self.set_field("businessIdea", text.strip())
        return None

    # -- save (T-AI-5) -------------------------------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        stored = self._stored()
        if stored is None:
            return rx.toast.error(NOTHING_TO_SAVE, description=NOTHING_TO_SAVE_DETAIL)
        result, data, created_at = stored
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(result),
            content=rules.save_content(result, data, sample=self.sample),
            content_type="analysis",
            formatted_content=rules.to_html(result, data),
            metadata=rules.save_metadata(result, created_at, sample=self.sample),
        )


async def _predict(
    user_id: str, data: rules.StartupData
) -> tuple[rules.OracleResult | None, str, str]:
    """(result, outcome, problem): outcome 'ai', 'general' (the spec's defaults after a parse
    failure), 'demo', 'failed' (no result) or 'no_access'."""
    if not await may_use_tools(user_id):
        return None, "no_access", ""
    if not ai.ai_available():
        await asyncio.sleep(DEMO_SECONDS)
        return rules.sample_result(), "demo", ""
    try:
        result = await ai.generate_json(
            user_id,
            TOOL_NAME,
            prompt.SYSTEM,
            prompt.user_prompt(data),
            rules.OracleResult,
            temperature=rules.ORACLE_TEMPERATURE,
        )
        return result, "ai", ""
    except ai.AiParseError:
        return rules.general_result(), "general", ""
    except ai.AiBudgetExceeded as exc:
        return None, "failed", exc.message
    except ai.AiError as exc:
        log.warning("Oracle prediction failed: %s", exc.message)
        return None, "failed", ""
    except Exception:
        log.exception("Oracle prediction failed")
        return None, "failed", ""


async def _generate_content(
    user_id: str, content: rules.ContentKind, data: rules.StartupData
) -> str:
    """The generated text, or '' when it could not be made (no access, AI failure)."""
    if not await may_use_tools(user_id):
        return ""
    if not ai.ai_available():
        await asyncio.sleep(DEMO_SECONDS / 2)
        return rules.sample_content(content, data.businessIdea)
    try:
        text = await ai.generate_text(
            user_id,
            TOOL_NAME,
            prompt.CONTENT_SYSTEM,
            prompt.content_prompt(content, data),
            max_tokens=rules.CONTENT_MAX_TOKENS,
        )
    except ai.AiError as exc:
        log.warning("Oracle %s generation failed: %s", content.kind, exc.message)
        return ""
    except Exception:
        log.exception("Oracle %s generation failed", content.kind)
        return ""
    return rules.clean_content(text)


# --- View -------------------------------------------------------------------------------------

_card = tool_card_style(min_width="0")


def _error(name: str) -> rx.Component:
    return field_error(OracleState.errors, name, f"oracle-{name}-error", color="red")


def _invalid(name: str) -> rx.Var:
    return aria_invalid(OracleState.errors, name)


def _mic_button() -> rx.Component:
    return rx.icon_button(
        rx.cond(
            OracleState.listening,
            rx.icon("mic-off", size=18, aria_hidden="true"),
            rx.icon("mic", size=18, aria_hidden="true"),
        ),
        on_click=OracleState.toggle_speech,
        type="button",
        size="3",
        variant=rx.cond(OracleState.listening, "solid", "soft"),
        color_scheme=rx.cond(OracleState.listening, "red", "gray"),
        aria_label=rx.cond(OracleState.listening, "Stop voice input", "Voice input"),
        aria_pressed=rx.cond(OracleState.listening, "true", "false"),
        title="Voice input",
    )


def _input_panel() -> rx.Component:
    return rx.vstack(
        section_heading("Ask the Oracle", "sparkles", ACCENT),
        field_label("Business idea", "oracle-idea"),
        rx.hstack(
            rx.text_area(
                id="oracle-idea",
                value=OracleState.form["businessIdea"],
                on_change=lambda v: OracleState.set_field("businessIdea", v),
                placeholder="Describe your business idea, e.g. a marketplace that matches "
                "freelance bookkeepers with small restaurants.",
                rows="4",
                size="3",
                width="100%",
                resize="vertical",
                aria_invalid=_invalid("businessIdea"),
            ),
            _mic_button(),
            spacing="2",
            align="start",
            width="100%",
        ),
        _error("businessIdea"),
        rx.flex(
            rx.button(
                rx.cond(
                    OracleState.analysing,
                    rx.spinner(size="2"),
                    rx.icon("wand-sparkles", size=18, aria_hidden="true"),
                ),
                rx.cond(OracleState.analysing, "Analysing...", "Solve Now"),
                on_click=OracleState.solve,
                disabled=~OracleState.can_solve,
                size="3",
                type="button",
                id="oracle-solve",
            ),
            rx.cond(
                OracleState.progress > 0,
                rx.hstack(
                    rx.progress(
                        value=OracleState.progress,
                        max=100,
                        size="3",
                        width="100%",
                        aria_label="Analysis progress",
                    ),
                    rx.text(OracleState.progress, "%", size="2", id="oracle-progress-value"),
                    spacing="2",
                    align="center",
                    flex="1",
                    min_width="10rem",
                    id="oracle-progress",
                ),
            ),
            gap="3",
            align="center",
            wrap="wrap",
            width="100%",
        ),
        spacing="3",
        align="start",
        style=_card,
    )


def _text_field(name: str, label: str, placeholder: str) -> rx.Component:
    field_id = f"oracle-{name}"
    return rx.vstack(
        field_label(label, field_id),
        rx.input(
            id=field_id,
            value=OracleState.form[name],
            on_change=lambda v: OracleState.set_field(name, v),
            placeholder=placeholder,
            size="3",
            width="100%",
            aria_invalid=_invalid(name),
        ),
        _error(name),
        spacing="1",
        width="100%",
    )


def _details_form() -> rx.Component:
    return rx.vstack(
        section_heading("Startup details", "clipboard-list", ACCENT),
        rx.text(
            "Saved in this browser so they are here next time.", size="2", color="var(--gray-11)"
        ),
        rx.grid(
            rx.vstack(
                field_label("Stage", "oracle-stage"),
                rx.select.root(
                    rx.select.trigger(id="oracle-stage", width="100%"),
                    rx.select.content(
                        *[rx.select.item(label, value=value) for value, label in rules.STAGES],
                        position="popper",
                    ),
                    value=OracleState.form["stage"],
                    on_change=lambda v: OracleState.set_field("stage", v),
                    size="3",
                ),
                spacing="1",
                width="100%",
            ),
            _text_field("revenue", "Monthly revenue", "e.g. $2,000"),
            _text_field("users", "Users", "e.g. 150 active"),
            _text_field("budget", "Budget", "e.g. $10,000"),
            columns=rx.breakpoints(initial="1", sm="2"),
            spacing="3",
            width="100%",
        ),
        rx.vstack(
            field_label("Biggest challenge", "oracle-biggestChallenge"),
            rx.text_area(
                id="oracle-biggestChallenge",
                value=OracleState.form["biggestChallenge"],
                on_change=lambda v: OracleState.set_field("biggestChallenge", v),
                placeholder="What is holding you back right now?",
                rows="2",
                size="3",
                width="100%",
                resize="vertical",
                aria_invalid=_invalid("biggestChallenge"),
            ),
            _error("biggestChallenge"),
            spacing="1",
            width="100%",
        ),
        spacing="3",
        align="start",
        style=_card,
    )


def _item_list(items: rx.Var[list[str]], icon: str, color: str, class_name: str) -> rx.Component:
    return rx.vstack(
        rx.foreach(
            items,
            lambda item: rx.hstack(
                rx.icon(icon, size=16, color=f"var(--{color}-11)", flex_shrink="0"),
                rx.text(item, size="2", style={"overflow_wrap": "anywhere"}),
                spacing="2",
                align="start",
                class_name=class_name,
            ),
        ),
        spacing="2",
        width="100%",
    )


def _prediction_card() -> rx.Component:
    return rx.vstack(
        section_heading("Success prediction", "target", ACCENT),
        rx.hstack(
            rx.text(
                OracleState.probability,
                "%",
                size="8",
                weight="bold",
                color=f"var(--{OracleState.band_color}-11)",
                id="oracle-probability",
            ),
            rx.badge(
                OracleState.band_label,
                color_scheme=OracleState.band_color,
                variant="soft",
                size="2",
                id="oracle-band",
            ),
            spacing="3",
            align="center",
            wrap="wrap",
        ),
        rx.text("Estimated chance of building a sustainable business.", size="2", color="gray"),
        spacing="2",
        style=_card,
        id="oracle-prediction",
    )


def _roadmap() -> rx.Component:
    lists = {"funding": OracleState.funding, "customers": OracleState.customers}
    lists["product"] = OracleState.product
    return rx.vstack(
        section_heading("Solution Roadmap", "map", ACCENT),
        rx.tabs.root(
            tab_list(*[rx.tabs.trigger(label, value=value) for value, label in ROADMAP_TABS]),
            *[
                rx.tabs.content(
                    rx.box(
                        _item_list(lists[value], "circle-check", "cyan", f"oracle-{value}"),
                        padding_top="1rem",
                    ),
                    value=value,
                )
                for value, _ in ROADMAP_TABS
            ],
            value=OracleState.roadmap_tab,
            on_change=OracleState.set_roadmap_tab,
            width="100%",
        ),
        spacing="3",
        style=_card,
        id="oracle-roadmap",
    )


def _results() -> rx.Component:
    return rx.vstack(
        rx.cond(
            OracleState.sample != "",
            rx.callout(
                rx.cond(OracleState.sample == "demo", rules.SAMPLE_LABEL, rules.GENERAL_LABEL),
                icon="info",
                color_scheme="amber",
                size="1",
                width="100%",
                id="oracle-sample",
            ),
        ),
        _prediction_card(),
        rx.grid(
            rx.vstack(
                section_heading("Risk analysis", "triangle-alert", ACCENT),
                _item_list(OracleState.risks, "shield-alert", "red", "oracle-risk"),
                spacing="3",
                style=_card,
                id="oracle-risks",
            ),
            rx.vstack(
                section_heading("Next strategic moves", "footprints", ACCENT),
                _item_list(OracleState.moves, "arrow-right", "green", "oracle-move"),
                spacing="3",
                style=_card,
                id="oracle-moves",
            ),
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="4",
            width="100%",
        ),
        _roadmap(),
        spacing="4",
        width="100%",
    )


def _globe() -> rx.Component:
    """A CSS globe inside a ring filled to the probability (no images)."""
    meridian = {
        "position": "absolute",
        "inset": "0",
        "border_radius": "50%",
        "border": "1px solid var(--cyan-a6)",
    }
    return rx.center(
        rx.center(
            rx.box(style={**meridian, "transform": "scaleX(0.35)"}),
            rx.box(style={**meridian, "transform": "scaleX(0.7)"}),
            rx.box(style={**meridian, "transform": "scaleY(0.35)"}),
            rx.box(style={**meridian, "transform": "scaleY(0.7)"}),
            rx.text(OracleState.probability, "%", size="7", weight="bold", z_index="1"),
            position="relative",
            width="132px",
            height="132px",
            border_radius="50%",
            overflow="hidden",
            background="radial-gradient(circle at 35% 30%, var(--cyan-a7), var(--cyan-a3) 55%, "
            "var(--gray-2) 100%)",
        ),
        width="160px",
        height="160px",
        border_radius="50%",
        background=OracleState.globe_ring,
        role="img",
        aria_label=f"Success probability {OracleState.probability}%",
        id="oracle-globe",
    )


def _pulse_card() -> rx.Component:
    return rx.vstack(
        rx.flex(
            section_heading("Live Pulse", "activity", ACCENT, size="3"),
            rx.button(
                rx.icon("refresh-cw", size=14, aria_hidden="true"),
                "Refresh Analysis",
                on_click=OracleState.solve,
                disabled=OracleState.analysing,
                size="1",
                variant="soft",
                type="button",
            ),
            justify="between",
            align="center",
            gap="2",
            wrap="wrap",
            width="100%",
        ),
        rx.text(
            "Reminders drawn from your prediction, not live market data.",
            size="1",
            color="var(--gray-11)",
        ),
        rx.cond(
            OracleState.pulse.length() == 0,
            rx.text("Watching for signals...", size="2", color="var(--gray-11)"),
        ),
        rx.vstack(
            rx.foreach(
                OracleState.pulse,
                lambda p: rx.hstack(
                    rx.badge(
                        p.type,
                        color_scheme=rx.match(
                            p.type, ("opportunity", "green"), ("risk", "red"), "cyan"
                        ),
                        variant="soft",
                        size="1",
                    ),
                    rx.text(p.text, size="2", flex="1", style={"overflow_wrap": "anywhere"}),
                    rx.text(p.time, size="1", color="var(--gray-11)"),
                    spacing="2",
                    align="start",
                    width="100%",
                    class_name="oracle-pulse-item",
                ),
            ),
            spacing="2",
            width="100%",
            aria_live="polite",
        ),
        spacing="3",
        style={**_card, "padding": "1.25rem"},
        id="oracle-pulse",
        on_mount=OracleState.pulse_loop,
        on_unmount=OracleState.stop_pulse,
    )


def _generate_panel() -> rx.Component:
    return rx.vstack(
        section_heading("AI Generate", "wand-sparkles", ACCENT, size="3"),
        rx.text("Ready-to-use material for your idea.", size="2", color="var(--gray-11)"),
        rx.grid(
            *[
                rx.button(
                    rx.cond(
                        OracleState.content_busy == c.kind,
                        rx.spinner(size="1"),
                        rx.icon(c.icon, size=14, aria_hidden="true"),
                    ),
                    c.button,
                    on_click=OracleState.generate_content(c.kind),
                    disabled=OracleState.content_busy != "",
                    variant="surface",
                    size="2",
                    type="button",
                    style={"justify_content": "flex-start"},
                )
                for c in rules.CONTENT_KINDS
            ],
            columns="1",
            spacing="2",
            width="100%",
        ),
        spacing="3",
        style={**_card, "padding": "1.25rem"},
        id="oracle-generate",
    )


def _side_panel() -> rx.Component:
    return rx.vstack(
        rx.cond(
            OracleState.has_result,
            rx.vstack(
                rx.vstack(
                    section_heading("Success globe", "globe", ACCENT, size="3"),
                    rx.center(_globe(), width="100%", padding_y="0.5rem"),
                    rx.center(
                        rx.badge(
                            OracleState.band_label, color_scheme=OracleState.band_color, size="2"
                        ),
                        width="100%",
                    ),
                    spacing="3",
                    style={**_card, "padding": "1.25rem"},
                ),
                _pulse_card(),
                spacing="4",
                width="100%",
            ),
        ),
        _generate_panel(),
        spacing="4",
        width="100%",
    )


def _content_modal() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.vstack(
                rx.dialog.title(OracleState.content_title, style=heading_style, margin="0"),
                rx.dialog.description(
                    "Generated by AI: review before you use it.", color="var(--gray-11)"
                ),
                rx.box(
                    rx.text(
                        OracleState.content_text,
                        as_="div",
                        size="2",
                        style={"white_space": "pre-wrap", "overflow_wrap": "anywhere"},
                    ),
                    max_height="55vh",
                    overflow_y="auto",
                    width="100%",
                    padding="1rem",
                    background="var(--gray-a3)",
                    border_radius="var(--radius-3)",
                    id="oracle-content-text",
                    tab_index=0,
                ),
                rx.flex(
                    rx.button(
                        rx.icon("copy", size=14, aria_hidden="true"),
                        "Copy Content",
                        on_click=OracleState.copy_content,
                        variant="soft",
                        type="button",
                    ),
                    rx.button(
                        rx.icon("download", size=14, aria_hidden="true"),
                        "Download",
                        on_click=OracleState.download_content,
                        variant="soft",
                        type="button",
                    ),
                    rx.button(
                        "Close",
                        on_click=OracleState.close_content,
                        variant="soft",
                        color_scheme="gray",
                        type="button",
                    ),
                    gap="2",
                    justify="end",
                    wrap="wrap",
                    width="100%",
                ),
                spacing="3",
            ),
            max_width="720px",
        ),
        open=OracleState.content_open,
        on_open_change=OracleState.set_content_open,
    )


@tool_route(
    STARTUP_ORACLE,
    on_load=[AuthState.require_access, OracleState.restore, OracleState.welcome],
)
def startup_oracle() -> rx.Component:
    return tool_page(
        STARTUP_ORACLE,
        rx.grid(
            rx.vstack(
                _input_panel(),
                _details_form(),
                rx.cond(OracleState.has_result, _results()),
                spacing="4",
                width="100%",
                min_width="0",
            ),
            rx.box(_side_panel(), width="100%", min_width="0"),
            grid_template_columns=rx.breakpoints(
                initial="minmax(0, 1fr)", lg="minmax(0, 2fr) minmax(0, 1fr)"
            ),
            spacing="5",
            width="100%",
        ),
        _content_modal(),
        save_handler=OracleState.save,
        can_save=OracleState.has_result,
    )
