"""Solutions Hub resources (articles, videos and documents) and the versions Generate content
wrote for each founder."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Text
from sqlmodel import Column, Field, SQLModel

from startup_toolkit.models.base import UserRow, created_at_field, url_field


class Resource(SQLModel, table=True):
    __tablename__ = "resources"

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(max_length=300)
    description: str = Field(default="", max_length=2000)
    type: str = Field(index=True, max_length=20)
    category: str = Field(index=True, max_length=40)
    image: str = url_field()
    popular: bool = False
    content: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    url: str = url_field()
    video_url: str = url_field()
    video_file_url: str = url_field()
    download_url: str = url_field()
    file_size: str = Field(default="", max_length=50)
    created_at: datetime = created_at_field()


class ResourceVersion(UserRow, table=True):
    """A version of a resource's text that Generate content wrote for one founder: kept beside
    the library's original, never in its place."""

    __tablename__ = "resource_versions"
    __table_args__ = (
        Index("ix_resource_versions_user_resource", "user_id", "resource_id", "created_at"),
    )

    resource_id: int = Field(foreign_key="resources.id", ondelete="CASCADE")
    content: str = Field(sa_column=Column(Text, nullable=False))
    # The kept run that wrote it (issue 14's workspace); gone when that run is pruned.
    run_id: int | None = Field(
        default=None, foreign_key="tool_runs.id", ondelete="SET NULL", nullable=True
    )
