"""The weekly watch digest's links (issue 30, item 2): `/api/watch/mute?token=...&watch=...`
pauses one watch, `/api/watch/unsubscribe?token=...` stops the digest emails. The token is
the digest's (only its SHA-256 is kept). A GET shows a page with one button; only the POST
it sends changes anything, so a mail scanner that fetches every link changes nothing."""

from __future__ import annotations

import html

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from startup_toolkit.db import in_worker
from startup_toolkit.services import watch
from startup_toolkit.services.watch_digest import MUTE_PATH, UNSUBSCRIBE_PATH
from startup_toolkit.settings import get_settings

_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto;
padding: 0 1rem; line-height: 1.5"><h1 style="font-size: 1.4rem">{title}</h1>{body}</body></html>
"""


def _page(title: str, body: str, status: int = 200) -> Response:
    text = _PAGE.format(title=html.escape(title), body=body)
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-store"})


def _confirm(request: Request, title: str, button: str) -> Response:
    action = html.escape(str(request.url.path) + "?" + str(request.url.query), quote=True)
    body = (
        f'<form method="post" action="{action}">'
        f'<button type="submit" style="font-size: 1rem; padding: 0.5rem 1rem">'
        f"{html.escape(button)}</button></form>"
    )
    return _page(title, body)


def _done(message: str) -> Response:
    home = html.escape(get_settings().public_base_url or "/", quote=True)
    body = (
        f'<p id="watch-link-result">{html.escape(message)}</p>'
        f'<p><a href="{home}">Open the app</a></p>'
    )
    return _page("Weekly watch", body, 200 if message != watch.LINK_UNKNOWN else 404)


async def mute(request: Request) -> Response:
    if request.method == "GET":
        return _confirm(request, "Pause this watch?", "Pause this watch")
    params = request.query_params
    said = await in_worker(watch.mute_by_link, params.get("token"), params.get("watch"))
    return _done(said)


async def unsubscribe(request: Request) -> Response:
    if request.method == "GET":
        return _confirm(request, "Stop the weekly watch emails?", "Stop these emails")
    said = await in_worker(watch.unsubscribe_by_link, request.query_params.get("token"))
    return _done(said)


WATCH_ROUTES = [
    Route(MUTE_PATH, mute, methods=["GET", "POST"]),
    Route(UNSUBSCRIBE_PATH, unsubscribe, methods=["GET", "POST"]),
]
