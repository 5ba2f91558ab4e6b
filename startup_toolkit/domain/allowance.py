"""The founder's daily AI allowance as shown (issue 14, item 9): tokens used and left today, the
share used, a warning from 80 %, the message once it is spent, and when it resets (00:00 UTC,
the day `services/ai_usage` counts in). No I/O."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

WARN_PERCENT = 80

#: Levels of the bar (its colour and text).
OK = "ok"
WARNING = "warning"
SPENT = "spent"
#: No bar: what applies instead.
UNLIMITED = "unlimited"
DEMO = "demo"

TITLE = "Today's AI allowance"
SPENT_TEXT = "You have used all of today's AI allowance. The AI tools work again when it resets."
UNLIMITED_TEXT = "This server sets no daily AI limit: your AI use today is not capped."
DEMO_TEXT = (
    "Demo mode: the tools show built-in sample results, which use none of your AI allowance."
)


def next_reset(now: datetime) -> datetime:
    """The next 00:00 UTC after `now`."""
    now = now.astimezone(UTC)
    start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return start + timedelta(days=1)


def reset_text(now: datetime) -> str:
    """'Resets at 00:00 UTC, in 5 h' ('in 5 h 20 min' below 10 h, 'in 12 min' below 1 h)."""
    left = next_reset(now) - now.astimezone(UTC)
    minutes = max(1, -(-int(left.total_seconds()) // 60))  # rounded up: never 'in 0 min'
    hours, rest = divmod(minutes, 60)
    if hours == 0:
        when = f"{rest} min"
    elif hours >= 10 or rest == 0:
        when = f"{hours} h"
    else:
        when = f"{hours} h {rest} min"
    return f"Resets at 00:00 UTC, in {when}"


def tokens(n: int) -> str:
    """12,345 tokens (1 token)."""
    return f"{n:,} token" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Allowance:
    """Today's allowance of one founder: `limit` 0 with level UNLIMITED or DEMO means no bar."""

    level: str
    used: int = 0
    limit: int = 0
    reset: str = ""

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)

    @property
    def percent(self) -> int:
        """The share used, 0 to 100 (rounded down, so 100 means really spent)."""
        if self.limit <= 0:
            return 0
        return min(100, self.used * 100 // self.limit)

    @property
    def has_bar(self) -> bool:
        return self.level in (OK, WARNING, SPENT)

    @property
    def usage_text(self) -> str:
        """'12,340 of 200,000 tokens used today, 187,660 left'."""
        if not self.has_bar:
            return ""
        return f"{self.used:,} of {tokens(self.limit)} used today, {self.remaining:,} left"

    @property
    def message(self) -> str:
        """The warning, the spent message, or what applies instead of a bar ('' when fine)."""
        if self.level == WARNING:
            return f"You have used {self.percent} % of today's AI allowance"
        return {SPENT: SPENT_TEXT, UNLIMITED: UNLIMITED_TEXT, DEMO: DEMO_TEXT}.get(self.level, "")


def allowance(used: int, limit: int, now: datetime, *, ai_enabled: bool = True) -> Allowance:
    """The allowance of a founder who used `used` tokens today of a daily `limit` (0: none)."""
    if not ai_enabled:
        return Allowance(DEMO)
    if limit <= 0:
        return Allowance(UNLIMITED)
    used = max(0, int(used))
    percent = min(100, used * 100 // limit)
    level = SPENT if used >= limit else WARNING if percent >= WARN_PERCENT else OK
    return Allowance(level, used, limit, reset_text(now))
