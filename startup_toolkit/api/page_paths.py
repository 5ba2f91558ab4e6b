"""Pages answer at the address the app links to: `/pricing` is served, not redirected.

The production build holds each prerendered page as `<route>/index.html`; Reflex serves that
folder with Starlette's StaticFiles, which answers `/pricing` with a 307 to `/pricing/`. Every
link the app renders has no trailing slash, so each first visit paid a round trip. This
middleware serves the folder's page directly: the request is handled as `/pricing/`, the
address bar keeps `/pricing`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reflex.utils import prerequisites
from reflex_base import constants
from reflex_base.config import get_config
from starlette.types import ASGIApp, Receive, Scope, Send


def frontend_root() -> Path:
    """The folder the production frontend is served from (Reflex's own choice)."""
    static = prerequisites.get_web_dir() / constants.Dirs.STATIC
    return static / get_config().frontend_path.strip("/")


@lru_cache(maxsize=512)
def has_page_folder(root: Path, relative: str) -> bool:
    """Whether `root/relative/index.html` is a prerendered page (cached: the build is fixed)."""
    return (root / relative / "index.html").is_file()


def folder_path(path: str, root: Path, prefix: str) -> str | None:
    """`path + "/"` when `path` names a prerendered page folder without the slash, else None."""
    if path.endswith("/") or not path.startswith(prefix + "/"):
        return None
    relative = path[len(prefix) + 1 :]
    last = relative.rsplit("/", 1)[-1]
    if not last or "." in last or ".." in relative.split("/"):
        return None
    return path + "/" if has_page_folder(root, relative) else None


class PagePaths:
    """ASGI middleware: GET/HEAD of `/<page>` is served as `/<page>/` (no redirect)."""

    def __init__(self, app: ASGIApp, root: Path | None = None) -> None:
        self.app = app
        self.root = root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            root = self.root or frontend_root()
            prefix = get_config().frontend_path.rstrip("/")
            served = folder_path(scope["path"], root, prefix)
            if served is not None:
                raw = scope.get("raw_path") or scope["path"].encode()
                scope = {**scope, "path": served, "raw_path": raw + b"/"}
        await self.app(scope, receive, send)
