"""Settings: the app starts with nothing set, and derived flags follow what is configured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from startup_toolkit.settings import Settings, get_settings


def fresh(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_embedded_defaults_need_no_configuration(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.delenv("DATABASE_URL", raising=False)
    s = fresh(settings_env)
    assert s.database_url == "sqlite:///unstuck.db"
    assert s.product_name == "Unstuck"
    assert s.effective_access_mode == "open"
    assert s.ai_enabled is False  # demo mode
    assert s.smtp_enabled is False
    assert s.stripe_enabled is False
    assert s.ai_model == "openai/gpt-oss-120b"
    assert (s.contact_limit_count, s.contact_limit_window_seconds) == (5, 600)


def test_access_mode_is_subscription_only_when_stripe_is_configured(
    settings_env: pytest.MonkeyPatch,
) -> None:
    assert fresh(settings_env, STRIPE_SECRET_KEY="sk_test_x").effective_access_mode == "open"
    s = fresh(settings_env, STRIPE_SECRET_KEY="sk_test_x", STRIPE_PRICE_ID="price_1")
    assert s.effective_access_mode == "subscription"
    assert fresh(settings_env, ACCESS_MODE="open").effective_access_mode == "open"


def test_ai_key_accepts_the_groq_name(settings_env: pytest.MonkeyPatch) -> None:
    s = fresh(settings_env, GROQ_API_KEY="gsk_1", AI_BASE_URL="http://127.0.0.1:9999/")
    assert s.ai_enabled and s.ai_api_key == "gsk_1"
    assert s.ai_base_url == "http://127.0.0.1:9999"


def test_feed_urls_and_mail_sender(settings_env: pytest.MonkeyPatch) -> None:
    s = fresh(
        settings_env, NEWS_FEED_URLS=" http://a/rss , ,http://b/atom", CONTACT_EMAIL="team@x.io"
    )
    assert s.feed_urls == ["http://a/rss", "http://b/atom"]
    assert s.mail_sender == "team@x.io"
    assert fresh(settings_env, SMTP_FROM="noreply@x.io").mail_sender == "noreply@x.io"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("SMTP_PORT", "0"),
        ("SMTP_PORT", "notanumber"),
        ("ACCESS_MODE", "free"),
        ("SMTP_SECURITY", "tls13"),
    ],
)
def test_bad_values_are_refused_clearly(
    settings_env: pytest.MonkeyPatch, name: str, value: str
) -> None:
    with pytest.raises(ValidationError, match=name.lower()):
        fresh(settings_env, **{name: value})


def test_dotenv_file_is_read(settings_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings_env.chdir(tmp_path)
    (tmp_path / ".env").write_text("PRODUCT_NAME=Acme\nCHECKOUT_URL=https://pay.example/x\n")
    get_settings.cache_clear()
    s = get_settings()
    assert (s.product_name, s.checkout_url) == ("Acme", "https://pay.example/x")


def test_every_setting_is_documented() -> None:
    root = Path(__file__).resolve().parent.parent
    example = (root / ".env.example").read_text()
    readme = (root / "README.md").read_text()
    for name in Settings.model_fields:
        env_name = name.upper()
        assert f"{env_name}=" in example, f"{env_name} missing from .env.example"
        assert env_name in readme, f"{env_name} missing from README.md"


def test_empty_values_mean_unset(settings_env: pytest.MonkeyPatch) -> None:
    s = fresh(settings_env, ACCESS_MODE="", SMTP_PORT="", AI_API_KEY="")
    assert (s.access_mode, s.smtp_port, s.ai_enabled) == (None, 587, False)


def test_env_example_loads_as_is(settings_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    for name in list(Settings.model_fields):
        settings_env.delenv(name.upper(), raising=False)
    s = Settings(_env_file=root / ".env.example")  # type: ignore[call-arg]
    assert s.effective_access_mode == "open" and not s.ai_enabled and not s.smtp_enabled


def test_cors_is_the_public_origin_and_never_a_wildcard(
    settings_env: pytest.MonkeyPatch,
) -> None:
    """Issue 13, finding 7: Reflex allows credentials, so the origin list is never `*`, not
    even on a local machine."""
    assert fresh(settings_env).cors_origins == [
        "http://localhost:3000",
        "http://127.0.0.1:3000",
        "http://[::1]:3000",
    ]
    assert fresh(settings_env, PUBLIC_BASE_URL="http://127.0.0.1:8123").cors_origins == [
        "http://127.0.0.1:8123",
        "http://localhost:8123",
        "http://[::1]:8123",
    ]
    assert fresh(settings_env, PUBLIC_BASE_URL="https://app.unstuck.io/").cors_origins == [
        "https://app.unstuck.io"
    ]
    assert fresh(settings_env, PUBLIC_BASE_URL="https://App.Unstuck.io/app").cors_origins == [
        "https://app.unstuck.io"
    ]


def test_state_store_follows_the_deployment(settings_env: pytest.MonkeyPatch) -> None:
    """Memory for the one-worker production default (no disk scans), disk under `reflex run`
    (a hot reload keeps the tabs), Redis as soon as REDIS_URL is set; an explicit choice wins."""
    embedded = fresh(settings_env)
    assert embedded.state_manager_mode(production=True) == "memory"
    assert embedded.state_manager_mode(production=False) == "disk"
    assert embedded.state_expiry_seconds == 3600
    shared = fresh(settings_env, REDIS_URL="redis://127.0.0.1:6379/0")
    assert shared.state_manager_mode(production=True) == "redis"
    assert shared.state_manager_mode(production=False) == "redis"
    pinned = fresh(settings_env, STATE_STORE="disk", REDIS_URL="redis://127.0.0.1:6379/0")
    assert pinned.state_manager_mode(production=True) == "disk"


def test_a_redis_state_store_without_redis_is_refused(settings_env: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValidationError, match="STATE_STORE=redis needs REDIS_URL"):
        fresh(settings_env, STATE_STORE="redis")
    with pytest.raises(ValidationError):
        fresh(settings_env, STATE_EXPIRY_SECONDS="5")


def test_reflex_config_uses_the_chosen_store() -> None:
    """rxconfig hands the choice to Reflex: the production build serves tabs from memory."""
    made = {mode: _state_manager_in_a_worker({}, mode).split()[0] for mode in ("prod", "dev")}
    assert made == {"prod": "StateManagerMemory", "dev": "StateManagerDisk"}


def _state_manager_in_a_worker(env: dict[str, str], mode: str = "prod") -> str:
    """What Reflex makes as a worker's state manager with `env` (in `mode`): its class,
    whether it holds tabs opportunistically and for how long (ms)."""
    root = Path(__file__).resolve().parent.parent
    probe = (
        "from reflex.istate.manager import StateManager;m = StateManager.create();"
        "print(type(m).__name__, getattr(m, '_oplock_enabled', None), "
        "getattr(m, 'oplock_hold_time_ms', None))"
    )
    base = {k: v for k, v in os.environ.items() if not k.startswith(("REDIS_", "STATE_"))}
    base = {k: v for k, v in base.items() if not k.startswith("REFLEX_OPLOCK")}
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=root,
        env={**base, "REFLEX_ENV_MODE": mode, "PYTHONPATH": str(root), **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def test_a_worker_keeps_its_tabs_in_redis_for_the_lease() -> None:
    """Issue 12: with Redis, a worker holds a tab's state between its events (Reflex's
    opportunistic lock) for STATE_LEASE_MS, instead of a Redis round trip of the whole state
    at each event; 0 turns it off. Without Redis there is nothing to lease."""
    redis_url = os.environ.get("TEST_REDIS_URL")
    if not redis_url:
        pytest.skip("TEST_REDIS_URL is needed to make a Redis state manager")
    assert _state_manager_in_a_worker({"REDIS_URL": redis_url}) == "StateManagerRedis True 1000"
    leased = _state_manager_in_a_worker({"REDIS_URL": redis_url, "STATE_LEASE_MS": "2500"})
    assert leased == "StateManagerRedis True 2500"
    off = _state_manager_in_a_worker({"REDIS_URL": redis_url, "STATE_LEASE_MS": "0"})
    assert off.startswith("StateManagerRedis False")
    assert _state_manager_in_a_worker({}).startswith("StateManagerMemory")


def test_the_lease_stays_below_reflexs_lock_expiry(settings_env: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValidationError):
        fresh(settings_env, STATE_LEASE_MS="10000")
    with pytest.raises(ValidationError):
        fresh(settings_env, STATE_LEASE_MS="-1")
