"""ShareState: the share dialog (a read-only link to a saved result, a kept run, an idea or a
comparison) and the founder's list of links with Revoke (issue 14, item 7).

Any page holding something of the founder's to share puts `share_dialog()` in its tree and a
button calling `ShareState.open_share(kind, target, title)`; `target` is an id, or 2 to 4 idea
ids joined by '-' for a comparison. The link's token is shown once, in the dialog: only its
hash is stored."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.workspace import ShareLink
from startup_toolkit.services import share_links
from startup_toolkit.settings import get_settings
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

SHARE_PATH = "/shared/"
SIGN_IN = "Please sign in to share"
CREATE_FAILED = "Could not create the link"
CREATE_FAILED_DETAIL = "It may have been deleted. Reload the page and try again."
LINKS_FAILED = "Could not load your shared links"
REVOKED = "Link revoked: it no longer opens"
REVOKE_FAILED = "Could not revoke the link"
COPIED = "Link copied"
KIND_LABELS = {
    share_links.RESULT: "Saved result",
    share_links.RUN: "Analysis",
    share_links.IDEA: "Idea",
    share_links.COMPARISON: "Comparison",
    share_links.BRIEF: "Brief",
}
EXPIRY_LABELS = {"7": "7 days", "30": "30 days", "never": "Never"}


def share_url(token: str) -> str:
    """The address a share link opens at, on this server's public address."""
    return f"{get_settings().public_base_url}{SHARE_PATH}{token}"


def _target_ids(target: Any) -> list[int] | None:
    """'3' or '3-7-9' (from the page) as ids; None when one is not an id."""
    if not isinstance(target, str) or len(target) > 100:
        return None
    ids = [valid_row_id(part) for part in target.split("-")]
    return None if None in ids else ids  # type: ignore[return-value]


def _link_row(session: Any, link: ShareLink, now: datetime) -> dict[str, str]:
    return {
        "id": str(link.id),
        "title": link.title or KIND_LABELS.get(link.kind, "Shared item"),
        "kind": KIND_LABELS.get(link.kind, link.kind),
        "at": link.created_at.isoformat(),
        "expires": link.expires_at.isoformat() if link.expires_at else "",
        "status": share_links.link_status(session, link, now),
    }


def _links(session: Any, user_id: str) -> list[dict[str, str]]:
    now = utcnow()
    return [_link_row(session, link, now) for link in share_links.list_links(session, user_id)]


def _create(
    session: Any, user_id: str, kind: str, ids: list[int] | None, expiry: str, title: str
) -> tuple[str, list[dict[str, str]]] | None:
    if ids is None:
        return None
    token = share_links.create_link(session, user_id, kind, ids, expiry, title)
    return None if token is None else (token, _links(session, user_id))


def _revoke(session: Any, user_id: str, link_id: int | None) -> list[dict[str, str]] | None:
    if link_id is None or not share_links.revoke_link(session, user_id, link_id):
        return None
    return _links(session, user_id)


@dataclass(frozen=True)
class ShareDialog:
    """The share dialog: what it shares, the chosen expiry, and the new link (shown once).
    A closed dialog keeps its content (`open` False) so it does not blank while fading out."""

    kind: str
    target: str
    title: str
    expiry: str = "7"
    link: str = ""
    creating: bool = False
    open: bool = True


class ShareState(PrivateStateMixin, rx.State):
    """The share dialog and the founder's shared links."""

    dialog: ShareDialog | None = None  # None until a Share button is pressed
    links: list[dict[str, str]] = []

    @rx.event
    def open_share(self, kind: str, target: str, title: str) -> None:
        """Open the dialog for one thing of the founder's (checked when the link is made)."""
        if kind not in share_links.KINDS:
            return
        self.dialog = ShareDialog(kind, str(target), str(title)[:300])

    @rx.event
    def set_dialog_open(self, value: bool) -> None:
        """Closing forgets the new link (its token is shown once)."""
        if self.dialog is not None and not value:
            self.dialog = replace(self.dialog, link="", open=False)

    @rx.event
    def set_expiry(self, value: str) -> None:
        if self.dialog is not None and value in share_links.EXPIRY_DAYS:
            self.dialog = replace(self.dialog, expiry=value)

    @rx.event
    async def create_link(self) -> EventSpec | None:
        asked = self.dialog
        if asked is None or asked.creating or not asked.open:
            return None
        self.dialog = replace(asked, creating=True)
        done = await for_user(
            self,
            _create,
            asked.kind,
            _target_ids(asked.target),
            asked.expiry,
            asked.title,
            signed_out=toasts.error(SIGN_IN),
            failed=toasts.error(CREATE_FAILED, description=CREATE_FAILED_DETAIL),
            what="Creating a share link",
        )
        self.dialog = replace(self.dialog or asked, creating=False)
        if not done.ok:
            return done.toast
        if done.value is None:
            return toasts.error(CREATE_FAILED, description=CREATE_FAILED_DETAIL)
        token, self.links = done.value
        self.dialog = replace(self.dialog, link=share_url(token))
        return None

    @rx.event
    def copy_link(self) -> list[EventSpec] | None:
        if self.dialog is None or not self.dialog.link:
            return None
        return [rx.set_clipboard(self.dialog.link), toasts.success(COPIED)]

    @rx.event
    async def load_links(self) -> EventSpec | None:
        return await self._refresh_links()

    async def _refresh_links(self) -> EventSpec | None:
        """Read the founder's links again (a page's own load calls this, to spare the tab a
        second on_load event)."""
        done = await for_user(
            self,
            _links,
            signed_out=None,
            failed=toasts.error(LINKS_FAILED),
            what="Loading shared links",
        )
        if done.ok and done.value is not None:
            self.links = done.value
            return done.toast

    @rx.event
    async def revoke(self, link_id: str) -> EventSpec | None:
        done = await for_user(
            self,
            _revoke,
            valid_row_id(link_id),
            signed_out=toasts.error(SIGN_IN),
            failed=toasts.error(REVOKE_FAILED),
            what="Revoking a share link",
        )
        if not done.ok:
            return done.toast
        if done.value is None:
            return toasts.error(REVOKE_FAILED)
        self.links = done.value
        return toasts.success(REVOKED)
