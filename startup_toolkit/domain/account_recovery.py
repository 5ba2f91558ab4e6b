"""Account recovery rules: the reset link, its lifetime, the email and the page messages.

Pure functions only: no database, no network, no Reflex. A reset link is valid for 30
minutes, once, and only while the password it was issued for is still the account's
password (`password_stamp` fingerprints the stored hash; any password change alters it).
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from urllib.parse import quote

from startup_toolkit.domain.contact import EmailText

LINK_MINUTES = 30
LINK_TTL = timedelta(minutes=LINK_MINUTES)
RESET_PATH = "/reset-password"
FORGOT_PATH = "/forgot-password"

# Per client address and per account (email), in any hour.
ADDRESS_LIMIT = 5
ACCOUNT_LIMIT = 3
LIMIT_WINDOW_SECONDS = 3600

SENT = (
    "If an account exists for that email, we sent a link to reset its password. "
    f"The link works once, within {LINK_MINUTES} minutes."
)
EMAIL_NOT_CONFIGURED = (
    "Email is not configured on this server, so we cannot send a reset link. "
    "Ask the person who runs this server for a reset link."
)
TOO_MANY_REQUESTS = "Too many reset requests from your network. Please try again later."
LINK_INVALID = (
    "This reset link is invalid or has expired. Links work once, within "
    f"{LINK_MINUTES} minutes, and stop working when the password changes."
)
PASSWORD_RESET = "Your password has been reset. Sign in with your new password."
RESET_FAILED = "Could not reset the password. Please try again."
NOTIFICATION = "Your password was reset with an emailed link; every session was signed out."


def password_stamp(password_hash: str) -> str:
    """SHA-256 (hex) of the stored password hash: changes whenever the password changes."""
    return hashlib.sha256((password_hash or "").encode("utf-8")).hexdigest()


def reset_link(public_base_url: str, token: str) -> str:
    """The address of the reset page for `token` on the public site."""
    return f"{public_base_url.rstrip('/')}{RESET_PATH}?token={quote(token, safe='')}"


def reset_email(*, product_name: str, link: str) -> EmailText:
    """The email with the reset link (the only place the raw token is ever written)."""
    body = (
        "Hi,\n"
        "\n"
        f"Someone (hopefully you) asked to reset the password of your {product_name} "
        "account. Open this link to choose a new password:\n"
        "\n"
        f"{link}\n"
        "\n"
        f"The link works once, within {LINK_MINUTES} minutes. Resetting the password signs "
        "your account out everywhere.\n"
        "\n"
        "If you did not ask for this, ignore this email: your password stays as it is.\n"
        "\n"
        f"The {product_name} team\n"
    )
    return EmailText(subject=f"Reset your {product_name} password", body=body)
