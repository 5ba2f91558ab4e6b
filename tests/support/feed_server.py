"""RSS and Atom feeds served over real HTTP on 127.0.0.1 for the digest tests.

Routes are set per path: a body with a status and content type, optionally delayed (a slow
feed). `rss()` and `atom()` build small valid documents; `hits` counts requests per path.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler
from typing import Any
from xml.sax.saxutils import escape

from tests.support.http_peer import HttpPeer

RSS_TYPE = "application/rss+xml; charset=utf-8"
ATOM_TYPE = "application/atom+xml; charset=utf-8"


@dataclass
class Route:
    body: bytes
    status: int = 200
    content_type: str = RSS_TYPE
    delay: float = 0.0


@dataclass(frozen=True)
class Entry:
    title: str
    link: str = ""
    summary: str = ""
    published: datetime | None = None


def recent(hours: float) -> datetime:
    """A moment `hours` before now (UTC, whole seconds)."""
    return (datetime.now(UTC) - timedelta(hours=hours)).replace(microsecond=0)


def rss(title: str, entries: list[Entry]) -> bytes:
    items = "".join(
        "<item>"
        f"<title>{escape(e.title)}</title>"
        + (f"<link>{escape(e.link)}</link>" if e.link else "")
        + (f"<description>{escape(e.summary)}</description>" if e.summary else "")
        + (f"<pubDate>{format_datetime(e.published)}</pubDate>" if e.published else "")
        + "</item>"
        for e in entries
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>'
        f"<title>{escape(title)}</title><link>https://news.example/</link>"
        f"<description>Test feed</description>{items}</channel></rss>"
    ).encode()


def atom(title: str, entries: list[Entry]) -> bytes:
    items = "".join(
        "<entry>"
        f"<title>{escape(e.title)}</title><id>urn:test:{i}</id>"
        + (f'<link href="{escape(e.link)}"/>' if e.link else "")
        + (f"<summary>{escape(e.summary)}</summary>" if e.summary else "")
        + (f"<updated>{e.published.isoformat()}</updated>" if e.published else "")
        + "</entry>"
        for i, e in enumerate(entries)
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
        f"<title>{escape(title)}</title><id>urn:test:feed</id>"
        f"<updated>{datetime.now(UTC).isoformat()}</updated>{items}</feed>"
    ).encode()


class FeedServer(HttpPeer):
    """A threading HTTP server; use as a context manager or start()/stop()."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.hits: Counter[str] = Counter()
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                with server._lock:
                    server.hits[path] += 1
                    route = server.routes.get(path)
                if route is None:
                    route = Route(b"not found", status=404, content_type="text/plain")
                if route.delay:
                    time.sleep(route.delay)
                try:
                    self.send_response(route.status)
                    self.send_header("Content-Type", route.content_type)
                    self.send_header("Content-Length", str(len(route.body)))
                    self.end_headers()
                    self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(Handler)

    def url(self, path: str) -> str:
        return self.base_url + path

    def set(self, path: str, body: bytes, **options: Any) -> str:
        """Serve `body` at `path`; returns the full URL."""
        with self._lock:
            self.routes[path] = Route(body, **options)
        return self.url(path)

    def reset(self) -> None:
        with self._lock:
            self.routes.clear()
            self.hits.clear()
