"""Pure URL rules: which addresses may be opened, and the external URL hidden in a 404 path.

The same rules run in the browser (`assets/js/public.js`: `isHttpUrl`, `findExternalUrl`).
Keep the two in sync: `tests/domain/test_urls.py` runs one table of cases through both.

Rules (P-MISC-2, P-PRICE-3):

* `is_http_url(value)`: a string of at most 2048 characters, without spaces, control
  characters or the characters `" < > \\ ^ ` { | }`, shaped `http(s)://authority...`
  (scheme in any letter case) whose authority is a non-empty host (a name, or an IPv6
  address in brackets) with an optional port 1..65535 and no user name or password (`@`).
* `find_external_url(path_and_query)`: look in the text as given, then percent-decoded, then
  decoded once more (at most three rounds, stopping when decoding changes nothing). In each
  round every run of `http(s)://` followed by URL characters is a candidate; the first one
  that passes `is_http_url` is the answer. Percent-decoding turns each run of `%XX` escapes
  into the UTF-8 text it encodes and leaves a run that is not valid UTF-8 as it is; `+` is
  not a space.
"""

from __future__ import annotations

import re

MAX_URL_LENGTH = 2048
DECODE_ROUNDS = 3

# Characters RFC 3986 never allows in a URI (plus space and control characters).
_FORBIDDEN = '\\x00-\\x20\\x7f"<>\\\\^`{|}'
_FORBIDDEN_RE = re.compile(f"[{_FORBIDDEN}]")
# Explicit letter classes instead of re.IGNORECASE: Python folds the long s (U+017F) to "s",
# JavaScript does not.
_URL_IN_TEXT_RE = re.compile(f"[Hh][Tt][Tt][Pp][Ss]?://[^{_FORBIDDEN}]+")
_URL_SHAPE_RE = re.compile(r"^([Hh][Tt][Tt][Pp][Ss]?)://([^/?#]*)([\s\S]*)$")
_HOST_PORT_RE = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[^:\[\]@%]+)(?::([0-9]{1,5}))?$")
_PERCENT_RUN_RE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def is_http_url(value: str) -> bool:
    """Whether `value` is an absolute http(s) URL that is safe to open or link to."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_URL_LENGTH:
        return False
    if _FORBIDDEN_RE.search(value):
        return False
    shape = _URL_SHAPE_RE.match(value)
    if shape is None:
        return False
    authority = shape.group(2)
    if not authority or "@" in authority:
        return False
    host_port = _HOST_PORT_RE.match(authority)
    if host_port is None:
        return False
    port = host_port.group(2)
    return port is None or 1 <= int(port) <= 65535


def http_url_or_empty(value: object) -> str:
    """`value` stripped when it is an http(s) URL by `is_http_url`, otherwise ''."""
    candidate = value.strip() if isinstance(value, str) else ""
    return candidate if is_http_url(candidate) else ""


def link_or_empty(value: object) -> str:
    """`value` stripped when it is an http(s) URL or a path on this site (`/x`, never `//host`
    or `/\\host`, which browsers read as another site), otherwise ''."""
    candidate = value.strip() if isinstance(value, str) else ""
    if is_http_url(candidate):
        return candidate
    is_site_path = (
        len(candidate) <= MAX_URL_LENGTH
        and candidate.startswith("/")
        and candidate[1:2] not in ("/", "\\")
        and not _FORBIDDEN_RE.search(candidate)
    )
    return candidate if is_site_path else ""


def _decode_run(match: re.Match[str]) -> str:
    run = match.group(0)
    try:
        return bytes.fromhex(run.replace("%", "")).decode("utf-8")
    except UnicodeDecodeError:
        return run


def percent_decode(text: str) -> str:
    """Decode every run of `%XX` escapes that is valid UTF-8; leave the rest untouched."""
    return _PERCENT_RUN_RE.sub(_decode_run, text)


def find_external_url(path_and_query: str) -> str | None:
    """The first http(s) URL in a path plus query string, plain or percent-encoded."""
    text = path_and_query or ""
    for _ in range(DECODE_ROUNDS):
        for match in _URL_IN_TEXT_RE.finditer(text):
            if is_http_url(match.group(0)):
                return match.group(0)
        decoded = percent_decode(text)
        if decoded == text:
            break
        text = decoded
    return None
