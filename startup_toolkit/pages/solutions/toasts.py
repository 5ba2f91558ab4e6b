"""The hub's toasts: one slot for what the founder did, one for the digest going live."""

from __future__ import annotations

from reflex.event import EventSpec

from startup_toolkit.state import toasts

TOAST_ID = "solutions-status"
NEWS_TOAST_ID = "solutions-news"


def toast(level: str, title: str, description: str = "", toast_id: str = TOAST_ID) -> EventSpec:
    return toasts.show(level, title, description=description, id=toast_id)
