"""The app's backend exception handler: a visitor's malformed event leaves one line.

Reflex hands the app every exception an event handler raised, including the ones a visitor
causes by sending a payload that does not fit the handler's signature or a `setvar` naming a
var without a setter. Those leave one rate-limited line (classified and counted by
`providers/malformed_events.py`, which also condenses the log records Reflex and Socket.IO
make); any other exception goes to Reflex's default handler (traceback in the log).
"""

from __future__ import annotations

import logging

import reflex as rx
from reflex.app import default_backend_exception_handler
from reflex.event import EventSpec

from startup_toolkit.providers import malformed_events

logger = logging.getLogger(__name__)


def answer() -> EventSpec:
    """What the tab is told about an event the server would not act on."""
    return rx.toast(
        "An error occurred.",
        level="error",
        fallback_to_alert=True,
        description="Please reload the page.",
        position="top-center",
        id="backend_error",
    )


def refuse(verdict: malformed_events.Verdict) -> EventSpec:
    """One rate-limited line for a malformed event, and the answer to its tab."""
    logged, suppressed = malformed_events.RATE.admit(verdict.kind)
    if logged:
        logger.warning(
            malformed_events.line(verdict, suppressed),
            extra={"rich_kwargs": {"soft_wrap": True}},
        )
    return answer()


def backend_exception_handler(exception: Exception) -> EventSpec:
    """Reflex's default handler (traceback in the log, a toast for the user), but a payload
    that does not fit the handler leaves one rate-limited line instead of a traceback."""
    verdict = malformed_events.classify_exception(exception)
    if verdict is None:
        return default_backend_exception_handler(exception)
    return answer() if verdict.silent else refuse(verdict)
