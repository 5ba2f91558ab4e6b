"""Row ids sent by the browser, checked before they reach a query.

Any handler argument can hold any JSON value: an int past the database's BIGINT makes the
driver raise OverflowError, and a megabyte of digits costs a conversion. A handler or
service turns the raw value into an id with `valid_row_id` and treats None as "no such row".
"""

from __future__ import annotations

from typing import Any

#: The largest id a BIGINT (PostgreSQL) or INTEGER (SQLite) column holds: 2^63 - 1.
ROW_ID_MAX = 2**63 - 1
_DIGITS_MAX = len(str(ROW_ID_MAX))


def valid_row_id(value: Any, *, text: bool = True) -> int | None:
    """A positive row id from an int (or, with `text`, a string of ASCII digits) within the
    database's range; None for anything else (bool, float, negative, zero, too large, other
    text). Pages pass ids as text; services take ints only (`text=False`)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and text:
        if not (0 < len(value) <= _DIGITS_MAX and value.isascii() and value.isdigit()):
            return None
        value = int(value)
    if not isinstance(value, int) or not 0 < value <= ROW_ID_MAX:
        return None
    return value
