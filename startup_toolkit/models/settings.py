"""A user's profile and the three settings groups of the profile page (spec defaults)."""

from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import (
    USER_ID_LENGTH,
    OneRowPerUser,
    created_at_field,
    url_field,
    utcnow,
)


class Profile(SQLModel, table=True):
    __tablename__ = "profiles"

    id: str = Field(
        primary_key=True, foreign_key="users.id", ondelete="CASCADE", max_length=USER_ID_LENGTH
    )
    full_name: str = Field(default="", max_length=200)
    bio: str = Field(default="", max_length=2000)
    company: str = Field(default="", max_length=200)
    location: str = Field(default="", max_length=200)
    website: str = url_field()
    linkedin_url: str = url_field()
    twitter_handle: str = Field(default="", max_length=16)
    created_at: datetime = created_at_field()
    updated_at: datetime = Field(default_factory=utcnow)


class UserAiSettings(OneRowPerUser, table=True):
    __tablename__ = "user_ai_settings"

    response_style: str = Field(default="balanced", max_length=20)
    expertise_level: str = Field(default="intermediate", max_length=20)
    industry_focus: str = Field(default="technology", max_length=20)
    communication_tone: str = Field(default="professional", max_length=20)
    detail_level: str = Field(default="moderate", max_length=20)
    # Issue 14: the AI Co-Founder may read a summary of the founder's saved work.
    use_saved_work: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})


class UserPreferences(OneRowPerUser, table=True):
    __tablename__ = "user_preferences"

    email_notifications: bool = True
    push_notifications: bool = False
    marketing_emails: bool = True
    weekly_reports: bool = True
    ai_personalization: bool = True
    data_collection: bool = True
    theme: str = Field(default="dark", max_length=10)
    language: str = Field(default="en", max_length=10)
    timezone: str = Field(default="UTC", max_length=64)


class UserSecuritySettings(OneRowPerUser, table=True):
    __tablename__ = "user_security_settings"

    two_factor_enabled: bool = False
    session_timeout: int = 30
    login_notifications: bool = True
    password_last_changed: date | None = None
