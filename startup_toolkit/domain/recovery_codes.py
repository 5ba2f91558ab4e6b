"""Two-factor recovery codes: ten single-use codes that stand in for the authenticator app.

A code is 10 characters from a 31-character alphabet without look-alikes (no 0/o, 1/l/i),
shown as `abcde-fghij`: about 49.5 bits from `secrets`. People may type it in capitals, with
spaces or without the dash (`clean_code`).

Storage: each code is kept only as HMAC-SHA256 under a random 128-bit salt of its own
(`digest`), compared with `hmac.compare_digest`. A slow hash (the Argon2id of passwords) would
buy nothing here: the codes are random, not chosen by people, so there is no dictionary to
try, the salt stops precomputed tables and shows no two equal codes alike, and online guesses
go through the sign-in lock. Against someone who reads the database a slow hash protects
nothing either, since that reader also holds the TOTP secret (`users.totp_secret`) and can make
codes from it; Argon2id would only cost up to ten verifications (about half a second of CPU)
at every sign-in with a code.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from urllib.parse import quote

COUNT = 10
LENGTH = 10
GROUP = 5
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
SALT_BYTES = 16
#: The longest text worth cleaning (a code with generous spaces); longer is no code.
INPUT_MAX = 40
FILE_NAME = "unstuck-recovery-codes.txt"
#: From this many codes left on, a notification suggests new ones.
LOW_LEFT = 3

_CODE_RE = re.compile(rf"^[{ALPHABET}]{{{LENGTH}}}$")


def new_code() -> str:
    """One fresh code, formatted `abcde-fghij`."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:GROUP]}-{raw[GROUP:]}"


def new_codes(count: int = COUNT) -> list[str]:
    """`count` fresh codes, all different."""
    codes: list[str] = []
    while len(codes) < count:
        code = new_code()
        if code not in codes:
            codes.append(code)
    return codes


def clean_code(value: object) -> str:
    """The code as stored: lower case, without spaces or dashes ("" for anything else)."""
    if not isinstance(value, str) or len(value) > INPUT_MAX:
        return ""
    return re.sub(r"[\s-]+", "", value).lower()


def looks_like_code(value: object) -> bool:
    """Whether `value` is shaped like a recovery code (after `clean_code`)."""
    return bool(_CODE_RE.match(clean_code(value)))


def new_salt() -> str:
    """A random salt for one code, as 32 hex digits."""
    return secrets.token_hex(SALT_BYTES)


def digest(salt: str, code: str) -> str:
    """HMAC-SHA256 of the cleaned code under `salt`, as 64 hex digits."""
    return hmac.new(bytes.fromhex(salt), clean_code(code).encode(), hashlib.sha256).hexdigest()


def matches(salt: str, stored: str, code: str) -> bool:
    """Whether `code` is the one stored as (`salt`, `stored`), in constant time."""
    try:
        candidate = digest(salt, code)
    except ValueError:  # a salt that is not hex
        return False
    return hmac.compare_digest(candidate, stored)


def file_header(product: str) -> str:
    """The note at the top of the downloaded file; the codes follow, one a line."""
    return (
        f"{product} recovery codes\n"
        "Each code signs you in once in place of a code from your authenticator app.\n"
        "Keep them somewhere safe. New codes replace these.\n\n"
    )


def download_prefix(product: str) -> str:
    """The start of the file's `data:` URI (the header, percent-encoded); the codes, joined
    by `%0A`, complete it (they hold only letters, digits and a dash, all URI-safe)."""
    return "data:text/plain;charset=utf-8," + quote(file_header(product), safe="")


def file_text(codes: list[str], product: str) -> str:
    """The whole text of the downloaded file."""
    return file_header(product) + "\n".join(codes) + "\n"


def used_message(action: str, left: int | None) -> str:
    """The notification after a code was used to `action`, with how many are left (None: not
    said, as when the codes go with it)."""
    head = f"A recovery code was used to {action}."
    if left is None:
        return head
    plural = "" if left == 1 else "s"
    count = "No recovery codes left" if left == 0 else f"{left} recovery code{plural} left"
    advice = " Create new ones in your profile's Security tab." if left <= LOW_LEFT else ""
    return f"{head} {count}.{advice} Not you? Change your password."
