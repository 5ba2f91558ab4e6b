"""Password policy and Argon2id hashing.

Policy (DESIGN.md raises the spec's minimum of 6): 8 to 128 characters, anything else is
allowed. Hashes are Argon2id with time_cost 2, 19 MiB memory, parallelism 1 (the OWASP
baseline). Tests lower the cost with `use_parameters(...)`; production never calls it.
Passwords are never logged or put into messages.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_LENGTH = 8
MAX_LENGTH = 128

TOO_SHORT = f"Password must be at least {MIN_LENGTH} characters long"
TOO_LONG = f"Password must be at most {MAX_LENGTH} characters long"
MISMATCH = "New passwords do not match"


@dataclass(frozen=True)
class HashParameters:
    """Argon2id cost parameters."""

    time_cost: int = 2
    memory_cost: int = 19456  # KiB = 19 MiB
    parallelism: int = 1


DEFAULT_PARAMETERS = HashParameters()
_parameters = DEFAULT_PARAMETERS


def use_parameters(parameters: HashParameters) -> None:
    """Hash new passwords with `parameters` (tests use a low cost; production keeps defaults)."""
    global _parameters
    _parameters = parameters


def current_parameters() -> HashParameters:
    return _parameters


@lru_cache(maxsize=8)
def _hasher_for(parameters: HashParameters) -> PasswordHasher:
    return PasswordHasher(
        time_cost=parameters.time_cost,
        memory_cost=parameters.memory_cost,
        parallelism=parameters.parallelism,
    )


def _hasher() -> PasswordHasher:
    return _hasher_for(_parameters)


def password_error(password: str) -> str | None:
    """The policy message for `password`, or None when it is acceptable."""
    if not isinstance(password, str) or len(password) < MIN_LENGTH:
        return TOO_SHORT
    if len(password) > MAX_LENGTH:
        return TOO_LONG
    return None


def new_password_errors(new: str, confirm: str) -> dict[str, str]:
    """Field errors for a new password and its confirmation ('new' / 'confirm' keys)."""
    errors: dict[str, str] = {}
    problem = password_error(new)
    if problem:
        errors["new"] = problem
    elif new != confirm:
        errors["confirm"] = MISMATCH
    return errors


def hash_password(password: str) -> str:
    """An Argon2id hash of `password` (PHC string with salt and parameters)."""
    return _hasher().hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    """Whether `password` matches `password_hash`; False for a malformed or empty hash."""
    if not password_hash or not isinstance(password, str):
        return False
    try:
        return _hasher().verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """Whether `password_hash` was made with other parameters than the current ones."""
    try:
        return _hasher().check_needs_rehash(password_hash)
    except (InvalidHashError, ValueError):
        return True


@lru_cache(maxsize=8)
def _dummy_hash_for(parameters: HashParameters) -> str:
    return _hasher_for(parameters).hash(secrets.token_urlsafe(16))


def burn_verification(password: str) -> None:
    """Verify `password` against a throwaway hash so unknown accounts cost the same time."""
    verify_password(_dummy_hash_for(_parameters), (password or "")[:MAX_LENGTH])
