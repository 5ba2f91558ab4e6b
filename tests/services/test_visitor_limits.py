"""Visitors' allowances per address (the recommender works signed out; sign-ups)."""

from __future__ import annotations

from startup_toolkit.services import visitor_limits as limits


def test_ten_ai_calls_per_hour_per_address() -> None:
    limits.reset()
    assert all(limits.allow_visitor_ai_call("198.51.100.1", now=float(i)) for i in range(10))
    assert not limits.allow_visitor_ai_call("198.51.100.1", now=100.0)
    assert limits.allow_visitor_ai_call("198.51.100.2", now=100.0)  # another address
    assert limits.allow_visitor_ai_call("198.51.100.1", now=3600.0)  # the first call aged out
    limits.reset()


def test_five_sign_ups_per_hour_per_address() -> None:
    limits.reset()
    assert all(limits.sign_ups.allow("203.0.113.9", now=float(i)) for i in range(5))
    assert not limits.sign_ups.allow("203.0.113.9", now=10.0)
    assert limits.visitor_ai_calls.allow("203.0.113.9", now=10.0)  # separate allowances
    limits.reset()
