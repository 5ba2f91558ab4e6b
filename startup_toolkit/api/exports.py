"""Download routes for exports (issue 14): `GET /api/export/{kind}/{target}.{fmt}` gives the
signed-in founder's own saved result, kept run or idea timeline as Markdown or PDF, and
`GET /api/shared/{token}.{fmt}` gives what a live share link shares, to anyone holding it.

The founder comes only from the session cookie. Anything that is not theirs, does not exist,
or is asked for signed out gets the same plain 404, so a download address reveals nothing.
Database work and rendering run in a worker thread (`in_worker`), never on the event loop."""

from __future__ import annotations

from sqlmodel import Session
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from startup_toolkit.db import in_worker
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.services import exports, sessions, share_links

NOT_FOUND = "Not found."
LINK_GONE = "This link no longer opens: it was revoked, has expired or does not exist."
NO_STORE = "no-store"


def _split(name: str) -> tuple[str, str]:
    """('3-7', 'pdf') from '3-7.pdf'; ('', '') without a known extension."""
    stem, dot, fmt = name.rpartition(".")
    return (stem, fmt) if dot and fmt in exports.FORMATS else ("", "")


def _own_export(
    db: Session, token: str, kind: str, target: str, fmt: str
) -> exports.ExportFile | None:
    user_id = sessions.resolve_session(db, token) if token else None
    ids = exports.parse_target(kind, target)
    if user_id is None or ids is None:
        return None
    report = exports.report_for(db, user_id, kind, ids)
    return exports.render(report, fmt) if report is not None else None


def _shared_export(db: Session, token: str, fmt: str) -> exports.ExportFile | None:
    report = exports.report_for_share(db, share_links.open_link(db, token))
    return exports.render(report, fmt) if report is not None else None


def _file(export: exports.ExportFile, *, shared: bool) -> Response:
    headers = {
        "Content-Disposition": f'attachment; filename="{export.filename}"',
        "Cache-Control": NO_STORE,
    }
    if shared:
        headers["X-Robots-Tag"] = "noindex"
    return Response(export.body, media_type=export.media_type, headers=headers)


def _missing(message: str = NOT_FOUND, *, shared: bool = False) -> Response:
    headers = {"Cache-Control": NO_STORE}
    if shared:
        headers["X-Robots-Tag"] = "noindex"
    return PlainTextResponse(message, status_code=404, headers=headers)


async def export_download(request: Request) -> Response:
    """The signed-in founder's own result, run or idea as a file; 404 otherwise."""
    kind = request.path_params["kind"]
    target, fmt = _split(request.path_params["name"])
    if not fmt or kind not in exports.KINDS:
        return _missing()
    token = request.cookies.get(SESSION_COOKIE, "")
    export = await in_worker(_own_export, token, kind, target, fmt)
    return _file(export, shared=False) if export is not None else _missing()


async def shared_download(request: Request) -> Response:
    """What a live share link shares, as a file, to anyone holding the link."""
    token, fmt = _split(request.path_params["name"])
    if not fmt or not token:
        return _missing(LINK_GONE, shared=True)
    export = await in_worker(_shared_export, token, fmt)
    return _file(export, shared=True) if export is not None else _missing(LINK_GONE, shared=True)


EXPORT_ROUTES = [
    Route("/api/export/{kind}/{name}", export_download, methods=["GET"]),
    Route("/api/shared/{name}", shared_download, methods=["GET"]),
]
