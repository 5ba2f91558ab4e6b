"""Security headers on every HTTP response of the app: pages, assets and API routes.

Pages may not be framed by other sites (clickjacking); the only frames a page may hold are
the video players the Solutions Hub embeds; browsers do not guess content types; a link to
another site carries only our origin; sensors stay off except the microphone, which voice
input uses; with an https PUBLIC_BASE_URL, browsers are told to use https only.

Scripts (`script-src`): files from this origin; `eval` of the JavaScript the server sends
over the app's own event channel (Reflex runs `rx.call_script` and toasts with `eval`; no
user text ever reaches a script); and the inline scripts of the production build, each by
its SHA-256 (the theme script in every page's head, React Router's hydration context and
streaming helpers, and the module loader of each page). Their hashes change with each build,
so they are read from the built pages (`.web/build/client/**/*.html`) when the first page is
served; HTML responses carry them, and so do 304s, whose headers update a cached page. No
other inline script, no inline event handler, no `javascript:` URL and no script from
another site runs.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from startup_toolkit.domain.resources import VIDEO_PLAYER_ORIGINS
from startup_toolkit.settings import get_settings

SCRIPT_SOURCES = ("'self'", "'unsafe-eval'")
_INLINE_SCRIPT_RE = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_SRC_ATTR_RE = re.compile(r"\ssrc\s*=", re.IGNORECASE)


def content_security_policy(script_hashes: Iterable[str] = ()) -> str:
    """The policy, allowing the inline scripts whose CSP hashes ('sha256-...') are given."""
    scripts = " ".join((*SCRIPT_SOURCES, *(f"'{h}'" for h in sorted(set(script_hashes)))))
    return "; ".join(
        (
            "frame-ancestors 'none'",
            "frame-src " + " ".join(VIDEO_PLAYER_ORIGINS),
            "object-src 'none'",
            "base-uri 'self'",
            "script-src " + scripts,
        )
    )


def inline_script_hashes(html: str) -> set[str]:
    """The CSP hash ('sha256-<base64>') of every inline script in a page."""
    found = set()
    for match in _INLINE_SCRIPT_RE.finditer(html):
        if _SRC_ATTR_RE.search(match.group(1)):
            continue
        digest = hashlib.sha256(match.group(2).encode("utf-8")).digest()
        found.add("sha256-" + base64.b64encode(digest).decode("ascii"))
    return found


def built_pages_dir() -> Path:
    """Where the production build's pages are (Reflex serves them from there)."""
    from reflex.config import get_config
    from reflex.constants import Dirs
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir() / Dirs.STATIC / get_config().frontend_path.strip("/")


def built_pages_policy(pages_dir: Path) -> str | None:
    """The policy for the built pages under `pages_dir`; None when there is no build."""
    hashes: set[str] = set()
    for page in sorted(pages_dir.glob("**/*.html")):
        hashes |= inline_script_hashes(page.read_text(encoding="utf-8", errors="replace"))
    return content_security_policy(hashes) if hashes else None


_page_policy: str | None = None


def page_policy() -> str:
    """The policy of HTML responses: read once from the build (until there is one, the base)."""
    global _page_policy
    if _page_policy is None:
        _page_policy = built_pages_policy(built_pages_dir())
    return _page_policy or CONTENT_SECURITY_POLICY


CONTENT_SECURITY_POLICY = content_security_policy()
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)",
}
#: A share link's page and downloads: read-only copies of a founder's work, never indexed.
SHARED_PREFIXES = ("/shared/", "/api/shared/")
HSTS = "max-age=31536000"  # not includeSubDomains: other hosts of the domain are not ours to bind


class SecurityHeaders:
    """ASGI middleware: adds HEADERS (and HSTS behind https) to every HTTP response that does
    not set them itself; websockets pass through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                # A 304 has no content type, but the browser copies its headers onto the
                # cached page: it must carry the page policy too.
                is_page = headers.get("content-type", "").startswith("text/html")
                if is_page or message["status"] == 304:
                    headers.setdefault("Content-Security-Policy", page_policy())
                for name, value in HEADERS.items():
                    if name not in headers:
                        headers[name] = value
                if scope["path"].startswith(SHARED_PREFIXES):
                    headers.setdefault("X-Robots-Tag", "noindex, nofollow")
                if get_settings().public_base_url.startswith("https://"):
                    headers.setdefault("Strict-Transport-Security", HSTS)
            await send(message)

        await self.app(scope, receive, send_with_headers)
