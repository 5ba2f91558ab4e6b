"""Where the app may send a browser back to after signing in.

A `next` value is a path on this site or nothing. Browsers are lenient readers of URLs: they
drop tabs and newlines, read `\\` as `/`, take `//host` as another site, and the 404 page hands
an address found in its own path to the visitor (`/https://evil.example` is a path here, but
names another site there). So a value is refused unless every reading of it (as given and
percent-decoded up to three times) is a plain local path: it starts with one `/`, holds no
backslash, whitespace or control character, no `.`/`..` segment or empty segment, its first
segment has no `:`, and resolving it against this site keeps this site's host.
"""

from __future__ import annotations

from urllib.parse import unquote, urljoin, urlsplit

DEFAULT_AFTER_SIGN_IN = "/dashboard"
MAX_NEXT_LENGTH = 2000
_NO_RETURN = ("/login", "/signup", "/api/")
_DECODE_ROUNDS = 3
_PROBE_ORIGIN = "https://unstuck.invalid"


def _readings(value: str) -> list[str]:
    """`value` and its percent-decoded forms (until decoding changes nothing)."""
    found = [value]
    for _ in range(_DECODE_ROUNDS):
        decoded = unquote(found[-1])
        if decoded == found[-1]:
            break
        found.append(decoded)
    return found


def _is_plain_local_path(text: str) -> bool:
    if not text.startswith("/") or text.startswith("//") or "\\" in text:
        return False
    if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in text):
        return False  # checked before urlsplit, which silently drops tabs and newlines
    path = urlsplit(text).path
    if any(c.isspace() for c in path):
        return False
    segments = path.split("/")[1:]
    if ":" in segments[0]:
        return False  # `/https://host`: an address to the 404 page's hand-off
    if any(s in (".", "..") for s in segments) or "" in segments[:-1]:
        return False  # `/.//host`, `/a//b`: dot and empty segments collapse into `//host`
    resolved = urlsplit(urljoin(_PROBE_ORIGIN + "/", text))
    return f"{resolved.scheme}://{resolved.netloc}" == _PROBE_ORIGIN


def safe_next_path(value: object, default: str = DEFAULT_AFTER_SIGN_IN) -> str:
    """A local path (with its query) to continue to, or `default`.

    Never another site under any reading of the value (see the module docstring), and never
    back to the sign-in pages or the API.
    """
    if not isinstance(value, str) or not value or len(value) > MAX_NEXT_LENGTH:
        return default
    readings = _readings(value)
    if not all(_is_plain_local_path(r) for r in readings):
        return default
    for reading in readings:
        path = urlsplit(reading).path
        if any(path == p.rstrip("/") or path.startswith(p.rstrip("/") + "/") for p in _NO_RETURN):
            return default
    return value
