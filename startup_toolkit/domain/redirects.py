"""Where the app may send a browser back to after signing in."""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_AFTER_SIGN_IN = "/dashboard"
_NO_RETURN = ("/login", "/signup", "/api/")


def safe_next_path(value: object, default: str = DEFAULT_AFTER_SIGN_IN) -> str:
    """A local path (with its query) to continue to, or `default`.

    Only same-site paths are allowed: no scheme, no host, no `//host`, no backslashes, and
    never back to the sign-in pages or the API.
    """
    if not isinstance(value, str) or not value.startswith("/") or len(value) > 2000:
        return default
    if value.startswith("//") or "\\" in value or any(ord(c) < 32 for c in value):
        return default
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return default
    if any(parts.path == p.rstrip("/") or parts.path.startswith(p) for p in _NO_RETURN):
        return default
    return value
