"""Field types of the tool reply models (scanner, incubator, funding, growth): a lenient value
read by `reply_values` before pydantic checks it, so a model declares `name: Text120` instead
of writing one `field_validator` per field. Pure: no I/O."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator

from startup_toolkit.domain.reply_values import clamp_score, plain_text


def _text(limit: int) -> BeforeValidator:
    def read(value: Any) -> str:
        return plain_text(value, limit)

    return BeforeValidator(read)


def _score(default: int) -> BeforeValidator:
    def read(value: Any) -> int:
        return clamp_score(value, default)

    return BeforeValidator(read)


#: Plain single-spaced text, cut to 120 / 200 / 400 / 600 / 3000 characters.
Text120 = Annotated[str, _text(120)]
Text200 = Annotated[str, _text(200)]
Text400 = Annotated[str, _text(400)]
Text600 = Annotated[str, _text(600)]
Text3000 = Annotated[str, _text(3000)]
#: A 0-100 score; 0 when the reply has none that can be read.
ScoreOr0 = Annotated[int, _score(0)]
#: A 0-100 score; 50 when the reply has none that can be read.
ScoreOr50 = Annotated[int, _score(50)]
