"""Private page state belongs to one session: a tab that comes back without it sees none of it.

Reflex keeps a tab's state on the server under the tab token (in the page's sessionStorage,
and in URLs and access logs), and a page's first event (`hydrate_and_load`) sends every loaded
state to whoever presents that token, before any on_load guard runs. So each state that holds
a user's data (their rows, their name and email, what their tools produced) mixes in
`PrivateStateMixin`, which records whose it is; `PrivateStateGuard`, an app middleware, runs
before every event and resets (`_forget_private`) each loaded private state that belongs to
anyone but the session presenting the tab now:

- at a page load (hydrate) the session cookie is resolved (a cached lookup, in a worker
  thread), so a missing, foreign, expired or signed-out cookie all count as another owner;
- at any other event a cookie other than the one the state was filled under is resolved too.

`AuthState`'s guards settle the loaded states again with the user they resolve
(`claim_private_state`), and sign-out resets every private state of the tab
(`forget_private_state`). A handler still asks the session for the user before it reads or
writes anything: this only decides what the tab is shown.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import reflex as rx
from reflex.middleware import Middleware
from reflex.state import BaseState
from reflex_base.constants import ROUTER_HEADERS

from startup_toolkit.db import in_worker
from startup_toolkit.domain.cookies import token_from_cookie_header
from startup_toolkit.services.sessions import resolve_session

if TYPE_CHECKING:
    from reflex.app import App
    from reflex_base.event import Event

log = logging.getLogger(__name__)

#: The events that send a tab its whole state (a page load or a reconnect).
HYDRATE_EVENTS = frozenset(
    f"{rx.State.get_full_name()}.{name}" for name in ("hydrate", "hydrate_and_load")
)


class PrivateStateMixin(rx.State, mixin=True):
    """A state whose values belong to the signed-in user who filled them."""

    #: Counters background tasks compare to know whether their run is still wanted: a reset
    #: bumps them (never back to 0), so a task started for the previous owner writes nothing.
    private_run_counters: ClassVar[tuple[str, ...]] = ()

    _owner_cookie: str = ""  # a fingerprint of the session cookie the state was filled under
    _owner_user: str = ""  # the user that cookie resolved to ('' = signed out)

    def _forget_private(self) -> None:
        """Back to the defaults, but for the browser's own storage (it is the browser's, and
        hydrate reads it again) and the run counters (bumped)."""
        kept = {
            name: getattr(self, name) for name in self.base_vars if self._is_client_storage(name)
        }
        for name in self.private_run_counters:
            kept[name] = getattr(self, name) + 1
        self.reset()
        for name, value in kept.items():
            setattr(self, name, value)

    def _start_over(self) -> None:
        """Back to the defaults, still owned by the same session: a page's own fresh start
        (`reset()` would also forget the owner, and the guard would then clear the page again
        at its next event, after it loaded)."""
        owner = (self._owner_cookie, self._owner_user)
        self.reset()
        self._owner_cookie, self._owner_user = owner

    def _claim_private(self, cookie: str, user_id: str) -> None:
        """Make the state `user_id`'s (filled under `cookie`): forget it if it was another's."""
        if self._owner_user != user_id:
            self._forget_private()
            self._owner_user = user_id
        if self._owner_cookie != cookie:
            self._owner_cookie = cookie


def cookie_fingerprint(token: str) -> str:
    """Tells session cookies apart without keeping one (nor the hash the sessions table
    stores) in the pickled state."""
    if not token:
        return ""
    return hashlib.sha256(b"unstuck-private-state\0" + token.encode()).hexdigest()[:24]


# The guard runs before every event, so it avoids what is slow per call there: parsing the
# Cookie header, `isinstance` against Reflex's state classes, and `state.router` (rebuilt
# from its parts at each access).


@lru_cache(maxsize=1024)
def _session_of(cookie_header: str) -> tuple[str, str]:
    """(session token, its fingerprint) of a raw Cookie header."""
    token = token_from_cookie_header(cookie_header)
    return token, cookie_fingerprint(token)


def _session(state: BaseState) -> tuple[str, str]:
    """(session token, fingerprint) of the tab `state` belongs to."""
    root = state._get_root_state()
    headers = vars(root).get(ROUTER_HEADERS) or root.router.headers
    return _session_of(headers.cookie or "")


_is_private: dict[type, bool] = {}


def _loaded_private(state: BaseState) -> Iterator[PrivateStateMixin]:
    """The private states loaded in `state`'s tree (what an update of this event can send)."""
    todo = [state._get_root_state()]
    while todo:
        current = todo.pop()
        todo.extend(current.substates.values())
        cls = type(current)
        private = _is_private.get(cls)
        if private is None:
            private = _is_private[cls] = issubclass(cls, PrivateStateMixin)
        if private:
            yield current  # type: ignore[misc]


def private_state_classes() -> list[type[PrivateStateMixin]]:
    """Every state class that holds private data."""
    found: list[type[PrivateStateMixin]] = []
    todo = list(rx.State.get_substates())
    while todo:
        cls = todo.pop()
        todo.extend(cls.get_substates())
        if issubclass(cls, PrivateStateMixin) and not cls._mixin:
            found.append(cls)
    return found


def claim_private_state(state: BaseState, user_id: str | None) -> None:
    """The loaded private states of `state`'s tab now belong to `user_id` (None: nobody)."""
    _, cookie = _session(state)
    for private in _loaded_private(state):
        private._claim_private(cookie, user_id or "")


async def forget_private_state(state: BaseState) -> None:
    """Sign-out: every private state of the tab back to its defaults, owned by nobody."""
    for cls in private_state_classes():
        private = await state.get_state(cls)
        private._forget_private()
        private._owner_cookie = private._owner_user = ""


async def _user_of(token: str) -> str:
    """The user id of a live session token ('' for none); '' also when the database cannot
    say (the private state is then forgotten, the safe side)."""
    if not token:
        return ""
    try:
        return await in_worker(resolve_session, token) or ""
    except Exception:  # the database may be unreachable: fail closed
        log.warning("Could not resolve a tab's session; its private page state is cleared")
        return ""


@dataclass
class PrivateStateGuard(Middleware):
    """Before every event: the tab's loaded private states belong to its current session."""

    async def preprocess(self, app: App, state: BaseState, event: Event) -> Any:
        loaded = list(_loaded_private(state))
        if not loaded:
            return None
        token, cookie = _session(state)
        if event.name in HYDRATE_EVENTS or any(s._owner_cookie != cookie for s in loaded):
            user_id = await _user_of(token)
            for private in loaded:
                private._claim_private(cookie, user_id)
        return None
