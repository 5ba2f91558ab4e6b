"""Toasts built once per text (state/toasts.py): the same toast as `rx.toast` sends, built
once and sent again (a handler's toast costs no more than its event)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.state import toasts


def _js(spec: object) -> str:
    return str(spec.args)  # type: ignore[attr-defined]


def test_each_level_sends_what_rx_toast_sends() -> None:
    assert _js(toasts.error("Save failed", description="Try again", id="t")) == _js(
        rx.toast.error("Save failed", description="Try again", id="t")
    )
    assert _js(toasts.info("Hi", duration=4000)) == _js(rx.toast.info("Hi", duration=4000))
    assert _js(toasts.success("Saved")) == _js(rx.toast.success("Saved"))
    assert _js(toasts.warning("Careful")) == _js(rx.toast.warning("Careful"))


def test_the_same_text_is_built_once() -> None:
    first = toasts.success("Added to favourites", id="fav")
    assert toasts.success("Added to favourites", id="fav") is first
    assert toasts.success("Removed from favourites", id="fav") is not first
    assert toasts.error("Added to favourites", id="fav") is not first


def test_a_toast_replacing_another_by_id_says_only_its_own_description() -> None:
    """Issue 17, item 1: sonner merges a toast into the one on screen with the same id and
    keeps what the new one leaves out, so "Chat cleared" showed the previous toast's "Please
    enter a question or prompt". A toast with an id always carries its own description."""
    assert _js(toasts.success("Chat cleared", id="cofounder")) == _js(
        rx.toast.success("Chat cleared", description="", id="cofounder")
    )
    assert _js(toasts.info("Saved", description="To your dashboard", id="t")) == _js(
        rx.toast.info("Saved", description="To your dashboard", id="t")
    )
    assert _js(toasts.info("No id")) == _js(rx.toast.info("No id"))  # nothing to replace


def test_toasts_follow_the_apps_dark_theme_not_the_systems() -> None:
    """Issue 17, item 2: the toaster is dark like the app, whatever the browser's theme."""
    from startup_toolkit.components.theme import APPEARANCE
    from startup_toolkit.startup_toolkit import app

    assert APPEARANCE == "dark"
    assert str(app.toaster.theme) == '"dark"'  # type: ignore[union-attr]
