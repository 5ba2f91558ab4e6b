"""The app's AI provider in tests: the real `ChatProvider` on the settings (pointed at the fake
server), retrying without pauses, each call bounded as a test needs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from startup_toolkit.providers.ai import ChatProvider
from startup_toolkit.settings import Settings


async def no_sleep(_seconds: float) -> None:
    return None


def quick_provider(
    timeout: float | None = None, sleep: Callable[[float], Awaitable[None]] = no_sleep
) -> Callable[[Settings], ChatProvider]:
    """A `services.ai.make_provider`: retries at once (or through `sleep`), no jitter, each
    call bounded by `timeout` seconds (None: the provider's own timeout)."""

    def make(settings: Settings) -> ChatProvider:
        bounds = {"timeout": timeout} if timeout is not None else {}
        return ChatProvider(
            settings.ai_api_key,
            settings.ai_base_url,
            settings.ai_model,
            sleep=sleep,
            jitter=lambda: 0.0,
            max_in_flight=settings.ai_max_in_flight,
            **bounds,
        )

    return make
