"""Password policy and Argon2id hashing (DESIGN.md 'Identity and sessions'; P-PROF-5)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from argon2 import extract_parameters

from startup_toolkit.domain import passwords
from startup_toolkit.domain.passwords import HashParameters

FAST = HashParameters(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(autouse=True)
def fast_hashing() -> Iterator[None]:
    passwords.use_parameters(FAST)
    yield
    passwords.use_parameters(passwords.DEFAULT_PARAMETERS)


def test_production_defaults_are_argon2id_t2_19mib_p1() -> None:
    params = passwords.DEFAULT_PARAMETERS
    assert (params.time_cost, params.memory_cost, params.parallelism) == (2, 19456, 1)


def test_default_parameters_produce_an_argon2id_hash() -> None:
    passwords.use_parameters(passwords.DEFAULT_PARAMETERS)
    hashed = passwords.hash_password("correct horse")
    params = extract_parameters(hashed)
    assert hashed.startswith("$argon2id$")
    assert (params.time_cost, params.memory_cost, params.parallelism) == (2, 19456, 1)
    assert passwords.verify_password(hashed, "correct horse")


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("", passwords.TOO_SHORT),
        ("1234567", passwords.TOO_SHORT),
        ("12345678", None),
        ("x" * 128, None),
        ("x" * 129, passwords.TOO_LONG),
    ],
)
def test_p_prof_5_length_policy(password: str, message: str | None) -> None:
    """P-PROF-5 with DESIGN.md's 8..128 characters."""
    assert passwords.password_error(password) == message


def test_messages_are_the_agreed_texts() -> None:
    assert passwords.TOO_SHORT == "Password must be at least 8 characters long"
    assert passwords.TOO_LONG == "Password must be at most 128 characters long"
    assert passwords.MISMATCH == "New passwords do not match"


def test_p_prof_5_new_password_errors() -> None:
    assert passwords.new_password_errors("abcdefgh", "abcdefgh") == {}
    assert passwords.new_password_errors("abcdefgh", "abcdefgX") == {"confirm": passwords.MISMATCH}
    assert passwords.new_password_errors("short", "short") == {"new": passwords.TOO_SHORT}


def test_hash_is_salted_and_verifies() -> None:
    first = passwords.hash_password("s3cret-pass")
    second = passwords.hash_password("s3cret-pass")
    assert first != second and "s3cret-pass" not in first
    assert passwords.verify_password(first, "s3cret-pass")
    assert not passwords.verify_password(first, "s3cret-pasS")


@pytest.mark.parametrize("bad_hash", ["", "not-a-hash", "$argon2id$v=19$broken"])
def test_malformed_hashes_never_verify(bad_hash: str) -> None:
    assert not passwords.verify_password(bad_hash, "whatever1")


def test_needs_rehash_follows_the_parameters() -> None:
    hashed = passwords.hash_password("s3cret-pass")
    assert not passwords.needs_rehash(hashed)
    passwords.use_parameters(HashParameters(time_cost=2, memory_cost=8, parallelism=1))
    assert passwords.needs_rehash(hashed)
    assert passwords.verify_password(hashed, "s3cret-pass")  # old hashes still verify
    assert passwords.needs_rehash("garbage")


def test_burn_verification_accepts_anything() -> None:
    passwords.burn_verification("")
    passwords.burn_verification("x" * 10_000)
