"""Relative-time labels and the size display rule (spec platform section 9; P-DASH-6, P-DASH-7)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from startup_toolkit.domain.formatting import (
    date_label,
    display_size,
    is_recent,
    relative_time_label,
)

NOW = datetime(2026, 11, 22, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("ago", "label"),
    [
        (timedelta(0), "Just now"),
        (timedelta(seconds=59), "Just now"),
        (timedelta(seconds=60), "1 minute ago"),
        (timedelta(minutes=1, seconds=59), "1 minute ago"),
        (timedelta(minutes=2), "2 minutes ago"),
        (timedelta(minutes=59), "59 minutes ago"),
        (timedelta(minutes=60), "1 hour ago"),
        (timedelta(hours=2), "2 hours ago"),
        (timedelta(hours=23, minutes=59), "23 hours ago"),
        (timedelta(hours=24), "1 day ago"),
        (timedelta(days=2), "2 days ago"),
        (timedelta(days=6, hours=23), "6 days ago"),
        (timedelta(days=7), "Nov 15, 2026"),
        (timedelta(days=400), "Oct 18, 2025"),
    ],
)
def test_p_dash_7_relative_time_label_boundaries(ago: timedelta, label: str) -> None:
    assert relative_time_label(NOW - ago, NOW) == label
    assert is_recent(NOW - ago, NOW) == (ago < timedelta(days=7))


def test_naive_times_are_utc_and_future_times_get_a_date() -> None:
    naive = (NOW - timedelta(minutes=5)).replace(tzinfo=None)
    assert relative_time_label(naive, NOW) == "5 minutes ago"
    assert relative_time_label(NOW + timedelta(seconds=30), NOW) == "Just now"  # clock skew
    assert relative_time_label(NOW + timedelta(days=3), NOW) == date_label(NOW + timedelta(days=3))


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("1.5MB", "1.50 MB"),
        ("2 mb", "2.00 MB"),
        ("2KB", "2 KB"),
        ("512.4 KB", "512 KB"),
        ("999", "999 bytes"),
        ("0", "0 bytes"),
        ("1023", "1023 bytes"),
        ("1024", "1 KB"),
        ("1536000", "1.46 MB"),
        ("1048575", "1024 KB"),
        ("1048576", "1.00 MB"),
        ("  3145728 ", "3.00 MB"),
        ("", ""),
        ("about a megabyte", "about a megabyte"),
        ("1.5GB", "1.5GB"),
        ("-5", "-5"),
        ("<b>5</b>", "<b>5</b>"),
    ],
)
def test_p_dash_6_display_size(value: str, shown: str) -> None:
    assert display_size(value) == shown


def test_display_size_ignores_non_strings() -> None:
    assert display_size(None) == ""  # type: ignore[arg-type]
