"""What users keep: saved tool results and legacy documents."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, Index, Text
from sqlmodel import Field

from startup_toolkit.models.base import UserRow, public_id_field, url_field


class SavedResult(UserRow, table=True):
    __tablename__ = "saved_results"
    __table_args__ = (Index("ix_saved_results_user_created", "user_id", "created_at"),)

    tool_name: str = Field(max_length=100)
    title: str = Field(max_length=300)
    # What a share link checks besides the id, which a later row may get again (issue 27).
    public_id: str = public_id_field()
    content: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    content_type: str = Field(default="text", max_length=50)
    formatted_content: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    # `metadata` is taken by SQLModel itself; the column keeps the spec's name.
    result_metadata: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column("metadata", JSON, nullable=False, default=dict)
    )


class UserDocument(UserRow, table=True):
    __tablename__ = "user_documents"
    __table_args__ = (Index("ix_user_documents_user_created", "user_id", "created_at"),)

    name: str = Field(max_length=300)
    tool_name: str = Field(default="", max_length=100)
    file_size: str = Field(default="", max_length=50)
    file_format: str = Field(default="PDF", max_length=20)
    download_url: str = url_field()
