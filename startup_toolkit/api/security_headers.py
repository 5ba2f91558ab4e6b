"""Security headers on every HTTP response of the app: pages, assets and API routes.

Pages may not be framed by other sites (clickjacking); the only frames a page may hold are
the video players the Solutions Hub embeds; browsers do not guess content types; a link to
another site carries only our origin; sensors stay off except the microphone, which voice
input uses; with an https PUBLIC_BASE_URL, browsers are told to use https only.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from startup_toolkit.domain.resources import VIDEO_PLAYER_ORIGINS
from startup_toolkit.settings import get_settings

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "frame-ancestors 'none'",
        "frame-src " + " ".join(VIDEO_PLAYER_ORIGINS),
        "object-src 'none'",
        "base-uri 'self'",
    )
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)",
}
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
                for name, value in HEADERS.items():
                    if name not in headers:
                        headers[name] = value
                if get_settings().public_base_url.startswith("https://"):
                    headers.setdefault("Strict-Transport-Security", HSTS)
            await send(message)

        await self.app(scope, receive, send_with_headers)
