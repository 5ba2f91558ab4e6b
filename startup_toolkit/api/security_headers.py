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

The rest of the policy (issue 27, item 8): everything else from this origin only
(`default-src 'self'`); styles from this origin and inline (`'unsafe-inline'`: Radix and
Emotion put `<style>` elements and `style` attributes into every page); images and fonts from
this origin and `data:` (the two-factor QR code, icons); fetches and the event socket to this
origin (`connect-src`: `'self'` and, spelled out, the ws/wss form of the public origin);
media from this origin or any https address (a video resource's own file); frames only from
the three video players; forms post only here (and to the checkout's site when one is
configured); no plugins, no `<base>` elsewhere, never framed. The policy is made in one place,
`content_security_policy`, from the settings.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from startup_toolkit.domain.resources import VIDEO_PLAYER_ORIGINS
from startup_toolkit.domain.urls import http_url_or_empty
from startup_toolkit.settings import Settings, get_settings

SCRIPT_SOURCES = ("'self'", "'unsafe-eval'")
#: Every directive the policy sets, in the order it is written (the tests check each one).
DIRECTIVES = (
    "default-src",
    "script-src",
    "style-src",
    "img-src",
    "font-src",
    "connect-src",
    "media-src",
    "frame-src",
    "object-src",
    "base-uri",
    "form-action",
    "frame-ancestors",
)
#: Where Stripe Checkout lives (a form may be sent there once Stripe is configured).
STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com"
_INLINE_SCRIPT_RE = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_SRC_ATTR_RE = re.compile(r"\ssrc\s*=", re.IGNORECASE)


def _origin(url: str) -> str:
    """The origin (`scheme://host[:port]`) of an http(s) URL, '' for anything else."""
    link = http_url_or_empty(url)
    if not link:
        return ""
    parts = urlsplit(link)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def socket_origins(settings: Settings) -> tuple[str, ...]:
    """The event socket's origins: the public origin (and its loopback spellings) as ws/wss.
    An IPv6 literal (`[::1]`) is left out: a CSP source list cannot name one, and Chromium
    reports the whole entry as invalid."""
    found = []
    for origin in settings.cors_origins:
        scheme, sep, rest = origin.partition("://")
        if sep and scheme in ("http", "https") and not rest.startswith("["):
            found.append(("wss" if scheme == "https" else "ws") + "://" + rest)
    return tuple(dict.fromkeys(found))


def form_targets(settings: Settings) -> tuple[str, ...]:
    """Where a form may be sent besides this origin: the checkout's site when configured."""
    found = []
    if settings.stripe_enabled:
        found.append(STRIPE_CHECKOUT_ORIGIN)
    checkout = _origin(settings.checkout_url)
    if checkout:
        found.append(checkout)
    return tuple(dict.fromkeys(found))


def content_security_policy(
    script_hashes: Iterable[str] = (), settings: Settings | None = None
) -> str:
    """The policy (from the settings), allowing the inline scripts whose CSP hashes
    ('sha256-...') are given."""
    settings = settings or get_settings()
    return _policy(socket_origins(settings), form_targets(settings), frozenset(script_hashes))


@lru_cache(maxsize=16)
def _policy(sockets: tuple[str, ...], forms: tuple[str, ...], hashes: frozenset[str]) -> str:
    sources = {
        "default-src": ("'self'",),
        "script-src": (*SCRIPT_SOURCES, *(f"'{h}'" for h in sorted(hashes))),
        "style-src": ("'self'", "'unsafe-inline'"),
        "img-src": ("'self'", "data:"),
        "font-src": ("'self'", "data:"),
        "connect-src": ("'self'", *sockets),
        "media-src": ("'self'", "https:"),
        "frame-src": VIDEO_PLAYER_ORIGINS,
        "object-src": ("'none'",),
        "base-uri": ("'self'",),
        "form-action": ("'self'", *forms),
        "frame-ancestors": ("'none'",),
    }
    return "; ".join(f"{name} {' '.join(sources[name])}" for name in DIRECTIVES)


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


def built_pages_hashes(pages_dir: Path) -> frozenset[str]:
    """The hashes of the inline scripts of the built pages under `pages_dir` (none: no build)."""
    hashes: set[str] = set()
    for page in sorted(pages_dir.glob("**/*.html")):
        hashes |= inline_script_hashes(page.read_text(encoding="utf-8", errors="replace"))
    return frozenset(hashes)


def built_pages_policy(pages_dir: Path) -> str | None:
    """The policy for the built pages under `pages_dir`; None when there is no build."""
    hashes = built_pages_hashes(pages_dir)
    return content_security_policy(hashes) if hashes else None


_page_hashes: frozenset[str] | None = None


def page_policy() -> str:
    """The policy of HTML responses: the build's hashes, read once (until there is a build,
    the base policy)."""
    global _page_hashes
    if not _page_hashes:
        _page_hashes = built_pages_hashes(built_pages_dir())
    return content_security_policy(_page_hashes)


def base_policy() -> str:
    """The policy of every other response (no inline script allowed)."""
    return content_security_policy()


#: Headers every response carries as they are (the policy depends on the response: below).
HEADERS = {
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
                policy = page_policy() if is_page or message["status"] == 304 else base_policy()
                headers.setdefault("Content-Security-Policy", policy)
                for name, value in HEADERS.items():
                    if name not in headers:
                        headers[name] = value
                if scope["path"].startswith(SHARED_PREFIXES):
                    headers.setdefault("X-Robots-Tag", "noindex, nofollow")
                if get_settings().public_base_url.startswith("https://"):
                    headers.setdefault("Strict-Transport-Security", HSTS)
            await send(message)

        await self.app(scope, receive, send_with_headers)
