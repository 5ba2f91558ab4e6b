"""Toasts built once per text: `rx.toast.error(...)` composes its JavaScript call anew each
time (about 0.4 ms, as much as a whole cheap event), and handlers return the same few texts
over and over. These return the very EventSpec `rx.toast` would, remembered by level, text
and props (an EventSpec is immutable, so one can be sent any number of times)."""

from __future__ import annotations

from functools import lru_cache

import reflex as rx
from reflex.event import EventSpec
from reflex_components_sonner.toast import ToastAction

_LEVELS = {
    "error": rx.toast.error,
    "info": rx.toast.info,
    "success": rx.toast.success,
    "warning": rx.toast.warning,
}


@lru_cache(maxsize=1024)
def _toast(level: str, message: str, props: tuple[tuple[str, str | int], ...]) -> EventSpec:
    return _LEVELS[level](message, **dict(props))


def show(level: str, message: str, **props: str | int) -> EventSpec:
    """The toast of `level` ('error', 'info', 'success' or 'warning'). A toast with an `id`
    replaces the one on screen with that id, and sonner keeps what the new one leaves out:
    so it always says its own description, empty when it has none."""
    if "id" in props:
        props.setdefault("description", "")
    return _toast(level, message, tuple(sorted(props.items())))


def with_action(
    level: str, message: str, label: str, on_click: EventSpec, **props: str | int
) -> EventSpec:
    """The toast of `level` with a button `label` that sends `on_click` (e.g. `rx.redirect`)
    and closes the toast. Not remembered: its event differs each time."""
    action = ToastAction(label=label, on_click=on_click)
    return _LEVELS[level](message, action=action, **props)


def error(message: str, **props: str | int) -> EventSpec:
    return show("error", message, **props)


def info(message: str, **props: str | int) -> EventSpec:
    return show("info", message, **props)


def success(message: str, **props: str | int) -> EventSpec:
    return show("success", message, **props)


def warning(message: str, **props: str | int) -> EventSpec:
    return show("warning", message, **props)
