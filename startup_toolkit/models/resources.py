"""Solutions Hub resources: articles, videos and documents."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Text
from sqlmodel import Column, Field, SQLModel

from startup_toolkit.models.base import created_at_field, url_field


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
