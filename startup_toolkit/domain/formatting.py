"""Labels the dashboard shows: relative times and file sizes (spec platform section 9)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

KB = 1024
MB = 1024 * 1024
_UNIT_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(MB|KB)\s*$", re.IGNORECASE)
_BARE_SIZE = re.compile(r"^\s*(\d+)\s*$")


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive times: they are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}{'' if count == 1 else 's'} ago"


def date_label(then: datetime) -> str:
    """A plain date such as 'Nov 3, 2026' (the page may show a locale date instead)."""
    then = _aware(then)
    return f"{then:%b} {then.day}, {then.year}"


def is_recent(then: datetime, now: datetime) -> bool:
    """Whether `relative_time_label` gives a relative label (under 7 days old)."""
    return (_aware(now) - _aware(then)).total_seconds() < 7 * 86400


def relative_time_label(then: datetime, now: datetime) -> str:
    """'Just now' under a minute, then 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'
    under 7 days; older times (and times in the future beyond a minute) get a date label."""
    seconds = (_aware(now) - _aware(then)).total_seconds()
    if seconds < 60:
        return "Just now" if seconds > -60 else date_label(then)
    minutes = int(seconds // 60)
    if minutes < 60:
        return _plural(minutes, "minute")
    hours = minutes // 60
    if hours < 24:
        return _plural(hours, "hour")
    days = hours // 24
    if days < 7:
        return _plural(days, "day")
    return date_label(then)


def display_size(value: str) -> str:
    """'1.5MB' -> '1.50 MB', '2KB' -> '2 KB'; a bare number of bytes -> bytes, KB (from
    1024) or MB (from 1048576); anything else is shown as given (trimmed)."""
    text = value if isinstance(value, str) else ""
    unit = _UNIT_SIZE.match(text)
    if unit:
        number, name = float(unit.group(1)), unit.group(2).upper()
        return f"{number:.2f} MB" if name == "MB" else f"{number:.0f} KB"
    bare = _BARE_SIZE.match(text)
    if bare:
        size = int(bare.group(1))
        if size >= MB:
            return f"{size / MB:.2f} MB"
        if size >= KB:
            return f"{size / KB:.0f} KB"
        return f"{size} bytes"
    return text.strip()
