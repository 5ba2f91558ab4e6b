"""A visitor's malformed event leaves one log line, rate-limited, never a traceback.

Any visitor can send Reflex's event socket an event naming a handler that does not exist (a
stale tab after a deploy does it too), a payload that does not fit the handler, text that is
not an event, or a frame that is not Socket.IO at all. Reflex and python-socketio log each with
a full traceback and the event itself (router data, headers, payload). Here each becomes one
line naming only the kind and, where there is one, the handler, with no client data:

    Malformed event ignored (unknown handler): login_state.no_such_handler

At most `PER_MINUTE` line per kind and worker process each minute; the next line after a
suppression says how many were left out. `log_redaction` applies `classify`/`condense` to every
record as it is made; `state/malformed_events.py` (the app's backend exception handler) applies
`classify_exception`/`line` to the exceptions Reflex hands to the app (a payload that does not
fit the handler's signature). No Reflex import here: Reflex's own exception is matched by name.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from startup_toolkit.domain.event_input import NestingTooDeep

PER_MINUTE = 1  # issue 27, item 3: one line per kind and minute
WINDOW_SECONDS = 60.0

UNKNOWN_HANDLER = "unknown handler"
PAYLOAD_MISFIT = "payload does not fit the handler"
UNDECODABLE = "undecodable event"
GARBAGE_FRAME = "garbage frame"
NO_TAB_TOKEN = "event before its tab token"
NO_SETTER = "setvar of a var without a setter"
AS_TEXT = "event sent as text"
TOO_DEEP = "nested too deep"

_APP = "reflex.app"
_QUEUE = "reflex_base.event.processor.event_processor"
_PROCESS = "reflex_base.event.processor.base_state_processor"
_SOCKETS = ("engineio.server", "socketio.server")
# The loggers that write a malformed event's records (each gets the rate-limit filter).
WATCHED = (_APP, _QUEUE, _PROCESS, *_SOCKETS)

_NO_HANDLER = "No registered handler found for event: "
# Decoding errors of a frame that is not Socket.IO / not an event.
_FRAME_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, UnicodeError)
_QUALNAME = re.compile(r"^([\w.]+)\(\) ")
# Reflex's error for an event it cannot decode (reflex_base.utils.exceptions), by name.
_UNDECODABLE_ERROR = "EventDeserializationError"


@dataclass(frozen=True)
class Verdict:
    kind: str
    detail: str = ""
    silent: bool = False  # another line already reports the same event


class RateLimit:
    """At most `limit` lines per kind in each window; counts what it leaves out."""

    def __init__(
        self,
        limit: int = PER_MINUTE,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._kinds: dict[str, tuple[float, int, int]] = {}  # start, logged, suppressed
        self._lock = threading.Lock()

    def admit(self, kind: str) -> tuple[bool, int]:
        """Whether a line of `kind` may be logged now, and how many were suppressed before it."""
        now = self.clock()
        with self._lock:
            start, logged, suppressed = self._kinds.get(kind, (now, 0, 0))
            if now - start >= self.window:
                start, logged = now, 0
            if logged >= self.limit:
                self._kinds[kind] = (start, logged, suppressed + 1)
                return False, 0
            self._kinds[kind] = (start, logged + 1, 0)
            return True, suppressed


RATE = RateLimit()


def short_name(name: object) -> str:
    """A handler name as a log may show it: `state.handler`, word characters only."""
    parts = str(name).strip().split(".")[-2:]
    cleaned = [re.sub(r"\W", "", part.split("___")[-1]).strip("_") for part in parts]
    return ".".join(part for part in cleaned if part)[:80] or "?"


def _chain(exception: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exception
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _is_undecodable(error: BaseException) -> bool:
    return any(
        cls.__name__ == _UNDECODABLE_ERROR and cls.__module__.startswith("reflex")
        for cls in type(error).__mro__
    )


def classify(record: logging.LogRecord) -> Verdict | None:
    """The malformed event a Reflex or Socket.IO record reports (None: any other record)."""
    if record.name not in WATCHED:
        return None
    message = record.msg if isinstance(record.msg, str) else ""
    error = record.exc_info[1] if record.exc_info else None
    if record.name == _QUEUE and isinstance(error, KeyError) and _NO_HANDLER in str(error):
        return Verdict(UNKNOWN_HANDLER, short_name(str(error).split(_NO_HANDLER, 1)[1]))
    if record.name == _APP and message.startswith("Received event data as a string"):
        # Followed by the event's own line (processed, or undecodable).
        return Verdict(AS_TEXT, silent=True)
    if record.name == _APP and message.startswith("Received event from session"):
        return Verdict(NO_TAB_TOKEN)
    if record.name == _PROCESS and message.startswith("Error transforming event payload"):
        handler = message.removeprefix("Error transforming event payload for handler ")
        return Verdict(PAYLOAD_MISFIT, short_name(handler.split(":", 1)[0]))
    if record.name in _SOCKETS and error is not None:
        if any(isinstance(e, NestingTooDeep) for e in _chain(error)):
            return Verdict(TOO_DEEP)
        if any(_is_undecodable(e) for e in _chain(error)):
            return Verdict(UNDECODABLE)
        if isinstance(error, _FRAME_ERRORS):
            return Verdict(GARBAGE_FRAME, type(error).__name__)
    return None


def classify_exception(exception: BaseException) -> Verdict | None:
    """The malformed event behind an exception Reflex hands to the backend exception handler:
    a payload Reflex could not turn into the handler's arguments, or a `setvar` naming a var
    that has no setter (None: the app's own error)."""
    frames = [
        frame for error in _chain(exception) for frame in traceback.extract_tb(error.__traceback__)
    ]
    if any(frame.name == "_prepare_event_payload" for frame in frames):
        # Reflex logged "Error transforming event payload" for it first.
        return Verdict(PAYLOAD_MISFIT, silent=True)
    innermost = traceback.extract_tb(exception.__traceback__)[-1:]
    if (
        isinstance(exception, AttributeError)
        and innermost
        and innermost[0].name == "setvar"
        and innermost[0].filename.endswith(f"reflex{os.sep}state.py")
    ):
        return Verdict(NO_SETTER, short_name(getattr(exception, "name", None) or "?"))
    if (
        isinstance(exception, TypeError)
        and innermost
        and innermost[0].name == "process_event"
        and innermost[0].filename.endswith("base_state_processor.py")
    ):
        named = _QUALNAME.match(str(exception))
        return Verdict(PAYLOAD_MISFIT, short_name(named[1] if named else "?"))
    return None


def line(verdict: Verdict, suppressed: int = 0) -> str:
    """The one log line for a malformed event."""
    text = f"Malformed event ignored ({verdict.kind})"
    if verdict.detail:
        text += f": {verdict.detail}"
    if suppressed:
        text += f" [{suppressed} more like it left out of the log]"
    return text


def condense(record: logging.LogRecord, verdict: Verdict) -> None:
    """Make `record` the event's one warning line, or mark it to be dropped."""
    logged, suppressed = (False, 0) if verdict.silent else RATE.admit(verdict.kind)
    record.msg, record.args = line(verdict, suppressed), ()
    record.exc_info, record.exc_text, record.stack_info = None, None, None
    record.levelno, record.levelname = logging.WARNING, "WARNING"
    record.malformed_event = verdict.kind
    record.malformed_drop = not logged
    # Reflex's console handler wraps long lines: keep this one a single line.
    record.rich_kwargs = {**getattr(record, "rich_kwargs", {}), "soft_wrap": True}


def _admitted(record: logging.LogRecord) -> bool:
    return not getattr(record, "malformed_drop", False)


def install_rate_limit() -> None:
    """Drop the malformed-event records over the rate (a filter on each watched logger)."""
    for name in WATCHED:
        target = logging.getLogger(name)
        if _admitted not in target.filters:
            target.addFilter(_admitted)
