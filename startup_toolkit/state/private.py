"""What a handler that touches a founder's private data repeats, in one place: the signed-in
user from the server-side session, the database work in a worker thread, and a failure logged
and turned into the handler's own toast.

    done = await for_user(self, library.save_resource, self.detail_id,
                          signed_out=SIGN_IN_TOAST, failed=SAVE_FAILED_TOAST, what="Saving")
    if not done.ok:
        return done.toast
    outcome = done.value

`attempt` is the worker-thread part alone, for a handler that has its user id already (or
needs none): the call's value, or the handler's own `failed` value when the call raised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import reflex as rx
from reflex.event import EventSpec
from sqlmodel import Session

from startup_toolkit.db import in_worker
from startup_toolkit.services.sessions import resolve_session
from startup_toolkit.state.auth import session_token

log = logging.getLogger(__name__)

T = TypeVar("T")
F = TypeVar("F")


_SIGNED_OUT = object()


def _as_session_user(session: Session, token: str, fn: Callable[..., T], *args: Any) -> Any:
    """`fn(session, user_id, *args)` for the holder of the session token, or `_SIGNED_OUT`:
    the session check and the work share one thread hop and one database session."""
    user_id = resolve_session(session, token) if token else None
    if user_id is None:
        return _SIGNED_OUT
    return fn(session, user_id, *args)


@dataclass(frozen=True)
class UserCall(Generic[T]):
    """The value of the call, or (not ok) the toast to show instead (None: show nothing)."""

    ok: bool
    value: T | None = None
    toast: EventSpec | None = None


async def for_user(
    state: rx.State,
    fn: Callable[..., T],
    *args: Any,
    signed_out: EventSpec | None,
    failed: EventSpec | None,
    what: str,
) -> UserCall[T]:
    """`fn(session, user_id, *args)` for the signed-in founder, in a worker thread."""
    token = session_token(state)
    if not token:
        return UserCall(False, toast=signed_out)
    try:
        value = await in_worker(_as_session_user, token, fn, *args)
    except Exception:  # the database may be unreachable: tell the founder, keep the page
        log.exception("%s failed", what)
        return UserCall(False, toast=failed)
    if value is _SIGNED_OUT:
        return UserCall(False, toast=signed_out)
    return UserCall(True, value)


async def attempt(fn: Callable[..., T], *args: Any, failed: F, what: str) -> T | F:
    """`fn(session, *args)` in a worker thread; `failed` when that raised (logged as 'Could
    not <what>')."""
    try:
        return await in_worker(fn, *args)
    except Exception:  # the database may be unreachable: say so, keep the page
        log.exception("Could not %s", what)
        return failed
