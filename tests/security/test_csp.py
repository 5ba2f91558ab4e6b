"""Issue 13, finding 9 (CSP part): the policy has a `script-src`: this origin, `eval` (Reflex
runs the scripts its server sends that way) and the production build's own inline scripts by
hash; never 'unsafe-inline'. Over HTTP against the production backend, and the hashing over a
built-pages folder. The browser side (the app still runs; an injected inline script does not)
is in tests/e2e/test_shell.py."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import httpx

from startup_toolkit.api import security_headers
from tests.security.conftest import ProdApp


def _directives(policy: str) -> dict[str, list[str]]:
    found = {}
    for part in policy.split(";"):
        name, *values = part.split()
        found[name] = values
    return found


def test_every_response_restricts_scripts(prod: ProdApp) -> None:
    for path in ("/ping", "/api/auth/complete?ticket=x"):
        reply = httpx.get(prod.url + path, follow_redirects=False, timeout=15)
        scripts = _directives(reply.headers["content-security-policy"])["script-src"]
        assert scripts[:2] == ["'self'", "'unsafe-eval'"], scripts
        assert "'unsafe-inline'" not in scripts and "*" not in scripts
        assert all(s.startswith("'sha256-") for s in scripts[2:])


def test_every_response_has_the_whole_policy(prod: ProdApp) -> None:
    """Issue 27, item 8: pages, routes and assets of the production backend carry every
    directive: default-src, script-src, style-src, img-src, connect-src, font-src, form-action
    and frame-ancestors (and the rest of the list), with nothing allowed from everywhere."""
    for path in ("/", "/pricing", "/ping", "/favicon.svg"):
        reply = httpx.get(prod.url + path, follow_redirects=False, timeout=15)
        found = _directives(reply.headers["content-security-policy"])
        assert list(found) == list(security_headers.DIRECTIVES), path
        assert found["default-src"] == ["'self'"]
        assert found["connect-src"][0] == "'self'"
        assert all(s.startswith(("ws://", "wss://")) for s in found["connect-src"][1:])
        assert found["frame-ancestors"] == ["'none'"]
        assert not any("*" in values for values in found.values()), path


def _sha(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_the_built_pages_inline_scripts_are_allowed_by_hash(tmp_path: Path) -> None:
    theme = "\n// theme\ndocument.documentElement.className = 'dark';\n"
    loader = 'import "/assets/manifest.js";'
    (tmp_path / "index.html").write_text(
        f"<html><head><script>{theme}</script><script src='/js/shell.js' defer></script>"
        f'</head><body><script type="module" async="">{loader}</script></body></html>'
    )
    (tmp_path / "login").mkdir()
    (tmp_path / "login" / "index.html").write_text(f"<script>{theme}</script>")
    policy = security_headers.built_pages_policy(tmp_path)
    assert policy is not None
    scripts = _directives(policy)["script-src"]
    assert scripts == ["'self'", "'unsafe-eval'", *sorted(f"'{_sha(s)}'" for s in (theme, loader))]
    assert security_headers.built_pages_policy(tmp_path / "missing") is None
