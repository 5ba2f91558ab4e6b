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
