"""The hub's library: cards, tabs, filters, the resource dialog (Save to dashboard, Generate
content and the founder's versions of it) and the video player (P-HUB-1, P-HUB-2, P-HUB-5..8).

Generate content keeps what it writes as the founder's new version of the resource, beside the
library's original: the dialog lists the versions and goes back to the original in one step."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.db import in_worker
from startup_toolkit.domain import resource_files as files
from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.ai_request import STREAM_FLUSH_SECONDS
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.model_links import unlinked_markdown
from startup_toolkit.domain.tools.hub_document import DocumentForm, document_run
from startup_toolkit.pages.solutions.digest_state import DigestMixin
from startup_toolkit.pages.solutions.toasts import toast
from startup_toolkit.services import founder_journey
from startup_toolkit.services import resource_versions as versions
from startup_toolkit.services import resources as library
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome, run_tool
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private import attempt, for_user
from startup_toolkit.state.tool_run import ClaimedRun, ToolRunMixin

log = logging.getLogger(__name__)

LOAD_LIBRARY_FAILED = "Failed to load resources. Please try again later."


@dataclasses.dataclass
class ResourceCard:
    id: int = 0
    title: str = ""
    description: str = ""
    type: str = ""
    category: str = ""
    popular: bool = False
    file_size: str = ""
    icon: str = "file-text"
    gradient: str = ""
    image: str = ""  # the category's picture
    minutes: int = 1
    playable: bool = False  # a video that opens in the player
    script: bool = False  # a video with nothing to play: its script
    badge: str = ""  # the type as the card names it ("Video script" for a script)
    note: str = ""  # the line under the description: reading time, running time, file


@dataclasses.dataclass
class VersionRow:
    id: int = 0
    label: str = ""


@dataclasses.dataclass
class TocRow:
    index: int = 0
    level: int = 2
    text: str = ""


@dataclasses.dataclass
class Library:
    """The library as loaded: every card, and why it could not be loaded ('' when it was)."""

    cards: list[ResourceCard] = dataclasses.field(default_factory=list)
    error: str = ""


@dataclasses.dataclass
class Filters:
    """The grid's tab, filters, search and sort (all back to these in one assignment)."""

    tab: str = "all"
    category: str = rules.ALL
    type: str = rules.ALL
    query: str = ""
    sort: str = rules.SORT_NEWEST


@dataclasses.dataclass
class Detail:
    """The resource dialog while it is open, loading or showing a resource (P-HUB-7, P-HUB-8)."""

    loading: bool = False  # the resource is being read (a spinner shows)
    saving: bool = False  # Save to dashboard is under way
    id: int = 0
    title: str = ""
    type: str = ""
    category: str = ""
    description: str = ""
    content: str = ""
    watch_url: str = ""
    download_url: str = ""
    file_size: str = ""
    badge: str = ""
    script: bool = False
    download_label: str = ""
    sample: bool = False  # the content is the demo-mode sample
    versions: list[VersionRow] = dataclasses.field(default_factory=list)
    version_shown: int = 0  # 0: the library's original; else the founder's version's id
    toc: list[TocRow] = dataclasses.field(default_factory=list)
    error: str = ""


@dataclasses.dataclass
class Player:
    """The full-screen video player while it is open (P-HUB-6)."""

    kind: str = ""  # "file": the native player; "embed": the video page in a frame
    src: str = ""
    title: str = ""
    resource_id: int = 0


@dataclasses.dataclass(frozen=True)
class ContentForm:
    """What Generate content writes about: the resource open when it was clicked."""

    resource_id: int
    title: str
    kind: str


#: What a card shows of its resource as it is; the rest is worked out in `_card`.
_COPIED_FIELDS = ("id", "title", "description", "type", "category", "popular", "file_size")


#: The detail dialog's texts: each field of `Detail` and the resource's attribute it shows (the
#: content goes through `_put_content`, which also makes its table of contents).
_DETAIL_FIELDS = {
    "title": "title",
    "type": "type",
    "category": "category",
    "description": "description",
    "watch_url": "watch_url",
    "download_url": "download_link",
    "file_size": "file_size",
}


SCRIPT_BADGE = "Video script"
SCRIPT_NOTE = (
    "A presenter's script: there is no recording of it yet. Read it here or download it to "
    "record your own."
)


def _badge(resource: rules.ResourceView) -> str:
    return SCRIPT_BADGE if resource.is_script else resource.type


def _note(resource: rules.ResourceView) -> str:
    """What the card says it offers: nothing it cannot play or download."""
    if resource.player[0]:
        return "Watch the video"
    if resource.is_script:
        return f"{files.spoken_minutes(resource.content)} min to present · script to download"
    if resource.type == "Document" and resource.download_link:
        return f"{files.file_format(resource.download_url)} · {resource.file_size}"
    return f"{rules.reading_minutes(resource.content)} min read"


def _download_label(resource: rules.ResourceView) -> str:
    if not resource.download_link:
        return ""
    kind = files.file_format(resource.download_url)
    what = "script" if resource.is_script else kind
    size = f", {resource.file_size}" if resource.file_size else ""
    return f"Download {what} ({kind}{size})" if resource.is_script else f"Download {what}{size}"


def _card(resource: rules.ResourceView) -> ResourceCard:
    return ResourceCard(
        **{name: getattr(resource, name) for name in _COPIED_FIELDS},
        icon="scroll-text"
        if resource.is_script
        else rules.TYPE_ICONS.get(resource.type, "file-text"),
        gradient=rules.TYPE_GRADIENTS.get(resource.type, rules.TYPE_GRADIENTS["Article"]),
        image=resource.image,
        minutes=rules.reading_minutes(resource.content),
        playable=bool(resource.player[0]),
        script=resource.is_script,
        badge=_badge(resource),
        note=_note(resource),
    )


def _toc(markdown: str) -> list[TocRow]:
    return [
        TocRow(index=i, level=h.level, text=h.text)
        for i, h in enumerate(rules.table_of_contents(markdown))
    ]


def _written(outcome: ToolOutcome[str] | None) -> str | None:
    """The new content, or None when the run failed (an empty answer of the model too). The
    model's text is untrusted: a link stays a link only to a page its research read, any
    other reads as its text and site (as in the Co-Founder's replies)."""
    if outcome is None or not outcome.ok or outcome.result is None:
        return None
    if outcome.status is RunStatus.AI and not outcome.result:
        return None
    if outcome.status is not RunStatus.AI:
        return outcome.result  # the built-in sample: ours
    return unlinked_markdown(outcome.result, [source.url for source in outcome.sources])


class SolutionsState(DigestMixin, ToolRunMixin, rx.State):
    """The hub: library, filters, the open resource and the player (`running`: Generate
    content is writing). Whether the filters panel and the table of contents show is the
    browser's own (view.py, view_dialogs.py): the server never needs it."""

    library: Library | None = None  # None until loaded
    filters: Filters = Filters()
    detail: Detail | None = None  # None while the resource dialog is closed
    generated_text: str = ""  # the new content as the model writes it
    player: Player | None = None  # None while the player is closed

    # ------------------------------------------------------------------ computed

    def _cards(self) -> list[ResourceCard]:
        """Every card of the library ([] until it is loaded)."""
        return self.library.cards if self.library is not None else []

    @rx.var
    def visible(self) -> list[ResourceCard]:
        """The cards the grid shows for the tab, filters, search and sort."""
        f = self.filters
        return rules.filter_resources(
            self._cards(),
            tab=f.tab,
            category=f.category,
            type_=f.type,
            query=f.query,
            sort=f.sort,
        )

    @rx.var
    def popular(self) -> list[ResourceCard]:
        return rules.popular_resources(self._cards())

    # ------------------------------------------------------------------ loading

    @rx.event
    async def on_load(self):
        """Load the library, open a resource named in the address, start the digest."""
        try:
            cards = [_card(r) for r in await in_worker(library.list_resources)]
            self.library = Library(cards)
        except Exception:
            log.exception("Loading the resource library failed")
            self.library = Library(self._cards(), error=LOAD_LIBRARY_FAILED)
        requested = valid_row_id(self.router.url.query_parameters.get("resource", ""))
        if requested is not None:
            yield SolutionsState.open_resource(requested)
        yield SolutionsState.load_digest(False)

    # ------------------------------------------------------------------ filters

    @rx.event
    def set_tab(self, value: str) -> None:
        self.filters.tab = rules.clean_choice(value, rules.TAB_TYPES, "all")

    @rx.event
    def set_query(self, value: str) -> None:
        self.filters.query = rules.clean_query(value)

    @rx.event
    def set_sort(self, value: str) -> None:
        self.filters.sort = rules.clean_choice(value, rules.SORT_VALUES, rules.SORT_NEWEST)

    @rx.event
    def set_category(self, value: str) -> None:
        self.filters.category = rules.clean_choice(value, (rules.ALL, *rules.CATEGORIES))

    @rx.event
    def toggle_category(self, value: str) -> None:
        """A category button: select it, or go back to All when it is already selected."""
        value = rules.clean_choice(value, rules.CATEGORIES)
        self.filters.category = rules.ALL if value == self.filters.category else value

    @rx.event
    def set_type_filter(self, value: str) -> None:
        self.filters.type = rules.clean_choice(value, (rules.ALL, *rules.TYPES))

    @rx.event
    def reset_filters(self) -> None:
        self.filters = Filters()

    # ------------------------------------------------------------------ resource dialog

    @rx.event
    async def open_resource(self, resource_id: int):
        """P-HUB-6/7: a video with a file or a known video page opens the full-screen player;
        anything else the detail dialog (content loaded from the library)."""
        async for update in self._open(resource_id, play=True):
            yield update

    @rx.event
    async def show_details(self):
        """From the player: the video's outline, Save to dashboard and Generate content."""
        if self.player is None:
            return
        resource_id = self.player.resource_id
        self.close_player()
        async for update in self._open(resource_id, play=False):
            yield update

    @rx.event
    def set_player_open(self, value: bool) -> None:
        if not value:
            self.close_player()

    @rx.event
    def close_player(self) -> None:
        self.player = None

    async def _open(self, resource_id: Any, *, play: bool) -> AsyncIterator[None]:
        """Load the resource (the dialog shows a spinner meanwhile), then show it: in the
        player when `play` and it is a playable video, else in the detail dialog."""
        resource_id = valid_row_id(resource_id, text=False)
        if resource_id is None:  # no resource has it
            return
        # A video known to play goes straight to the player: no dialog flashes up first.
        cards = self._cards()
        if play and any(c.id == resource_id and c.playable for c in cards):
            self.detail = None
        else:
            self.detail = Detail(loading=True)
        yield
        try:
            resource = await in_worker(library.get_resource, resource_id)
        except library.ResourceNotFound:
            self.detail = None
            return
        except Exception:
            log.exception("Loading resource %s failed", resource_id)
            self.detail = Detail(error=rules.CONTENT_FAILED)
            return
        if play and resource.player[0]:
            self.detail = None
            self._play(resource)
        else:
            self._show(resource)
            yield
            await self._load_versions(resource.id)

    def _play(self, resource: rules.ResourceView) -> None:
        kind, src = resource.player
        self.player = Player(kind, src, resource.title, resource.id)

    def _show(self, resource: rules.ResourceView) -> None:
        self.detail = Detail(
            id=resource.id,
            **{field: getattr(resource, attr) for field, attr in _DETAIL_FIELDS.items()},
            badge=_badge(resource),
            script=resource.is_script,
            download_label=_download_label(resource),
        )
        self._put_content(resource.content)

    def _detail_id(self) -> int:
        """The id of the resource in the dialog (0: none, or the dialog is closed)."""
        return self.detail.id if self.detail is not None else 0

    def _put_content(self, text: str) -> None:
        if self.detail is None:
            return
        self.detail.content = text
        self.detail.toc = _toc(text)
        self.detail.error = "" if text.strip() else rules.CONTENT_FAILED

    async def _load_versions(self, resource_id: int) -> None:
        """The signed-in founder's versions of the open resource (none when signed out)."""
        done = await for_user(
            self,
            versions.list_versions,
            resource_id,
            signed_out=None,
            failed=None,
            what=f"Listing versions of resource {resource_id}",
        )
        if done.ok and done.value is not None and self._detail_id() == resource_id:
            self._put_versions(done.value)

    def _put_versions(self, found: list[versions.VersionInfo]) -> None:
        if self.detail is not None:
            self.detail.versions = [VersionRow(v.id, v.label) for v in found]

    def _shown(self, version_id: int, text: str, sample: bool = False) -> None:
        """Show `text` as version `version_id` (0: the original; -1: new, not kept)."""
        if self.detail is None:
            return
        self.detail.version_shown = version_id
        self.detail.sample = sample
        self._put_content(text)

    @rx.event
    async def show_version(self, value: str):
        """Show one of the founder's versions, or ('0') the library's original again."""
        resource_id = self._detail_id()
        if not resource_id or self.running:
            return
        if value == "0":
            original = await attempt(
                library.get_resource, resource_id, failed=None, what=f"load resource {resource_id}"
            )
            if original is None:
                yield toast("error", rules.CONTENT_FAILED)
                return
            if self._detail_id() == resource_id:
                self._shown(0, original.content)
            return
        version_id = valid_row_id(value)
        if version_id is None:
            return
        done = await for_user(
            self,
            versions.get_version,
            version_id,
            signed_out=toast("error", rules.SIGN_IN_TO_GENERATE),
            failed=toast("error", rules.CONTENT_FAILED),
            what=f"Opening version {version_id}",
        )
        if not done.ok:
            yield done.toast
            return
        found = done.value
        if found is None or found.resource_id != resource_id or self._detail_id() != resource_id:
            return  # not this founder's version of this resource
        self._shown(found.id, found.content)

    @rx.event
    def set_detail_open(self, value: bool) -> None:
        if not value and not self.running:
            self.detail = None

    @rx.event
    def close_detail(self) -> None:
        self.set_detail_open(False)

    @rx.event
    async def save_to_dashboard(self):
        """Save the open resource to the signed-in founder's documents."""
        if self.detail is None or self.detail.saving or not self.detail.id:
            return
        resource_id = self.detail.id
        self.detail.saving = True
        yield
        done = await for_user(
            self,
            library.save_resource,
            resource_id,
            signed_out=toast("error", rules.SAVE_SIGN_IN),
            failed=toast("error", rules.SAVE_FAILED),
            what=f"Saving resource {resource_id}",
        )
        detail = self.detail
        if detail is not None and detail.id == resource_id:
            detail.saving = False
        if not done.ok or done.value is None:
            yield done.toast
            return
        note = "It is in your dashboard's documents." if done.value.created else "Already saved."
        yield toast("success", rules.SAVED, note)

    # ------------------------------------------------------------------ generate content

    @rx.event
    async def generate_content(self) -> EventSpec | None:
        """P-HUB-8: write long-form content for the open resource (document-style generator)."""
        detail = self.detail
        if self.running or detail is None or not detail.id:
            return None
        if await signed_in_user_id(self) is None:
            return toast("error", rules.SIGN_IN_TO_GENERATE)
        kind = detail.type or "Article"
        self._start_run(ContentForm(detail.id, detail.title, kind))
        self.generated_text = ""
        return SolutionsState.write_content

    @rx.event(background=True)
    async def write_content(self):
        """The new content streams into the dialog; once complete it is shown as the
        founder's newest version (the original one step away)."""
        run = await self._claim_run()
        if run is None:
            return
        outcome, kept = await self._write(run)
        async with self:
            if not self._is_current(run):
                return
            done = self._put_written(run.form, outcome, kept)
        if done is not None:
            yield done

    async def _write(
        self, run: ClaimedRun
    ) -> tuple[ToolOutcome[str] | None, list[versions.VersionInfo] | None]:
        """Run the generator, showing what is written so far (at most 20 updates a second),
        and keep the text as a version; (None, None) when the resource could not be read."""
        form: ContentForm = run.form
        written: list[str] = []

        def on_text(piece: str) -> bool:
            written.append(piece)
            return True

        def show(_elapsed: float) -> None:
            text = "".join(written)
            if self._detail_id() == form.resource_id:
                shown = unlinked_markdown(text)  # while it streams: no link yet
                if self.generated_text != shown:
                    self.generated_text = shown

        async def work() -> tuple[ToolOutcome[str], list[versions.VersionInfo] | None]:
            own = await in_worker(library.get_resource, form.resource_id)
            journey = await in_worker(founder_journey.journey, run.user_id)
            content = document_run(DocumentForm(form.title, form.kind, own.content, journey))
            outcome = await run_tool(run.user_id, content, on_text=on_text)
            text = _written(outcome)
            if text is None or outcome.sample:
                return outcome, None
            kept = await attempt(  # the original stays; the new text is the newest version
                versions.add_version,
                run.user_id,
                form.resource_id,
                text,
                outcome.run_id,
                failed=None,
                what=f"keep a version of resource {form.resource_id}",
            )
            return outcome, kept

        try:
            return await self._tick_while(run, work(), show, STREAM_FLUSH_SECONDS)
        except Exception:
            log.exception("Generating content failed")
            return None, None

    def _put_written(
        self,
        form: ContentForm,
        outcome: ToolOutcome[str] | None,
        kept: list[versions.VersionInfo] | None = None,
    ) -> EventSpec | None:
        """Under the lock: end the run and show the new content (the founder's new version,
        listed first); returns the toast."""
        self.running = False
        self.generated_text = ""
        text = _written(outcome)
        if outcome is None or text is None:
            notice = (outcome and outcome.notice) or rules.content_texts(form.kind).failed
            return toast("error", notice.title, notice.detail)
        if self._detail_id() != form.resource_id:
            return None
        if outcome.sample:
            self._shown(0, text, sample=True)
            return toast("success", rules.SAMPLE_SHOWN, rules.DEMO_NOTE)
        if not kept:
            self._shown(-1, text)  # shown, but not kept: the original is still one step away
            return toast("success", rules.GENERATED)
        self._put_versions(kept)
        self._shown(kept[0].id, text)
        return toast("success", rules.GENERATED, rules.VERSION_KEPT)
