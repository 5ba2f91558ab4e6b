"""The founder's workspace: every completed tool run kept, runs grouped into ideas, and
read-only share links (issue 14)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, Text
from sqlmodel import Field

from startup_toolkit.models.base import UserRow, public_id_field, utcnow


class Idea(UserRow, table=True):
    """A startup idea the founder works on: the runs of every tool on it hang off it."""

    __tablename__ = "ideas"
    __table_args__ = (
        Index("ix_ideas_user_key", "user_id", "text_key"),
        Index("ix_ideas_user_updated", "user_id", "updated_at"),
    )

    title: str = Field(max_length=120)
    # The idea as first described; `text_key` is the hash of its normalised form, so the
    # same text typed again lands on the same idea.
    description: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    text_key: str = Field(default="", max_length=64)
    public_id: str = public_id_field()  # what share links check besides the id (issue 27)
    updated_at: datetime = Field(default_factory=utcnow, nullable=False)


class ToolRunRecord(UserRow, table=True):
    """One completed AI run of one tool, kept automatically: what was asked, what came back."""

    __tablename__ = "tool_runs"
    __table_args__ = (
        Index("ix_tool_runs_user_tool_created", "user_id", "tool", "created_at"),
        Index("ix_tool_runs_idea_created", "idea_id", "created_at"),
    )

    idea_id: int | None = Field(
        default=None, foreign_key="ideas.id", ondelete="SET NULL", nullable=True
    )
    tool: str = Field(max_length=50)
    public_id: str = public_id_field()  # what share links check besides the id (issue 27)
    input: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    result: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    sample: bool = False  # not the model's answer: demo mode's sample or the tool's stand-in
    #: How the result was made (issue 28, `domain/run_origin.Origin`): "ai", "sample" (demo
    #: mode) or "fallback" (the tool's stand-in after the AI reply could not be used).
    origin: str = Field(default="ai", max_length=20, sa_column_kwargs={"server_default": "ai"})
    model: str = Field(default="", max_length=200)
    tokens: int = 0
    duration_ms: int = 0


class ShareLink(UserRow, table=True):
    """A read-only link to a result, a run, an idea or a comparison; only the token's hash is
    stored. `target_keys` holds the public ids of the rows it was made for, in `target`'s
    order: a row that later gets the same id is not one of them (issue 27, item 1)."""

    __tablename__ = "share_links"

    token_hash: str = Field(max_length=64, unique=True, index=True)
    kind: str = Field(max_length=20)  # "result" | "run" | "idea" | "comparison" | "brief"
    target: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    target_keys: list[str] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False, default=list)
    )
    title: str = Field(default="", max_length=300)
    expires_at: datetime | None = None
    revoked_at: datetime | None = None
