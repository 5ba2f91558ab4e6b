"""The Co-Founder's part of the founder's workspace (issue 14, items 1 and 8), as a mixin of
CofounderState: which idea the chat uses (the founder's ideas, the most recently active
first), the per-chat switch, the profile setting, the fenced summary in the system prompt, and
the conversation kept as a run of tool `cofounder` when it is saved or cleared."""

from __future__ import annotations

import dataclasses
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import cofounder as chat
from startup_toolkit.domain import cofounder_context as context
from startup_toolkit.domain.prompts import cofounder as prompt
from startup_toolkit.services import cofounder_context
from startup_toolkit.settings import get_settings
from startup_toolkit.state import toasts
from startup_toolkit.state.private import attempt, for_user

IDEA_SELECT_ID = "cofounder-idea"
IDEA_SWITCH_ID = "cofounder-use-idea"
IDEA_NOT_FOUND = "Idea not found"
IDEA_NOT_FOUND_DETAIL = "Pick one of your ideas from the list."
SETTING_PATH = "/profile?tab=ai-personalization"


@dataclasses.dataclass
class ChatIdea:
    """Which of the founder's ideas the chat knows about."""

    saved_work_on: bool = True  # the profile's "Use my saved work in the AI Co-Founder"
    options: list[dict[str, str]] = dataclasses.field(default_factory=list)  # newest first
    id: str = ""  # the chosen idea ('' for none)
    use: bool = True  # this chat's switch


class IdeaContextMixin(rx.State, mixin=True):
    """The idea the chat knows about, and keeping the conversation."""

    chat_idea: ChatIdea | None = None  # None until loaded; options: {"id": "3", "title": ".."}
    _messages: list[dict[str, str]] = []  # the conversation (the page shows `shown_messages`)
    _kept_upto: int = 0  # how many of the messages a kept run already holds
    _to_keep: list[dict[str, str]] = []  # a cleared conversation on its way to be kept
    _to_keep_idea: int | None = None
    _to_keep_sample: bool = False
    _pinned_idea: dict[str, str] = {}  # a reopened conversation's idea: {"id", "title"}

    def _chosen(self) -> ChatIdea:
        """The chat's idea as loaded (the defaults before the page's load)."""
        return self.chat_idea or ChatIdea()

    def _idea_title(self) -> str:
        chosen = self._chosen()
        return next((o["title"] for o in chosen.options if o["id"] == chosen.id), "")

    def _using_idea(self) -> bool:
        """Whether the next message carries the chosen idea's summary (the page works it out
        in the browser too)."""
        chosen = self._chosen()
        return chosen.saved_work_on and chosen.use and self._idea_title() != ""

    def _set_chat_idea(self, **changes: Any) -> None:
        self.chat_idea = dataclasses.replace(self._chosen(), **changes)

    @rx.event
    async def load_ideas(self) -> None:
        """on_load: the setting and the founder's ideas; the chosen idea stays when it is still
        theirs, else the most recently active one."""
        done = await for_user(
            self,
            cofounder_context.chat_setup,
            signed_out=None,
            failed=None,
            what="Loading the Co-Founder's ideas",
        )
        if not done.ok or done.value is None:
            self._set_chat_idea(options=[], id="")
            return
        setup = done.value
        options = [{"id": str(i), "title": t} for i, t in setup.ideas]
        pinned = self._pinned_idea
        if pinned and all(o["id"] != pinned["id"] for o in options):
            options.append(dict(pinned))  # older than the ideas listed: still offered
        chosen = self._chosen().id
        if not any(o["id"] == chosen for o in options):
            chosen = options[0]["id"] if options else ""
        self._set_chat_idea(saved_work_on=setup.enabled, options=options, id=chosen)

    def _select_idea(self, idea_id: int | None, title: str) -> None:
        """A reopened conversation's own idea becomes the chat's (listed even when older than
        the ideas loaded, and kept by `load_ideas` whether it runs before or after); a
        conversation that used no idea goes on without one."""
        if idea_id is None:
            self._pinned_idea = {}
            self._set_chat_idea(use=False)
            return
        pinned = {"id": str(idea_id), "title": title}
        self._pinned_idea = pinned
        options = self._chosen().options
        if all(o["id"] != pinned["id"] for o in options):
            options = [*options, dict(pinned)]
        self._set_chat_idea(options=options, id=pinned["id"], use=True)

    def _unpin_idea(self) -> None:
        """No reopened conversation on screen: the ideas listed are the loaded ones again."""
        self._pinned_idea = {}

    @rx.event
    def choose_idea(self, value: str) -> EventSpec | None:
        """Use another of the founder's ideas (one offered by the page, nothing else)."""
        options = self._chosen().options
        if not isinstance(value, str) or not any(o["id"] == value for o in options):
            return toasts.error(IDEA_NOT_FOUND, description=IDEA_NOT_FOUND_DETAIL)
        self._set_chat_idea(id=value)
        return None

    @rx.event
    def set_use_idea(self, value: bool) -> None:
        if isinstance(value, bool):
            self._set_chat_idea(use=value)

    async def _system_prompt(self, user_id: str) -> str:
        """The chat's system prompt: with the chosen idea's fenced summary while the chat uses
        it (the service checks the setting and that the idea is the founder's)."""
        if not self._using_idea():
            return prompt.SYSTEM
        idea_id = int(self._chosen().id)
        found = await attempt(
            cofounder_context.idea_context,
            user_id,
            idea_id,
            failed=None,
            what="read the Co-Founder's idea summary",
        )
        if found is None:  # the database failed: the chat still answers, without the idea
            return prompt.SYSTEM
        if not found.enabled:
            self._set_chat_idea(saved_work_on=False)
        if not found.found:
            return prompt.SYSTEM
        return context.system_prompt(prompt.SYSTEM, found.text)

    def _kept_idea(self) -> int | None:
        return int(self._chosen().id) if self._using_idea() else None

    def _unkept(self) -> list[dict[str, str]]:
        """The conversation when it has an exchange and messages no kept run holds yet, else
        []."""
        messages: list[dict[str, Any]] = self._messages
        if len(messages) <= self._kept_upto:
            return []
        kept = chat.saved_messages(messages)
        return kept if {"user", "assistant"} <= {m["role"] for m in kept} else []

    async def _keep_now(self) -> None:
        """Keep the conversation as it is (Save); silent, like every kept run."""
        messages = self._unkept()
        if not messages:
            return
        sample = any(m.get("status") == chat.SAMPLE for m in self._messages)
        done = await _keep(self, messages, self._kept_idea(), sample)
        if done:
            self._kept_upto = len(self._messages)

    def _stash_for_keeping(self) -> bool:
        """Before a clear: hold the conversation for `keep_cleared`; whether there is one."""
        self._to_keep = self._unkept()
        self._to_keep_idea = self._kept_idea()
        self._to_keep_sample = any(m.get("status") == chat.SAMPLE for m in self._messages)
        self._kept_upto = 0
        return bool(self._to_keep)

    @rx.event
    async def keep_cleared(self) -> None:
        """Keep the conversation a clear put aside (what the server held, nothing sent)."""
        messages, self._to_keep = self._to_keep, []
        if messages:
            await _keep(self, messages, self._to_keep_idea, self._to_keep_sample)


async def _keep(
    state: rx.State, messages: list[dict[str, str]], idea_id: int | None, sample: bool
) -> bool:
    """Keep `messages` for the signed-in founder; whether a run was kept (failures logged)."""
    model = "" if sample else get_settings().ai_model
    done = await for_user(
        state,
        cofounder_context.keep_conversation,
        messages,
        idea_id,
        sample,
        model,
        signed_out=None,
        failed=None,
        what="Keeping a Co-Founder conversation",
    )
    return bool(done.ok and done.value)
