"""valid_row_id: the only way an id from the browser reaches a query (finding 8 of issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

from startup_toolkit.domain.ids import ROW_ID_MAX, valid_row_id


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (1, 1),
        (42, 42),
        ("42", 42),
        ("007", 7),
        (ROW_ID_MAX, ROW_ID_MAX),
        (str(ROW_ID_MAX), ROW_ID_MAX),
    ],
)
def test_positive_ids_in_range_are_kept(raw: Any, expected: int) -> None:
    assert valid_row_id(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        ROW_ID_MAX + 1,
        2**64,
        str(ROW_ID_MAX + 1),
        "0" * 19 + "1",  # 20 characters: longer than any id
        "9" * 100_000,
        0,
        "0",
        -1,
        "-1",
        -(2**63),
        True,
        False,
        1.0,
        1.5,
        float("nan"),
        "1.5",
        "1e3",
        " 1",
        "1 ",
        "",
        "٣",  # a digit, but not ASCII
        "²",
        None,
        [],
        [1],
        {},
        {"id": 1},
    ],
    ids=lambda raw: repr(raw)[:30],
)
def test_everything_else_is_no_id(raw: Any) -> None:
    assert valid_row_id(raw) is None


def test_services_take_ints_only() -> None:
    assert valid_row_id(7, text=False) == 7
    assert valid_row_id("7", text=False) is None
    assert valid_row_id(2**63, text=False) is None
