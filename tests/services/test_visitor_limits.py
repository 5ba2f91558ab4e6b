"""Visitors' AI allowance per address (the recommender works signed out)."""

from __future__ import annotations

from startup_toolkit.services import visitor_limits as limits


def test_ten_calls_per_hour_per_address() -> None:
    limits.reset()
    assert all(limits.allow_visitor_ai_call("198.51.100.1", now=float(i)) for i in range(10))
    assert not limits.allow_visitor_ai_call("198.51.100.1", now=100.0)
    assert limits.allow_visitor_ai_call("198.51.100.2", now=100.0)  # another address
    assert limits.allow_visitor_ai_call("198.51.100.1", now=3600.0)  # the first call has aged out
    limits.reset()
