"""The Startup Arena, shared by every signed-in founder (issue 16): a founder's startup entry,
their posts, likes (one per founder per post) and what they joined (challenges, events,
founders they follow)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint
from sqlmodel import Field

from startup_toolkit.models.base import OneRowPerUser, UserRow, created_at_field


class ArenaEntry(OneRowPerUser, table=True):
    """A founder's startup in the Arena: at most one per founder, seen by every founder."""

    __tablename__ = "arena_entries"

    created_at: datetime = created_at_field()
    company: str = Field(max_length=100)
    industry: str = Field(max_length=60)
    revenue: str = Field(default="", max_length=40)
    users: str = Field(default="", max_length=40)
    growth: str = Field(default="", max_length=40)
    description: str = Field(default="", max_length=1000)


class ArenaPost(UserRow, table=True):
    """A post of the Arena Feed, plain text, by the founder `user_id`."""

    __tablename__ = "arena_posts"
    __table_args__ = (Index("ix_arena_posts_user_created", "user_id", "created_at"),)

    content: str = Field(sa_column=Column(Text, nullable=False))


class ArenaLike(UserRow, table=True):
    """The founder `user_id` likes the post `post_id`: one row per founder per post."""

    __tablename__ = "arena_likes"
    __table_args__ = (UniqueConstraint("post_id", "user_id", name="uq_arena_likes_post_user"),)

    post_id: int = Field(foreign_key="arena_posts.id", ondelete="CASCADE", index=True)


class ArenaJoin(UserRow, table=True):
    """Something the founder `user_id` joined: a challenge (its key; `completed_at` once its
    target is reached), an event (its key and date) or a founder to follow (the entry's id).
    `created_at` is when they joined."""

    __tablename__ = "arena_joins"
    __table_args__ = (
        UniqueConstraint("user_id", "kind", "key", name="uq_arena_joins_user_kind_key"),
        Index("ix_arena_joins_kind_key", "kind", "key"),
    )

    kind: str = Field(max_length=20)  # "challenge" | "event" | "follow"
    key: str = Field(max_length=60)
    completed_at: datetime | None = None
