"""The downloads the AI tools build in the browser: a result as pretty-printed JSON, and the
file name with the moment it was made (milliseconds, like every download of the spec)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from startup_toolkit.domain.saved_results import compact_json


def export_json(title: str, metadata: Mapping[str, Any], content: Mapping[str, Any]) -> str:
    """`{"title": ..., **metadata, **content}`, pretty-printed; raises on anything that is not
    plain JSON."""
    payload = {"title": title, **metadata, **content}
    compact_json(payload)
    return json.dumps(payload, indent=2, ensure_ascii=False)


def export_filename(stem: str, at: datetime, extension: str = "json") -> str:
    """'<stem>-<milliseconds since 1970>.<extension>'."""
    return f"{stem}-{int(at.timestamp() * 1000)}.{extension}"
