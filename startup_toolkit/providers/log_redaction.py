"""No secret in any log line: every log record is scrubbed when it is made.

Reflex logs whole events in some error paths: an event naming a handler that does not exist
(a stale tab after a deploy) logs its router data, with the `Cookie` header and so the live
session token, and its payload, with whatever a form sent (a password). `install()` wraps
the log record factory, so every record of every logger in the process (Reflex's, Granian's,
uvicorn's, Starlette's, Socket.IO's, ours and the root logger's) passes through `scrub_record`
before any handler sees it, whatever handlers are attached later:

- the message, its arguments and the traceback text are rendered and then redacted: the value
  of every key that names a secret (`cookie`, `authorization`, `password`, `token`, `ticket`,
  `secret`, `code`/`totp`/`otp`, recovery codes, `proof`, API keys) in Python reprs, JSON,
  query strings and headers, bearer credentials, and the session cookie wherever it appears;
- records of a visitor's malformed event (unknown handler, payload that does not fit the
  handler, undecodable or garbage frames) become one line with no client data
  (`malformed_events`), rate-limited per kind.

A traceback that needed redacting is folded into the message (the exception itself is
dropped from the record), because Reflex's console handler renders `exc_info` directly.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from typing import Any

from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.providers import malformed_events

REDACTED = "[redacted]"

# Key words that make a key's value secret, matched against the key's parts
# (`new_password` -> new, password; `totpCode` -> totp, code).
SECRET_PARTS = frozenset(
    {
        "password",
        "passwd",
        "pwd",
        "passphrase",
        "secret",
        "token",
        "ticket",
        "totp",
        "otp",
        "cookie",
        "authorization",
        "credential",
        "credentials",
        "apikey",
        "nonce",
        "proof",  # a re-authentication dialog's password or code
        SESSION_COOKIE,
    }
)
# `code` alone is the TOTP code; `status_code` and `exit_code` are not secrets. `codes` too
# (`recovery_codes`: a result's or the profile state's new recovery codes).
CODE_QUALIFIERS = frozenset(
    {"", "totp", "otp", "mfa", "auth", "verification", "reset", "login", "recovery"}
)
KEY_QUALIFIERS = frozenset({"api", "private", "secret", "signing", "access", "encryption"})

_QUOTED = r"""'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|\\+"(?:(?!\\+").)*\\+\""""
_VALUE = rf"(?:{_QUOTED}|\{{[^{{}}\n]*\}}|\[[^\[\]\n]*\]|\([^()\n]*\)|[^\s,;&'\"<>)}}\]]+)"
# `key` then `:` or `=`, the key optionally quoted (reprs, JSON, escaped JSON, query strings).
_KEY = re.compile(r"(?P<q>\\*[\"']?)(?P<key>[A-Za-z][\w-]*)(?P=q)\s*[:=]\s*")
_VALUE_AT = re.compile(_VALUE)
# Raw header lines: the rest of the line is the value.
_HEADER_LINE = re.compile(
    r"(?im)^(?P<head>\s*(?:set-)?(?:cookie|authorization)\s*:\s*)(?P<value>.+)$"
)
_BEARER = re.compile(r"(?i)\b(?P<scheme>bearer)(?P<space>\s+)[\w.~+/=-]{8,}")
_SESSION = re.compile(rf"(?i)(?P<name>{re.escape(SESSION_COOKIE)}\s*=\s*)[^\s;,'\"&]+")


def _key_parts(key: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", key)
    return [part for part in re.split(r"[_\-]+", spaced.lower()) if part]


def is_secret_key(key: str) -> bool:
    """Whether a value under this key (a field, header, parameter or argument) is secret."""
    if key.lower() in SECRET_PARTS:
        return True
    parts = _key_parts(key)
    if not parts:
        return False
    if any(part in SECRET_PARTS for part in parts):
        return True
    before = parts[-2] if len(parts) > 1 else ""
    if parts[-1] in ("code", "codes"):
        return before in CODE_QUALIFIERS
    return parts[-1] == "key" and before in KEY_QUALIFIERS


def _redact_keyed(text: str) -> str:
    # The scan goes on after each key's separator, so keys nested in a non-secret value
    # (`'headers': {'cookie': ...}`) are visited too.
    out, done = [], 0
    for key in _KEY.finditer(text):
        if key.start() < done or not is_secret_key(key["key"]):
            continue
        value = _VALUE_AT.match(text, key.end())
        if value is None:
            continue
        quote = re.match(r"\\*[\"']", value[0])
        out += [text[done : key.end()], f"{quote[0]}{REDACTED}{quote[0]}" if quote else REDACTED]
        done = value.end()
    return "".join(out) + text[done:] if out else text


def _redact_text(text: str) -> str:
    text = _HEADER_LINE.sub(lambda m: f"{m['head']}{REDACTED}", text)
    text = _redact_keyed(text)
    text = _BEARER.sub(lambda m: f"{m['scheme']}{m['space']}{REDACTED}", text)
    return _SESSION.sub(lambda m: f"{m['name']}{REDACTED}", text)


_FRAME_LINE = re.compile(r'^\s*File "[^"\n]*", line \d+')
_MARKERS = re.compile(r"^\s*[\^~\s]*$")


def redact(text: str) -> str:
    """`text` with every secret value it shows replaced by `[redacted]`. A traceback's source
    lines (the app's own code, under each `File "...", line N`) are left as they are."""
    if not text:
        return text
    if 'File "' not in text:
        return _redact_text(text)
    lines, source = [], False
    for line in text.split("\n"):
        if _FRAME_LINE.match(line):
            source = True
        elif not (source and (line.startswith("    ") or _MARKERS.match(line))):
            source = False
            line = _redact_text(line)
        lines.append(line)
    return "\n".join(lines)


_EXCEPTION_FORMATTER = logging.Formatter()


def scrub_record(record: logging.LogRecord) -> logging.LogRecord:
    """Redact a record in place: a malformed event's one line, or the message and traceback
    with every secret value replaced."""
    verdict = malformed_events.classify(record)
    if verdict is not None:
        malformed_events.condense(record, verdict)
        return record
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: logging reports it; show it redacted
        message = f"{record.msg} {record.args!r}"
    clean = redact(message)
    if record.exc_info and record.exc_info[0] is not None:
        text = _EXCEPTION_FORMATTER.formatException(record.exc_info)
        clean_text = redact(text)
        if clean_text != text:
            clean = f"{clean}\n{clean_text}"
            record.exc_info, record.exc_text = None, None
            _one_print(record)
    elif record.exc_text:
        record.exc_text = redact(record.exc_text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    if clean != message:
        record.msg, record.args = clean, ()
    return record


def _one_print(record: logging.LogRecord) -> None:
    """Ask Reflex's console handler not to re-wrap the folded traceback's lines."""
    record.rich_kwargs = {**getattr(record, "rich_kwargs", {}), "soft_wrap": True}


_install_lock = threading.Lock()
_installed = False


def install() -> None:
    """Scrub every log record made in this process from now on (idempotent)."""
    global _installed
    with _install_lock:
        if _installed:
            return
        previous: Callable[..., logging.LogRecord] = logging.getLogRecordFactory()

        def scrubbed(*args: Any, **kwargs: Any) -> logging.LogRecord:
            return scrub_record(previous(*args, **kwargs))

        logging.setLogRecordFactory(scrubbed)
        malformed_events.install_rate_limit()
        _installed = True
