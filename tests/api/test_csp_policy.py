"""The whole Content-Security-Policy, directive by directive, as the settings make it (issue 27,
item 8). The header over HTTP is in test_security_headers.py and, against the production
backend, in tests/security/test_csp.py; the browser (no violation on any public page) in
tests/e2e/test_public_routes.py."""

from __future__ import annotations

import pytest

from startup_toolkit.api import security_headers
from startup_toolkit.api.security_headers import DIRECTIVES, content_security_policy
from startup_toolkit.domain.resources import VIDEO_PLAYER_ORIGINS
from startup_toolkit.settings import Settings


def _directives(policy: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *values = part.split()
        assert name not in found, f"{name} twice"
        found[name] = values
    return found


def _policy(**settings: str) -> dict[str, list[str]]:
    return _directives(content_security_policy(settings=Settings(_env_file=None, **settings)))  # type: ignore[call-arg]


def test_every_directive_is_present_with_its_values() -> None:
    """Issue 27, item 8: default-src, script-src, style-src, img-src, connect-src (the app's own
    websocket), font-src, form-action and frame-ancestors, besides the frames, objects and
    base URL it had."""
    found = _policy(public_base_url="https://unstuck.example")
    assert list(found) == list(DIRECTIVES)
    for name in (
        "default-src",
        "script-src",
        "style-src",
        "img-src",
        "connect-src",
        "font-src",
        "form-action",
        "frame-ancestors",
    ):
        assert name in found
    assert found["default-src"] == ["'self'"]
    assert found["script-src"] == ["'self'", "'unsafe-eval'"]
    assert found["style-src"] == ["'self'", "'unsafe-inline'"]
    assert found["img-src"] == ["'self'", "data:"]
    assert found["font-src"] == ["'self'", "data:"]
    assert found["connect-src"] == ["'self'", "wss://unstuck.example"]
    assert found["media-src"] == ["'self'", "https:"]
    assert found["frame-src"] == list(VIDEO_PLAYER_ORIGINS)
    assert found["object-src"] == ["'none'"]
    assert found["base-uri"] == ["'self'"]
    assert found["form-action"] == ["'self'"]
    assert found["frame-ancestors"] == ["'none'"]


def test_nothing_is_allowed_from_everywhere() -> None:
    """Issue 27, item 8: no wildcard, no inline script, no http: source."""
    for values in _policy().values():
        assert "*" not in values and "http:" not in values
    assert "'unsafe-inline'" not in _policy()["script-src"]


def test_the_socket_is_the_public_origin_as_ws() -> None:
    """Issue 27, item 8: connect-src names the event socket's origin: ws for http, wss for
    https, and a loopback address's other spellings on its port (as CORS allows them), but
    no IPv6 literal: a CSP source cannot name one and Chromium says the entry is invalid."""
    local = _policy(public_base_url="http://localhost:3000")["connect-src"]
    assert local == ["'self'", "ws://localhost:3000", "ws://127.0.0.1:3000"]
    public = _policy(public_base_url="https://Unstuck.Example:8443")["connect-src"]
    assert public == ["'self'", "wss://unstuck.example:8443"]


@pytest.mark.parametrize(
    ("settings", "targets"),
    [
        ({}, []),
        ({"checkout_url": "https://buy.example.com/l/unstuck?x=1"}, ["https://buy.example.com"]),
        ({"checkout_url": "javascript:alert(1)"}, []),
        (
            {
                "stripe_secret_key": "sk_test_x",
                "stripe_price_id": "price_x",
                "stripe_webhook_secret": "whsec_x",
            },
            ["https://checkout.stripe.com"],
        ),
    ],
)
def test_forms_go_here_or_to_the_configured_checkout(
    settings: dict[str, str], targets: list[str]
) -> None:
    """Issue 27, item 8: form-action is this origin, plus the checkout's site when Stripe or a
    CHECKOUT_URL is configured (never a script URL)."""
    assert _policy(**settings)["form-action"] == ["'self'", *targets]


def test_page_policy_adds_the_build_hashes_to_script_src_only() -> None:
    """Issue 27, item 8: the built pages' hashes change script-src and nothing else."""
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    base = _directives(content_security_policy(settings=settings))
    page = _directives(content_security_policy(["sha256-abc="], settings=settings))
    assert page["script-src"] == [*base["script-src"], "'sha256-abc='"]
    assert {k: v for k, v in page.items() if k != "script-src"} == {
        k: v for k, v in base.items() if k != "script-src"
    }
    assert security_headers.base_policy() == content_security_policy()
