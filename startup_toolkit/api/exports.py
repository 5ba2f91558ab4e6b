"""Download routes for exports (issue 14): `GET /api/export/{kind}/{target}.{fmt}` gives the
signed-in founder's own saved result, kept run or idea timeline as Markdown or PDF, and
`GET /api/shared/{token}.{fmt}` gives what a live share link shares, to anyone holding it.

The founder comes only from the session cookie. Anything that is not theirs, does not exist,
or is asked for signed out gets the same plain 404, so a download address reveals nothing.

A flood of downloads stalls no one else's pages (issue 27, item 6). Each download runs on the
export pool's threads (`startup_toolkit.export_pool`), never on the event loop or the threads
`in_worker` gives every page's database work: its lookup lane counts the limit, per founder
for their own exports and per client address for share links (429 with Retry-After past it),
and reads the report; its render lane renders the file. A full lane answers 503 with
Retry-After at once. A share link's file is kept per report (`services/export_cache`): the
link is opened and its report built on every request, so a revoked link or an edited idea
never gets a kept file."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from dataclasses import dataclass

from sqlmodel import Session
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from startup_toolkit import export_pool
from startup_toolkit.api.auth import client_address
from startup_toolkit.db import run_in_session
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.domain.report import Report
from startup_toolkit.services import export_cache, export_limits, exports, sessions, share_links
from startup_toolkit.services.sign_in_throttle import describe_seconds

NOT_FOUND = "Not found."
LINK_GONE = "This link no longer opens: it was revoked, has expired or does not exist."
NO_STORE = "no-store"


def busy_message(seconds: int) -> str:
    """What a download refused by a full export queue (lookups or renders) reads."""
    return (
        "Exports are busy right now: too many files are being prepared. "
        f"Please try again in {describe_seconds(seconds)}."
    )


@dataclass(frozen=True)
class _Found:
    """What a download gets from the database: its report (None: not found), or the seconds
    to wait when its founder or address is over the limit; a share link's cache key."""

    report: Report | None = None
    wait: int = 0
    cache_key: str = ""


def _split(name: str) -> tuple[str, str]:
    """('3-7', 'pdf') from '3-7.pdf'; ('', '') without a known extension."""
    stem, dot, fmt = name.rpartition(".")
    return (stem, fmt) if dot and fmt in exports.FORMATS else ("", "")


def _own_report(db: Session, token: str, kind: str, target: str) -> _Found:
    """The session's founder's own report, counted against their limit (in a worker thread)."""
    user_id = sessions.resolve_session(db, token) if token else None
    ids = exports.parse_target(kind, target)
    if user_id is None or ids is None:
        return _Found()
    wait = export_limits.founder_wait(user_id)
    if wait:
        return _Found(wait=wait)
    return _Found(exports.report_for(db, user_id, kind, ids))


def _shared_report(db: Session, token: str, fmt: str, address: str) -> _Found:
    """A live link's report and cache key, counted against the address's limit first."""
    wait = export_limits.address_wait(address)
    if wait:
        return _Found(wait=wait)
    report = exports.report_for_share(db, share_links.open_link(db, token))
    if report is None:
        return _Found()
    return _Found(report, cache_key=exports.shared_file_key(token, fmt, report))


async def _looked_up(fn: Callable[..., _Found], *args: str) -> _Found:
    """`fn(session, *args)` in its own session on the export lookup lane; `PoolBusy` when
    its queue is full."""
    future = export_pool.lookups().submit(run_in_session, fn, *args)
    return await asyncio.shield(asyncio.wrap_future(future))


async def _rendered(report: Report, fmt: str, cache_key: str) -> exports.ExportFile:
    """The file, rendered on the export render lane (or kept, for a share link); `PoolBusy`
    when its queue is full. A caller that goes away leaves a shared render running for others."""
    lane = export_pool.renders()
    render = functools.partial(lane.submit, exports.render_body, report, fmt)
    future = export_cache.cache().get_or_render(cache_key, render) if cache_key else render()
    body = await asyncio.shield(asyncio.wrap_future(future))
    return exports.file_of(report, fmt, body)


def _headers(shared: bool, **extra: str) -> dict[str, str]:
    """Every export answer's headers: never cached; a share link's never indexed."""
    headers = {"Cache-Control": NO_STORE, **extra}
    if shared:
        headers["X-Robots-Tag"] = "noindex"
    return headers


def _file(export: exports.ExportFile, *, shared: bool) -> Response:
    disposition = f'attachment; filename="{export.filename}"'
    headers = _headers(shared, **{"Content-Disposition": disposition})
    return Response(export.body, media_type=export.media_type, headers=headers)


def _missing(message: str = NOT_FOUND, *, shared: bool = False) -> Response:
    return PlainTextResponse(message, status_code=404, headers=_headers(shared))


def _refused(status: int, message: str, seconds: int, *, shared: bool) -> Response:
    """A plain-text refusal (429, 503) saying when to try again."""
    headers = _headers(shared, **{"Retry-After": str(seconds)})
    return PlainTextResponse(message, status_code=status, headers=headers)


async def _answer(
    lookup: Callable[..., _Found], args: tuple[str, ...], fmt: str, *, shared: bool, missing: str
) -> Response:
    """Look the download up (`lookup(session, *args)`), then answer its file or why not."""
    try:
        found = await _looked_up(lookup, *args)
        if found.wait:
            limited = export_limits.address_message if shared else export_limits.founder_message
            return _refused(429, limited(found.wait), found.wait, shared=shared)
        if found.report is None:
            return _missing(missing, shared=shared)
        export = await _rendered(found.report, fmt, found.cache_key)
    except export_pool.PoolBusy as busy:
        return _refused(503, busy_message(busy.retry_after), busy.retry_after, shared=shared)
    return _file(export, shared=shared)


async def export_download(request: Request) -> Response:
    """The signed-in founder's own result, run or idea as a file; 404 otherwise."""
    kind = request.path_params["kind"]
    target, fmt = _split(request.path_params["name"])
    if not fmt or kind not in exports.KINDS:
        return _missing()
    token = request.cookies.get(SESSION_COOKIE, "")
    return await _answer(_own_report, (token, kind, target), fmt, shared=False, missing=NOT_FOUND)


async def shared_download(request: Request) -> Response:
    """What a live share link shares, as a file, to anyone holding the link."""
    token, fmt = _split(request.path_params["name"])
    if not fmt or not token:
        return _missing(LINK_GONE, shared=True)
    args = (token, fmt, client_address(request))
    return await _answer(_shared_report, args, fmt, shared=True, missing=LINK_GONE)


EXPORT_ROUTES = [
    Route("/api/export/{kind}/{name}", export_download, methods=["GET"]),
    Route("/api/shared/{name}", shared_download, methods=["GET"]),
]
