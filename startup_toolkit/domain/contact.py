"""Contact form rules: input validation, the outbox retry schedule and the email texts.

Pure functions only: no database, no network, no Reflex.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from startup_toolkit.domain.identity import EMAIL_MAX, NAME_MAX, clean_name, is_email_address

MESSAGE_MAX = 5000
REPLY_WITHIN_HOURS = 24
SENT_PANEL_SECONDS = 5

#: At most one confirmation goes to an address in any such window, whoever writes.
CONFIRMATION_WINDOW = timedelta(days=1)

RETRY_BASE_SECONDS = 30
RETRY_MAX_SECONDS = 3600

REQUIRED_TITLE = "Validation Error"
REQUIRED_MESSAGE = "Please fill in all fields before submitting."

FIELD_LABELS: dict[str, str] = {"name": "Name", "email": "Email", "message": "Message"}


@dataclass(frozen=True)
class ContactInput:
    """The cleaned values of one submission (trimmed; the name on one line)."""

    name: str
    email: str
    message: str


@dataclass(frozen=True)
class ContactValidation:
    """The outcome of `validate_contact`: cleaned values plus field-level errors."""

    values: ContactInput
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def missing_required(self) -> bool:
        """Whether any field is empty after trimming (the 'fill in all fields' case)."""
        return not (self.values.name and self.values.email and self.values.message)


def clean_message(value: str) -> str:
    """Trim and normalise line endings to `\\n`."""
    return value.replace("\r\n", "\n").replace("\r", "\n").strip()


def validate_contact(name: str, email: str, message: str) -> ContactValidation:
    """Trim the three fields and check them; errors are keyed by field name."""
    values = ContactInput(
        name=clean_name(name or ""),
        email=(email or "").strip(),
        message=clean_message(message or ""),
    )
    errors: dict[str, str] = {}

    if not values.name:
        errors["name"] = "Name is required."
    elif len(values.name) > NAME_MAX:
        errors["name"] = f"Name must be at most {NAME_MAX} characters."

    if not values.email:
        errors["email"] = "Email is required."
    elif len(values.email) > EMAIL_MAX:
        errors["email"] = f"Email must be at most {EMAIL_MAX} characters."
    elif not is_email_address(values.email):
        errors["email"] = "Enter a valid email address."

    if not values.message:
        errors["message"] = "Message is required."
    elif len(values.message) > MESSAGE_MAX:
        errors["message"] = (
            f"Message must be at most {MESSAGE_MAX} characters (it has {len(values.message)})."
        )

    return ContactValidation(values=values, errors=errors)


def retry_delay_seconds(attempts: int) -> int:
    """Wait before the next try after `attempts` failed ones: 30 s doubling, capped at 1 h."""
    if attempts <= 0:
        return 0
    # Beyond 2**7 the cap applies anyway; stopping there keeps the number small.
    return min(RETRY_BASE_SECONDS * 2 ** min(attempts - 1, 7), RETRY_MAX_SECONDS)


def next_attempt_at(attempts: int, now: datetime) -> datetime:
    """When a message that has failed `attempts` times is due again."""
    return now + timedelta(seconds=retry_delay_seconds(attempts))


@dataclass(frozen=True)
class EmailText:
    subject: str
    body: str


def team_notification(
    *,
    product_name: str,
    name: str,
    email: str,
    message: str,
    received_at: datetime,
    message_id: int | None = None,
) -> EmailText:
    """The email to the team: who wrote, how to reply, and the message itself."""
    ref = f" (#{message_id})" if message_id is not None else ""
    body = (
        f"New message from the {product_name} contact form{ref}.\n"
        "\n"
        f"Name:     {name}\n"
        f"Email:    {email}\n"
        f"Received: {received_at:%Y-%m-%d %H:%M} UTC\n"
        "\n"
        "Message:\n"
        f"{message}\n"
        "\n"
        "--\n"
        f"Reply to this email to answer {name} directly; "
        f"they were promised a reply within {REPLY_WITHIN_HOURS} hours.\n"
    )
    return EmailText(subject=f"[{product_name}] New contact message from {name}", body=body)


def recipient_key(email: str) -> str:
    """An address as the confirmation limit counts it: trimmed and in lower case, so
    'Ada@Example.com ' and 'ada@example.com' are one recipient."""
    return email.strip().lower()


def sender_confirmation(*, product_name: str) -> EmailText:
    """The confirmation to the address the visitor typed: our fixed text, nothing the visitor
    wrote (issue 27, item 2). A name or message in it would let anyone mail their own words,
    a phishing link say, to any address under our name; so it greets no one (the spec's panel
    only says a confirmation is sent) and holds no link. `product_name` is the operator's."""
    body = (
        "Hello,\n"
        "\n"
        f"We received your message to {product_name} and will reply to this address within "
        f"{REPLY_WITHIN_HOURS} hours.\n"
        "\n"
        "If you did not write to us, you can ignore this email. We send at most one such "
        "confirmation to an address a day.\n"
        "\n"
        f"The {product_name} team\n"
    )
    return EmailText(subject=f"We've received your message - {product_name}", body=body)
