"""Subscriptions as Stripe reports them, and the Stripe events already handled."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import created_at_field, user_fk, utcnow


class Subscription(SQLModel, table=True):
    __tablename__ = "subscriptions"

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    stripe_customer_id: str = Field(default="", index=True, max_length=255)
    stripe_subscription_id: str = Field(unique=True, index=True, max_length=255)
    status: str = Field(default="incomplete", max_length=40)
    plan_name: str = Field(default="Premium Plan", max_length=100)
    price_id: str = Field(default="", max_length=255)
    current_period_start: datetime | None = None
    current_period_end: datetime | None = None
    cancel_at_period_end: bool = False
    payment_method: str = Field(default="", max_length=100)
    # Stripe's `created` time of the newest event applied: older events never overwrite newer.
    last_event_created: int = 0
    created_at: datetime = created_at_field()
    updated_at: datetime = Field(default_factory=utcnow)


class StripeEvent(SQLModel, table=True):
    __tablename__ = "stripe_events"

    id: str = Field(primary_key=True, max_length=255)
    type: str = Field(max_length=100)
    created: int = 0
    received_at: datetime = created_at_field()
