"""Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30-second steps) via pyotp.

Codes are accepted one step either side of now (clock drift). `matching_step` says which
step matched so the caller can refuse a code that was already used (replay).
"""

from __future__ import annotations

import hmac
import re
from datetime import UTC, datetime

import pyotp
import segno

DIGITS = 6
STEP_SECONDS = 30
WINDOW = 1  # steps accepted either side of the current one

_CODE_RE = re.compile(rf"^[0-9]{{{DIGITS}}}$")
_SECRET_RE = re.compile(r"^[A-Z2-7]{16,64}$")


def new_secret() -> str:
    """A fresh random base32 secret (160 bits)."""
    return pyotp.random_base32()


def is_valid_secret(secret: str | None) -> bool:
    return isinstance(secret, str) and bool(_SECRET_RE.match(secret))


def provisioning_uri(secret: str, account_name: str, issuer: str) -> str:
    """The `otpauth://totp/...` URI an authenticator app reads from the QR code."""
    return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS).provisioning_uri(
        name=account_name, issuer_name=issuer
    )


def qr_svg_data_uri(uri: str) -> str:
    """The URI as a QR code: an SVG `data:` URI, dark modules on white with a quiet zone."""
    qr = segno.make(uri, error="m")
    return qr.svg_data_uri(scale=5, border=4, dark="#000000", light="#ffffff")


def clean_code(code: str | None) -> str:
    """The code without spaces or dashes (apps show '123 456')."""
    if not isinstance(code, str):
        return ""
    return code.replace(" ", "").replace("-", "").strip()


def looks_like_code(value: str | None) -> bool:
    """Whether `value` is shaped like a 6-digit code (after `clean_code`)."""
    return bool(_CODE_RE.match(clean_code(value)))


def matching_step(secret: str, code: str | None, now: datetime | None = None) -> int | None:
    """The time step (counter) whose code equals `code` within ±1 step of now, else None."""
    cleaned = clean_code(code)
    if not is_valid_secret(secret) or not _CODE_RE.match(cleaned):
        return None
    totp = pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS)
    moment = (now or datetime.now(UTC)).timestamp()
    current = totp.timecode(moment)
    for offset in range(-WINDOW, WINDOW + 1):
        if hmac.compare_digest(totp.at(moment, counter_offset=offset), cleaned):
            return current + offset
    return None


def verify(secret: str, code: str | None, now: datetime | None = None) -> bool:
    """Whether `code` is valid for `secret` within ±1 step of now."""
    return matching_step(secret, code, now) is not None
