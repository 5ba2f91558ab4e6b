"""What users keep: saved tool results and legacy documents."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, Text
from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import created_at_field, user_fk


class SavedResult(SQLModel, table=True):
    __tablename__ = "saved_results"
    __table_args__ = (Index("ix_saved_results_user_created", "user_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    tool_name: str = Field(max_length=100)
    title: str = Field(max_length=300)
    content: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    content_type: str = Field(default="text", max_length=50)
    formatted_content: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    # `metadata` is taken by SQLModel itself; the column keeps the spec's name.
    result_metadata: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column("metadata", JSON, nullable=False, default=dict)
    )
    created_at: datetime = created_at_field()


class UserDocument(SQLModel, table=True):
    __tablename__ = "user_documents"
    __table_args__ = (Index("ix_user_documents_user_created", "user_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    name: str = Field(max_length=300)
    tool_name: str = Field(default="", max_length=100)
    file_size: str = Field(default="", max_length=50)
    file_format: str = Field(default="PDF", max_length=20)
    download_url: str = Field(default="", max_length=2000)
    created_at: datetime = created_at_field()
