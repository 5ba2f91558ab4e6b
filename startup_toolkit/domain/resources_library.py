"""The Solutions Hub's built-in library, read from its files (P-HUB-1): one Markdown file per
resource under `startup_toolkit/content/resources/` (see `resource_files` for the format),
the files it offers under `assets/library/`. The files are the library's source: the hub's
table is brought in line with them (`services/resources.ensure_seeded`).

The files are read once, on first use; a broken file stops with the file's name rather than
show a half library."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from startup_toolkit.domain import resource_files as files
from startup_toolkit.domain.resources import ResourceView

_ROOT = Path(__file__).resolve().parent.parent.parent
CONTENT_DIR = Path(__file__).resolve().parent.parent / "content" / "resources"
ASSETS_DIR = _ROOT / "assets"


def asset_path(site_path: str, assets: Path = ASSETS_DIR) -> Path:
    """The file under `assets/` that the site serves at `site_path` ('/library/x.md')."""
    return assets / site_path.lstrip("/")


def read_files(content: Path = CONTENT_DIR) -> list[files.ResourceFile]:
    """Every resource file of the library, in id order."""
    out: list[files.ResourceFile] = []
    for path in sorted(content.glob("*.md")):
        try:
            out.append(files.read_resource(path.stem, path.read_text(encoding="utf-8")))
        except files.ResourceFileError as exc:
            raise files.ResourceFileError(f"{path.name}: {exc}") from None
    ids = [r.id for r in out]
    if len(set(ids)) != len(ids):
        raise files.ResourceFileError(f"two resource files share an id in {content}")
    return sorted(out, key=lambda r: r.id)


def view_of(resource: files.ResourceFile, assets: Path = ASSETS_DIR) -> ResourceView:
    """The resource as the hub shows it, the size of its download read from the file."""
    offered = resource.offered_file
    size = ""
    if offered:
        path = asset_path(offered, assets)
        if not path.is_file():
            raise files.ResourceFileError(f"{resource.title}: {offered} is missing")
        size = files.format_size(path.stat().st_size)
    return ResourceView(
        id=resource.id,
        title=resource.title,
        description=resource.description,
        type=resource.type,
        category=resource.category,
        popular=resource.popular,
        content=resource.content,
        file_size=size,
        video_url=resource.video_url,
        video_file_url=resource.video_file_url,
        download_url=offered,
        image=files.category_image(resource.category),
    )


def load_library(
    content: Path = CONTENT_DIR, assets: Path = ASSETS_DIR
) -> tuple[ResourceView, ...]:
    return tuple(view_of(r, assets) for r in read_files(content))


@cache
def library() -> tuple[ResourceView, ...]:
    """The built-in library, in id order (read once)."""
    return load_library()


def __getattr__(name: str) -> Any:
    # `SEED_RESOURCES`: the built-in library, read on first use rather than at import.
    if name == "SEED_RESOURCES":
        return library()
    raise AttributeError(name)
