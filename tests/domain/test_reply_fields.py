"""The lenient field types of the tool reply models (T-FUND-1, T-GROW-1: a reply is read as
leniently as before the field types replaced per-field validators)."""

from __future__ import annotations

from startup_toolkit.domain.reply_fields import ScoreOr0, ScoreOr50, Text120
from startup_toolkit.domain.reply_values import Lenient


class _Reply(Lenient):
    name: Text120 = ""
    step: ScoreOr0 = 0
    potential: ScoreOr50 = 50


def test_text_is_plain_single_spaced_and_cut() -> None:
    reply = _Reply.model_validate({"name": "  a\n b  " + "x" * 200})
    assert reply.name.startswith("a b x")
    assert len(reply.name) == 120 and reply.name.endswith("…")
    assert _Reply.model_validate({"name": 42}).name == "42"
    assert _Reply.model_validate({"name": None}).name == ""


def test_scores_are_clamped_with_their_own_default() -> None:
    assert _Reply.model_validate({"step": "72%", "potential": 140}).step == 72
    assert _Reply.model_validate({"potential": 140}).potential == 100
    odd = _Reply.model_validate({"step": "soon", "potential": "n/a"})
    assert (odd.step, odd.potential) == (0, 50)


def test_json_schema_stays_the_plain_types() -> None:
    props = _Reply.model_json_schema()["properties"]
    assert props["name"]["type"] == "string"
    assert props["step"]["type"] == props["potential"]["type"] == "integer"
