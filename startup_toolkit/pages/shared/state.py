"""SharedState: what a read-only share link opens (issue 14, item 7), for anyone holding it,
signed in or not. It holds only what was shared, read again at each page load."""

from __future__ import annotations

import reflex as rx
from sqlmodel import Session

from startup_toolkit.domain.report import Report
from startup_toolkit.services import exports, share_links
from startup_toolkit.state.private import attempt
from startup_toolkit.state.report_view import ReportView, report_view
from startup_toolkit.state.share import SHARE_PATH

TOKEN_PARAM = "share_token"
GONE = share_links.GONE
FAILED = "This link could not be opened just now. Please try again in a moment."


def open_shared(session: Session, token: str) -> tuple[str, Report | None]:
    """The problem to show ('' when none) and the shared report."""
    opened = share_links.open_link(session, token)
    if opened.problem:
        return opened.problem, None
    report = exports.report_for_share(session, opened)
    return ("", report) if report is not None else (GONE, None)


def token_of(path: str) -> str:
    """The token in '/shared/<token>' ('' for any other path)."""
    if not path.startswith(SHARE_PATH):
        return ""
    rest = path[len(SHARE_PATH) :].rstrip("/")
    return rest if "/" not in rest else ""


class SharedState(rx.State):
    """The shared report, or why the link does not open; neither while it loads."""

    problem: str = ""
    report: ReportView | None = None  # None until read (and when the link does not open)
    token: str = ""  # the link's own token, for its downloads

    @rx.event
    async def load(self) -> None:
        token = token_of(self.router.url.path)
        self.report = None
        self.problem = self.token = ""
        problem, report = await attempt(
            open_shared, token, failed=(FAILED, None), what="open a share link"
        )
        self.problem = problem
        if report is not None:
            self.report = report_view(report)
            self.token = token
