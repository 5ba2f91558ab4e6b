"""Who a user is, as pure rules: email normalisation, display name, initials, user-id check,
and a short description of a browser from its user agent.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

NAME_MAX = 200
EMAIL_MAX = 320
MIN_USER_ID_LENGTH = 10  # spec section 9 / P-AUTH-4

# A sane address: no spaces, one @, a local part of the usual characters and a dotted domain
# whose labels do not start or end with a hyphen and whose last label has 2+ letters (either
# case). No DNS lookups.
_LOCAL = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_EMAIL_RE = re.compile(rf"^{_LOCAL}@(?:{_LABEL}\.)+[A-Za-z]{{2,63}}$")
_LOCAL_MAX = 64

EMAIL_REQUIRED = "Email is required"
EMAIL_INVALID = "Enter a valid email address"
NAME_REQUIRED = "Name is required"
NAME_TOO_LONG = f"Name must be at most {NAME_MAX} characters"


def normalize_email(value: Any) -> str:
    """Trimmed and lower-cased; '' for anything that is not a string."""
    if not isinstance(value, str):
        return ""
    return value.strip().lower()


def is_email_address(text: str) -> bool:
    """A syntactic check of `text` as it stands (no trimming, either case, no DNS): one @, a
    sensible local part and a dotted domain."""
    if len(text) > EMAIL_MAX or not _EMAIL_RE.match(text):
        return False
    return len(text.split("@", 1)[0]) <= _LOCAL_MAX


def is_valid_email(value: Any) -> bool:
    """Whether `value`, once normalised, is a syntactically valid address."""
    return is_email_address(normalize_email(value))


def email_error(value: Any) -> str | None:
    """The message for an unusable email, or None."""
    if not normalize_email(value):
        return EMAIL_REQUIRED
    if not is_valid_email(value):
        return EMAIL_INVALID
    return None


def email_fingerprint(value: Any) -> str:
    """SHA-256 (hex) of the normalised email: lets us count attempts without storing emails."""
    return hashlib.sha256(normalize_email(value).encode("utf-8")).hexdigest()


def clean_name(value: Any) -> str:
    """Trimmed, every run of whitespace (line breaks too) folded into one space."""
    if not isinstance(value, str):
        return ""
    return " ".join(value.split())


def name_error(value: Any) -> str | None:
    """The message for an unusable display name (1..200 characters after cleaning), or None."""
    name = clean_name(value)
    if not name:
        return NAME_REQUIRED
    if len(name) > NAME_MAX:
        return NAME_TOO_LONG
    return None


def initials(name: Any, email: Any = "") -> str:
    """Up to two capital letters for an avatar: first and last word of the name, else the
    first letter of the email, else '?'."""
    words = [w for w in clean_name(name).split(" ") if w and w[0].isalnum()]
    if words:
        letters = words[0][0] + (words[-1][0] if len(words) > 1 else "")
        return letters.upper()
    email_text = normalize_email(email)
    if email_text and email_text[0].isalnum():
        return email_text[0].upper()
    return "?"


def is_valid_user_id(value: Any) -> bool:
    """P-AUTH-4: a user id is usable only when it is a string of at least 10 characters."""
    return isinstance(value, str) and len(value) >= MIN_USER_ID_LENGTH


def describe_user_agent(user_agent: Any) -> str:
    """A short 'Browser on OS' summary of a User-Agent header, e.g. 'Chrome on Linux'."""
    ua = user_agent if isinstance(user_agent, str) else ""
    browser = _browser(ua)
    system = _system(ua)
    if browser and system:
        return f"{browser} on {system}"
    if browser or system:
        return browser or f"a browser on {system}"
    return "an unknown browser"


def _browser(ua: str) -> str:
    # Order matters: Edge and Opera also say Chrome; Chrome also says Safari.
    checks = (
        ("Edg/", "Edge"),
        ("EdgA/", "Edge"),
        ("EdgiOS/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"),
    )
    if name := _first_named(ua, checks):
        return name
    if "Safari/" in ua and "Version/" in ua:
        return "Safari"
    return ""


def _system(ua: str) -> str:
    checks = (
        ("Windows", "Windows"),
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Mac OS X", "macOS"),
        ("Macintosh", "macOS"),
        ("Linux", "Linux"),
    )
    return _first_named(ua, checks)


def _first_named(ua: str, checks: tuple[tuple[str, str], ...]) -> str:
    """The name of the first marker found in `ua` ('' when none is)."""
    return next((name for marker, name in checks if marker in ua), "")
