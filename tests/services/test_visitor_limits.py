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


def test_a_refused_event_says_how_long_until_the_oldest_leaves_the_window() -> None:
    limiter = limits.AddressLimiter(limit=2, window_seconds=60)
    assert limiter.wait_seconds("192.0.2.1", now=100.0) == 0
    assert limiter.wait_seconds("192.0.2.1", now=110.5) == 0
    assert limiter.wait_seconds("192.0.2.1", now=120.0) == 40  # the one at 100 leaves at 160
    assert limiter.wait_seconds("192.0.2.1", now=159.5) == 1  # never 0 while refused
    assert limiter.wait_seconds("192.0.2.2", now=120.0) == 0  # another address
    assert limiter.wait_seconds("192.0.2.1", now=160.0) == 0  # refusals were not counted
    assert not limiter.allow("192.0.2.1", now=161.0)
