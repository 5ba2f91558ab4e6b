"""How long browsers may keep what the app serves.

The production build names every script and stylesheet under `/assets/` after a hash of its
content, so such a file never changes: browsers keep it for a year without asking again.
Pages (HTML) and the unhashed files from `assets/` (fonts, images, small scripts) keep their
address across releases, so browsers revalidate them on each use (`no-cache`; the ETag makes
that a cheap 304). API routes set their own policy and are left alone.
"""

from __future__ import annotations

from reflex_base.config import get_config
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def hashed_prefix() -> str:
    """The address prefix of the build's content-hashed files."""
    return get_config().frontend_path.rstrip("/") + "/assets/"


def policy_for(path: str, status: int, headers: MutableHeaders) -> str | None:
    """The Cache-Control value for a response, or None to leave it as it is."""
    if "cache-control" in headers:
        return None
    found = status in (200, 304)
    if found and path.startswith(hashed_prefix()):
        return IMMUTABLE
    if headers.get("content-type", "").startswith("text/html"):
        return REVALIDATE
    return REVALIDATE if found and "etag" in headers else None


class CacheControl:
    """ASGI middleware: adds the Cache-Control policy above to GET/HEAD responses."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                policy = policy_for(scope["path"], message["status"], headers)
                if policy is not None:
                    headers["Cache-Control"] = policy
            await send(message)

        await self.app(scope, receive, send_with_policy)
