"""Tokens spent per AI call, for the daily budget and for cost reports."""

from __future__ import annotations

from sqlalchemy import Index
from sqlmodel import Field

from startup_toolkit.models.base import UserRow


class AiUsage(UserRow, table=True):
    __tablename__ = "ai_usage"
    __table_args__ = (Index("ix_ai_usage_user_created", "user_id", "created_at"),)

    tool_name: str = Field(max_length=100)
    model: str = Field(default="", max_length=200)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
