"""Revoke on a share link asks first (issue 28, item 11): the click that revokes is the
dialog's, the dialog itself opens in the browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from reflex_components_radix.themes.components.alert_dialog import (
    AlertDialogAction,
    AlertDialogRoot,
    AlertDialogTrigger,
)

from startup_toolkit.pages.dashboard.view_shares import shares_section


def _walk(component: Any) -> Iterator[Any]:
    yield component
    for child in getattr(component, "children", []):
        yield from _walk(child)


def test_revoke_asks_before_it_revokes() -> None:
    section = shares_section()
    (dialog,) = [c for c in _walk(section) if isinstance(c, AlertDialogRoot)]
    (trigger,) = [c for c in _walk(dialog) if isinstance(c, AlertDialogTrigger)]
    (action,) = [c for c in _walk(dialog) if isinstance(c, AlertDialogAction)]
    revoke = "share_state.revoke"
    assert "Revoke the link to" in str(trigger) and revoke not in str(trigger)
    assert revoke in str(action)
    assert "Revoke this link?" in str(dialog)
    assert revoke not in str(section).replace(str(action), "")
