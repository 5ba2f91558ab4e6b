"""What a brief may cost of the founder's daily AI allowance (issue 30), said before it starts,
and the refusal when it does not fit. The ceiling itself (the most tokens its four runs can
hold) is worked out by `services/ai.json_run_ceiling`. Pure: no I/O."""

from __future__ import annotations

from dataclasses import dataclass

from startup_toolkit.domain import allowance as rules
from startup_toolkit.domain.allowance import Allowance

REFUSED_TITLE = "Not enough AI allowance left today for a brief"


@dataclass(frozen=True)
class BudgetNote:
    """Whether a brief fits today's allowance, what the page says before it starts, and the
    refusal when it does not fit ('' when it does)."""

    fits: bool
    ceiling: int
    text: str
    refusal: str = ""


def budget_note(now: Allowance, ceiling: int, parts: int) -> BudgetNote:
    """A brief of `parts` AI runs that can hold at most `ceiling` tokens, against the founder's
    allowance `now`."""
    runs = f"{parts} AI analyses at once"
    if now.level == rules.DEMO:
        text = "Demo mode: a brief shows each tool's sample and uses none of your AI allowance."
        return BudgetNote(True, 0, text)
    most = f"at most {ceiling:,} tokens (usually far fewer are spent)"
    if now.level == rules.UNLIMITED:
        text = f"A brief runs {runs} and uses {most}. {rules.UNLIMITED_TEXT}"
        return BudgetNote(True, ceiling, text)
    left = f"{now.remaining:,} of {rules.tokens(now.limit)} left today"
    text = f"A brief runs {runs} and holds {most} of your daily AI allowance: {left}."
    if ceiling <= now.remaining:
        return BudgetNote(True, ceiling, text)
    refusal = (
        f"A brief may need up to {ceiling:,} tokens and {now.remaining:,} are left of today's "
        f"allowance, so it was not started. {now.reset}."
    )
    return BudgetNote(False, ceiling, text, refusal)
