"""Account recovery rules: the reset link, its lifetime, the email and the page messages.

Pure functions only: no database, no network, no Reflex. A reset link is valid for 30
minutes, once, and only while the password it was issued for is still the account's
password (`password_stamp` fingerprints the stored hash; any password change alters it).
The mailed link goes to `OPEN_PATH`, which binds it to the browser that opened it (a nonce
cookie) and goes on to `RESET_PATH`; only that browser can finish the reset (issue 27, item 4).
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
# The link's first stop: binds it to this browser, then sends it to RESET_PATH.
OPEN_PATH = "/api/auth/reset"

# Per client address and per account (email), in any hour.
ADDRESS_LIMIT = 5
ACCOUNT_LIMIT = 3
LIMIT_WINDOW_SECONDS = 3600

SENT = (
    "If an account exists for that email, we sent a link to reset its password. "
    f"The link works once, within {LINK_MINUTES} minutes."
)
EMAIL_NOT_CONFIGURED = (
    "Email is not configured on this server, so we cannot email you a reset link."
)
# Without email, the way to a link (issue 28, item 10): a message through the contact page,
# which the person who runs the server reads; they give a link (`admin reset-link EMAIL`).
CONTACT_PATH = "/contact"
CONTACT_LINK_TEXT = "Send us a message"
CONTACT_FOR_LINK = (
    "with the email of your account, and the person who runs this server can give you a link."
)
TOO_MANY_REQUESTS = "Too many reset requests from your network. Please try again later."
LINK_INVALID = (
    "This reset link is invalid or has expired. Links work once, within "
    f"{LINK_MINUTES} minutes, and stop working when the password changes."
)
OPEN_IN_THIS_BROWSER = (
    "A reset can only be finished in the browser that opened the link. Open the link from "
    "your email again in this browser."
)
PASSWORD_RESET = "Your password has been reset. Sign in with your new password."
RESET_FAILED = "Could not reset the password. Please try again."
NOTIFICATION = "Your password was reset with an emailed link; every session was signed out."
NOTIFICATION_BY_OPERATOR = (
    "Your password was reset with a link from the person who runs this server; every session "
    "was signed out."
)


def reset_notification(*, by_operator: bool) -> str:
    """The notification after a reset, by how its link came: emailed, or from the operator
    (issue 28, item 10)."""
    return NOTIFICATION_BY_OPERATOR if by_operator else NOTIFICATION


def password_stamp(password_hash: str) -> str:
    """SHA-256 (hex) of the stored password hash: changes whenever the password changes."""
    return hashlib.sha256((password_hash or "").encode("utf-8")).hexdigest()


def reset_link(public_base_url: str, token: str) -> str:
    """The address that opens the reset link for `token` on the public site (it binds the
    link to the browser, then shows the reset page)."""
    return f"{public_base_url.rstrip('/')}{OPEN_PATH}?token={quote(token, safe='')}"


def nonce_max_age(seconds_left: float) -> int:
    """Seconds the browser keeps the reset nonce: the link's remaining life, at least 1."""
    return max(1, min(int(seconds_left), int(LINK_TTL.total_seconds())))


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
