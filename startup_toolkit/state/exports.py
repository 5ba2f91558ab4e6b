"""The Markdown and PDF downloads a page offers of a document (issue 14): their addresses on
the route `GET /api/export/{kind}/{target}.{fmt}` that api/exports.py serves."""

from __future__ import annotations

import dataclasses

MARKDOWN, PDF = "md", "pdf"


def export_path(kind: str, target: object, fmt: str) -> str:
    """The address of the file in `fmt` of `kind` (services/share_links: an idea, a
    comparison, a brief) `target`."""
    return f"/api/export/{kind}/{target}.{fmt}"


@dataclasses.dataclass
class ExportLinks:
    """A view's download addresses ('' while there is nothing to export). Views extend it."""

    export_md: str = ""
    export_pdf: str = ""
