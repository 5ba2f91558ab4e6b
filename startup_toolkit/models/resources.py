"""Solutions Hub resources: articles, videos and documents."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Text
from sqlmodel import Column, Field, SQLModel

from startup_toolkit.models.base import created_at_field


class Resource(SQLModel, table=True):
    __tablename__ = "resources"

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(max_length=300)
    description: str = Field(default="", max_length=2000)
    type: str = Field(index=True, max_length=20)
    category: str = Field(index=True, max_length=40)
    image: str = Field(default="", max_length=2000)
    popular: bool = False
    content: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    url: str = Field(default="", max_length=2000)
    video_url: str = Field(default="", max_length=2000)
    video_file_url: str = Field(default="", max_length=2000)
    download_url: str = Field(default="", max_length=2000)
    file_size: str = Field(default="", max_length=50)
    created_at: datetime = created_at_field()
