"""The hub's toasts: one slot for what the founder did, one for the digest going live."""

from __future__ import annotations

import reflex as rx
from reflex.event import EventSpec

TOAST_ID = "solutions-status"
NEWS_TOAST_ID = "solutions-news"


def toast(level: str, title: str, description: str = "", toast_id: str = TOAST_ID) -> EventSpec:
    return rx.toast(title, level=level, description=description, id=toast_id)
