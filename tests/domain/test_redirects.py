"""`safe_next_path`: the one rule for where a browser may go after signing in (issue 13,
finding 3). Every `next` payload kind the review tried, and more, in one table."""

from __future__ import annotations

import pytest

from startup_toolkit.domain.redirects import DEFAULT_AFTER_SIGN_IN, safe_next_path

# (payload, why it must be refused)
REFUSED = [
    ("https://evil.example/login", "absolute URL"),
    ("HTTPS://evil.example", "absolute URL, upper case"),
    ("//evil.example/login", "protocol-relative: another host"),
    ("///evil.example", "three slashes: still another host"),
    ("/\\evil.example", "backslash reads as a slash"),
    ("\\\\evil.example", "two backslashes"),
    ("/%2F%2Fevil.example", "encoded slashes decode to //evil"),
    ("/%2f/evil.example", "lower-case encoded slash"),
    ("/%5Cevil.example", "encoded backslash"),
    ("/%252F%252Fevil.example", "double-encoded slashes"),
    ("/\t/evil.example", "browsers drop the tab: //evil"),
    ("/\n/evil.example", "browsers drop the newline: //evil"),
    ("/\r\n/evil.example", "CR LF"),
    ("/%09/evil.example", "encoded tab"),
    ("/%0A/evil.example", "encoded newline"),
    ("/%00/evil.example", "encoded NUL"),
    ("/https://evil.example/login", "the 404 page hands /https://... to another site"),
    ("/https:%2F%2Fevil.example", "same, slashes encoded"),
    ("/https%3A%2F%2Fevil.example%2Flogin", "same, all encoded"),
    ("/%68ttps://evil.example", "encoded letter in the scheme"),
    ("/http:evil.example", "scheme without slashes"),
    ("javascript:alert(1)", "script URL"),
    ("/javascript:alert(1)", "script URL as a path"),
    ("data:text/html,<script>alert(1)</script>", "data URL"),
    ("/.//evil.example", "dot segment collapses into //evil"),
    ("/./evil", "dot segment"),
    ("/../evil", "dot-dot segment"),
    ("/a//evil.example", "empty segment"),
    ("evil.example", "no leading slash"),
    ("", "empty"),
    (" /dashboard", "leading space"),
    ("/\u00a0/evil.example", "non-breaking space"),
    ("/\u2028/evil.example", "line separator"),
    ("/login", "back to the sign-in page"),
    ("/signup?x=1", "back to the sign-up page"),
    ("/api/auth/complete?ticket=x", "the API"),
    ("/%6Cogin", "encoded way back to /login"),
    ("/" + "a" * 2000, "too long"),
]

ALLOWED = [
    "/dashboard",
    "/profile",
    "/",
    "/dashboard/",
    "/oracle?tab=history",
    "/dashboard#recent",
    "/solutions?u=https://example.com/page",
    "/loginx",
    "/results/abc-123",
    "/caf%C3%A9",
]


@pytest.mark.parametrize(("payload", "why"), REFUSED, ids=[w for _, w in REFUSED])
def test_refused_next_values_fall_back_to_the_dashboard(payload: str, why: str) -> None:
    """P-MISC-3: after sign-in the browser never leaves the site."""
    assert safe_next_path(payload) == DEFAULT_AFTER_SIGN_IN, why


@pytest.mark.parametrize("payload", ALLOWED)
def test_local_paths_are_kept(payload: str) -> None:
    assert safe_next_path(payload) == payload


@pytest.mark.parametrize("value", [None, 3, ["/dashboard"], {"x": 1}, b"/dashboard"])
def test_non_text_values_fall_back(value: object) -> None:
    assert safe_next_path(value) == DEFAULT_AFTER_SIGN_IN


def test_default_is_the_callers() -> None:
    assert safe_next_path("//evil.example", "/") == "/"
