"""Resources of the Solutions Hub's library that the tests add beside the seeded ones."""

from __future__ import annotations

from startup_toolkit.models.resources import Resource


def video(title: str, category: str, **fields: str) -> Resource:
    """A video of the library, not yet stored; `fields` are its content and links."""
    return Resource(title=title, type="Video", category=category, **fields)
