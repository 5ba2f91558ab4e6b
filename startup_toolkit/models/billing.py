"""Billing as Stripe reports it: subscriptions, invoices, and the Stripe events already handled
(each user's Stripe customer id is on `users`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index
from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import UserRow, created_at_field, user_fk, utcnow


class Subscription(UserRow, table=True):
    __tablename__ = "subscriptions"

    stripe_customer_id: str = Field(default="", index=True, max_length=255)
    stripe_subscription_id: str = Field(unique=True, index=True, max_length=255)
    status: str = Field(default="incomplete", max_length=40)
    plan_name: str = Field(default="Premium Plan", max_length=100)
    price_id: str = Field(default="", max_length=255)
    started_at: datetime | None = None
    current_period_start: datetime | None = None
    current_period_end: datetime | None = None
    cancel_at_period_end: bool = False
    payment_method: str = Field(default="", max_length=100)
    # Stripe's `created` time of the newest event applied: older events never overwrite newer.
    last_event_created: int = 0
    # When the row was last read from Stripe's API (None: only webhooks so far).
    refreshed_at: datetime | None = None
    updated_at: datetime = Field(default_factory=utcnow)


class StripeEvent(SQLModel, table=True):
    __tablename__ = "stripe_events"

    id: str = Field(primary_key=True, max_length=255)
    type: str = Field(max_length=100)
    created: int = 0
    received_at: datetime = created_at_field()


class Invoice(SQLModel, table=True):
    """One Stripe invoice of a user's subscription: the billing history."""

    __tablename__ = "invoices"
    __table_args__ = (Index("ix_invoices_user_created", "user_id", "created"),)

    id: str = Field(primary_key=True, max_length=255)  # Stripe's invoice id
    user_id: str = user_fk()
    stripe_subscription_id: str = Field(default="", max_length=255)
    number: str = Field(default="", max_length=100)
    status: str = Field(default="", max_length=40)
    amount: int = 0  # in the currency's smallest unit
    currency: str = Field(default="usd", max_length=10)
    description: str = Field(default="", max_length=500)
    hosted_invoice_url: str = Field(default="", max_length=1000)
    created: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
