"""One typed settings object, read from the environment and `.env`.

Every variable is optional: the app starts with none of them set (SQLite, demo AI, open
access). Feature flags are derived here so the rest of the code asks one place.
"""

from __future__ import annotations

from datetime import timedelta
from functools import lru_cache
from typing import Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

#: Loopback host names and how each is written in an origin.
_LOOPBACK = {"localhost": "localhost", "127.0.0.1": "127.0.0.1", "::1": "[::1]"}
#: Models with Groq's built-in browser search tool (AI_WEB_RESEARCH=auto turns research on).
RESEARCH_MODELS = frozenset({"openai/gpt-oss-120b", "openai/gpt-oss-20b"})


class Settings(BaseSettings):
    """Configuration of one running app."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        populate_by_name=True,
    )

    # Product and site
    product_name: str = "Unstuck"
    public_base_url: str = "http://localhost:3000"
    contact_email: str = "hello@unstuck.app"
    social_twitter_url: str = ""
    social_linkedin_url: str = ""
    social_github_url: str = ""
    # Reverse proxies in front of the app whose X-Forwarded-For is trusted for client addresses.
    trusted_proxy_hops: int = Field(default=0, ge=0)

    # Storage
    database_url: str = "sqlite:///unstuck.db"
    # Threads per worker process for database work (`db.in_worker`, `asyncio.to_thread`);
    # the PostgreSQL pool holds as many connections, plus the export lookup threads and two
    # for the background workers (outbox, news), so no thread waits for a connection.
    db_threads: int = Field(default=8, ge=1, le=256)
    # Seconds a database call waits for a pooled connection before it fails (clear message).
    db_pool_timeout_seconds: float = Field(default=10.0, gt=0, le=300)
    redis_url: str = ""
    # Where Reflex keeps each tab's state. auto: Redis when REDIS_URL is set, otherwise memory
    # in production (one worker) and disk under `reflex run` (so a hot reload keeps the tabs).
    state_store: Literal["auto", "memory", "disk", "redis"] = "auto"
    # A tab's state is dropped this long after its last event (closed tabs free their memory).
    state_expiry_seconds: int = Field(default=3600, ge=60)
    # Redis store: a worker keeps a tab's state to itself this long after the tab's last event
    # before writing it back (Reflex's opportunistic lock; another worker that needs the tab
    # gets it handed over at once). 0: fetch and write back at every event. Below Reflex's
    # 10 s Redis lock expiry.
    state_lease_ms: int = Field(default=1000, ge=0, le=9000)
    # Prefix of the app's own Redis keys (limits, cache versions, locks), beside Reflex's state.
    redis_key_prefix: str = Field(default="unstuck", min_length=1)

    # Production (`make prod`): backend worker processes behind the one port.
    granian_workers: int = Field(default=2, ge=1, le=64)

    # Access: None means derived (subscription only when Stripe is configured).
    access_mode: Literal["open", "subscription"] | None = None

    # AI
    ai_api_key: str = Field(default="", validation_alias=AliasChoices("AI_API_KEY", "GROQ_API_KEY"))
    ai_base_url: str = ""
    ai_model: str = "openai/gpt-oss-120b"
    ai_daily_tokens: int = Field(default=200_000, ge=0)
    # Live web research before the evidence-based tools' JSON call (browser search). auto: on
    # for models known to support it (RESEARCH_MODELS).
    ai_web_research: Literal["auto", "on", "off"] = "auto"
    ai_research_seconds: float = Field(default=45.0, gt=0, le=300)
    # Provider requests one worker process has in flight at most (issue 29, item 2); more runs
    # wait their turn (shown as queued) instead of piling up connections, and the HTTP client's
    # connection pool is this size. The wait does not count against the request's timeout.
    ai_max_in_flight: int = Field(default=64, ge=1, le=10_000)
    # Progress updates (a running tool's seconds, research words, streamed text) one worker
    # writes into tab states per second at most, all runs together: with many runs each one
    # ticks less often instead of the worker spending its time writing state.
    run_ticks_per_second: float = Field(default=100.0, gt=0, le=10_000)
    # A worker renews the leases of its AI runs every third of this; a run whose lease is
    # older belongs to a worker that is gone, and another worker marks it interrupted
    # (its budget holds released). Longer than any stall of a live worker's event loop.
    run_lease_seconds: float = Field(default=30.0, ge=3, le=3600)
    # Shutdown (SIGTERM): runs under way may finish for this long; the rest are marked
    # interrupted. Keep it below the process manager's own kill timeout.
    run_grace_seconds: float = Field(default=20.0, ge=0, le=600)
    # The founder's workspace: completed runs kept per founder and tool (older ones pruned).
    runs_kept_per_tool: int = Field(default=200, ge=1, le=10_000)

    # Billing
    stripe_secret_key: str = ""
    stripe_price_id: str = ""
    stripe_webhook_secret: str = ""
    stripe_api_base: str = ""
    checkout_url: str = ""

    # Outgoing mail (contact form). No host: messages are stored and not emailed.
    smtp_host: str = ""
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_username: str = ""
    smtp_password: str = ""
    smtp_security: Literal["starttls", "ssl", "none"] = "starttls"
    smtp_from: str = ""
    smtp_timeout_seconds: float = Field(default=20.0, gt=0)
    outbox_poll_seconds: float = Field(default=15.0, gt=0)

    # Contact form abuse limit: at most this many messages per address and window.
    contact_limit_count: int = Field(default=5, ge=1)
    contact_limit_window_seconds: int = Field(default=600, ge=1)

    # Exports (issue 27, item 6). Their database reads and their Markdown and PDF renders run
    # in two lanes of `export_threads` threads each per worker process, apart from every page's
    # database work; past `export_lookup_queue` reads or `export_queue` renders waiting, a
    # download is refused with 503 and Retry-After instead of waiting behind them.
    export_threads: int = Field(default=2, ge=1, le=32)
    export_queue: int = Field(default=8, ge=0, le=1000)
    export_lookup_queue: int = Field(default=500, ge=0, le=100_000)
    # Downloads per signed-in founder (their own exports) and per client address (share links)
    # in a window; past it, 429 with Retry-After.
    export_limit_count: int = Field(default=30, ge=1)
    shared_export_limit_count: int = Field(default=30, ge=1)
    export_limit_window_seconds: int = Field(default=60, ge=1)
    # Rendered share-link files kept per worker process (LRU, MB); 0 keeps none.
    export_cache_mb: int = Field(default=32, ge=0, le=4096)

    # The weekly watch on a brief (issue 30, item 2): a watched idea is re-checked every
    # `watch_interval_days` (a fraction for tests: 0.0001 is about 9 s); a founder watches at
    # most `watch_limit` ideas; each worker looks for due checks every `watch_poll_seconds`.
    watch_interval_days: float = Field(default=7.0, gt=0)
    watch_limit: int = Field(default=3, ge=1)
    watch_poll_seconds: float = Field(default=60.0, gt=0)

    # News digest feeds (comma-separated RSS/Atom URLs)
    news_feed_urls: str = ""

    @field_validator("public_base_url", "ai_base_url", "stripe_api_base")
    @classmethod
    def _strip_trailing_slash(cls, value: str) -> str:
        return value.rstrip("/")

    @model_validator(mode="after")
    def _redis_store_needs_redis(self) -> Settings:
        if self.state_store == "redis" and not self.redis_url:
            raise ValueError("STATE_STORE=redis needs REDIS_URL")
        return self

    @property
    def cors_origins(self) -> list[str]:
        """The one origin allowed by CORS and the event socket: the public address.

        Never a wildcard: Reflex answers CORS with credentials allowed, and a wildcard with
        credentials lets any site read responses with the visitor's cookies. A loopback
        address also allows its other loopback spellings on the same port (a developer may
        open localhost or 127.0.0.1): only this machine can reach them."""
        parts = urlsplit(self.public_base_url)
        origin = f"{parts.scheme}://{parts.netloc}".lower()
        host = (parts.hostname or "").lower()
        if host not in _LOOPBACK:
            return [origin]
        port = f":{parts.port}" if parts.port else ""
        others = (name for raw, name in _LOOPBACK.items() if raw != host)
        return [origin] + [f"{parts.scheme}://{name}{port}" for name in others]

    def state_manager_mode(self, production: bool) -> Literal["memory", "disk", "redis"]:
        """The Reflex state manager for this deployment (see `state_store`)."""
        if self.state_store != "auto":
            return self.state_store
        if self.redis_url:
            return "redis"
        return "memory" if production else "disk"

    def state_lease_environment(self, mode: str) -> dict[str, str]:
        """Reflex's switches for the Redis store's lease (`state_lease_ms`); none otherwise."""
        if mode != "redis" or not self.state_lease_ms:
            return {}
        return {
            "REFLEX_OPLOCK_ENABLED": "true",
            "REFLEX_OPLOCK_HOLD_TIME": f"{self.state_lease_ms}ms",
        }

    @property
    def db_pool_size(self) -> int:
        """PostgreSQL connections per worker process: one for every thread that may use one."""
        return self.db_threads + self.export_threads + 2

    @property
    def stripe_enabled(self) -> bool:
        """Whether Stripe Checkout can be used (secret key and price set)."""
        return bool(self.stripe_secret_key and self.stripe_price_id)

    @property
    def effective_access_mode(self) -> Literal["open", "subscription"]:
        if self.access_mode is not None:
            return self.access_mode
        return "subscription" if self.stripe_enabled else "open"

    @property
    def ai_enabled(self) -> bool:
        """False means demo mode: built-in sample results, clearly labelled."""
        return bool(self.ai_api_key)

    @property
    def web_research_enabled(self) -> bool:
        """Whether the evidence-based tools research the web before answering."""
        if self.ai_web_research == "auto":
            return self.ai_model in RESEARCH_MODELS
        return self.ai_web_research == "on"

    @property
    def watch_interval(self) -> timedelta:
        return timedelta(days=self.watch_interval_days)

    @property
    def smtp_enabled(self) -> bool:
        return bool(self.smtp_host)

    @property
    def mail_sender(self) -> str:
        return self.smtp_from or self.contact_email

    @property
    def feed_urls(self) -> list[str]:
        return [u.strip() for u in self.news_feed_urls.split(",") if u.strip()]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings; tests call `get_settings.cache_clear()` after changing env."""
    return Settings()
