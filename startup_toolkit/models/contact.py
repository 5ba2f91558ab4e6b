"""Contact messages: stored first, then mailed from the row (outbox)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Text
from sqlmodel import Column, Field

from startup_toolkit.models.base import OutboxDelivery, created_at_field


class ContactMessage(OutboxDelivery, table=True):
    __tablename__ = "contact_messages"
    __table_args__ = (
        Index("ix_contact_messages_ip_created", "ip_address", "created_at"),
        Index("ix_contact_messages_status_next", "status", "next_attempt_at"),
        Index("ix_contact_messages_recipient_claimed", "recipient", "confirmation_claimed_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    email: str = Field(max_length=320)
    message: str = Field(sa_column=Column(Text, nullable=False))
    ip_address: str = Field(default="", max_length=64)
    # Its status (OutboxDelivery) is "sent" once both mails are delivered, "stored" when no
    # mail is configured.
    team_sent_at: datetime | None = None
    # The address the confirmation goes to, as the limit counts it (domain.contact.recipient_key).
    recipient: str = Field(default="", max_length=320, sa_column_kwargs={"server_default": ""})
    # When this row took its recipient's one confirmation of the day (issue 27, item 2); None
    # while not tried, and for good when another row had taken it (the team still has the
    # message).
    confirmation_claimed_at: datetime | None = None
    confirmation_sent_at: datetime | None = None
    created_at: datetime = created_at_field()
