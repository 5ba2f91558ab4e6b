"""The rules of a two-factor recovery code (issue 27, item 9): shape, cleaning, salted
digests, the notification's text and the downloaded file."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from startup_toolkit.domain import recovery_codes as codes


def test_new_codes_are_ten_different_codes_from_the_alphabet() -> None:
    made = codes.new_codes()
    assert len(made) == codes.COUNT == 10 == len(set(made))
    for code in made:
        first, second = code.split("-")
        assert len(first) == len(second) == 5
        assert set(first + second) <= set(codes.ALPHABET)
    assert not set("01ilo") & set(codes.ALPHABET)  # no look-alikes


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("abcde-fghjk", "abcdefghjk"),
        ("ABCDE-FGHJK", "abcdefghjk"),
        (" abcde fghjk ", "abcdefghjk"),
        ("abcdefghjk", "abcdefghjk"),
    ],
)
def test_a_code_may_be_typed_in_capitals_or_without_the_dash(typed: str, clean: str) -> None:
    assert codes.clean_code(typed) == clean and codes.looks_like_code(typed)


@pytest.mark.parametrize(
    "value", ["", "123456", "abcde-fghj", "abcde-fghjkm", "abcde-fgh1k", "x" * 100, None, 12]
)
def test_other_values_are_no_codes(value: object) -> None:
    assert not codes.looks_like_code(value)


def test_the_digest_is_salted_and_checked_in_constant_time() -> None:
    code = codes.new_code()
    salt, other = codes.new_salt(), codes.new_salt()
    assert salt != other and len(salt) == 32
    stored = codes.digest(salt, code)
    assert len(stored) == 64 and code not in stored
    assert codes.digest(other, code) != stored
    assert codes.matches(salt, stored, code.upper())
    assert not codes.matches(other, stored, code)
    assert not codes.matches("not hex", stored, code)


def test_the_notification_says_how_many_are_left() -> None:
    assert codes.used_message("sign in", 9) == (
        "A recovery code was used to sign in. 9 recovery codes left. Not you? Change your password."
    )
    assert "1 recovery code left. Create new ones" in codes.used_message("sign in", 1)
    assert "No recovery codes left. Create new ones" in codes.used_message("sign in", 0)
    assert codes.used_message("turn off two-factor", None) == (
        "A recovery code was used to turn off two-factor."
    )


def test_the_download_is_the_header_then_one_code_a_line() -> None:
    made = codes.new_codes()
    href = codes.download_prefix("Unstuck") + "%0A".join(made) + "%0A"
    assert href.startswith("data:text/plain;charset=utf-8,")
    assert unquote(href.split(",", 1)[1]) == codes.file_text(made, "Unstuck")
    assert codes.file_text(made, "Unstuck").splitlines()[-10:] == made
    assert codes.FILE_NAME == "unstuck-recovery-codes.txt"
