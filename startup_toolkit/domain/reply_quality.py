"""The quality gate a tool's JSON reply passes before anything is shown (issue 15, item 7).
Pure: no I/O.

A reply that parses and fits the tool's schema can still be no result: a small model may echo
the prompt's template placeholders ("<two sentences: the verdict and the main reason>"), leave
sections at their defaults, or give scores its own text contradicts. Each finding is one short
sentence naming the problem; the AI service asks the model once more with them, and a reply
that still has any is the tool's parse failure.

- `template_placeholders(prompt)`: the `<...>` placeholders of a prompt's template (fence tags
  such as `<idea>` ... `</idea>`, and the founder's text inside them, are not placeholders).
- `echoed_placeholders(reply, placeholders)`: the reply's texts that are such placeholders.
- `Section` / `empty_sections`: a tool's required sections, and those left empty or at their
  default; more than `MAX_EMPTY_SECTIONS` of them is a problem (`sections_problem`).
- `score_text_contradiction` / `overall_contradiction`: the few explicit rules for scores
  that contradict the reply's own text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

#: One section left empty is tolerated (the tool shows its default); two or more are not.
MAX_EMPTY_SECTIONS = 1
#: A score this high is "solid" on the prompts' anchors; its text must not call it very weak.
HIGH_SCORE = 70
#: A score below this is "not viable"; its text must not call it exceptional.
LOW_SCORE = 40
#: The model's own overall may differ this much from the average of its category scores.
OVERALL_GAP = 30
#: Verdict phrases that cannot describe a high score, and those that cannot describe a low one.
NEGATIVE_PHRASES: tuple[str, ...] = (
    "very weak",
    "extremely weak",
    "very poor",
    "not viable",
    "unviable",
    "no real demand",
    "very high risk",
)
POSITIVE_PHRASES: tuple[str, ...] = (
    "very strong",
    "exceptional",
    "excellent",
    "outstanding",
)
#: A sentence about the competition may call *them* very strong (a low Market Competition
#: score) or very weak (a high one): such sentences are not read as the verdict.
_OTHERS = re.compile(r"\b(competitor|competition|incumbent|rival|alternative)s?\b", re.I)
_PLACEHOLDER = re.compile(r"<([^<>\n]{1,200})>")
_WHOLE_PLACEHOLDER = re.compile(r"^<[^<>]{1,200}>$")
_FENCE = re.compile(r"<(\w+)>.*?</\1>", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
_MAX_SHOWN = 80


def _squash(text: str) -> str:
    return " ".join(text.split()).lower()


def template_placeholders(prompt: str) -> frozenset[str]:
    """The `<...>` placeholders of `prompt` (lower-cased, single-spaced). A tag that is also
    closed in the prompt (`<idea>` ... `</idea>`) is a fence, not a placeholder, and what it
    encloses is the founder's text: neither counts."""
    fences = {m.group(1).lower() for m in re.finditer(r"</(\w+)>", prompt)}
    outside = _FENCE.sub(" ", prompt)
    found = set()
    for match in _PLACEHOLDER.finditer(outside):
        inner = match.group(1).strip()
        if inner.startswith("/") or inner.lower() in fences:
            continue
        found.add(_squash(match.group(0)))
    return frozenset(found)


def reply_texts(value: Any) -> Iterator[str]:
    """Every text in a parsed reply (nested objects and lists included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from reply_texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from reply_texts(item)


def echoed_placeholders(reply: Any, placeholders: Iterable[str] = ()) -> list[str]:
    """The texts of `reply` that echo a template placeholder: one holding a placeholder of the
    prompt, or one that is nothing but `<...>`. In reply order, without repeats."""
    wanted = tuple(placeholders)
    echoed: list[str] = []
    for text in reply_texts(reply):
        squashed = _squash(text)
        if not squashed:
            continue
        if _WHOLE_PLACEHOLDER.match(squashed) or any(p in squashed for p in wanted):
            shown = " ".join(text.split())[:_MAX_SHOWN]
            if shown not in echoed:
                echoed.append(shown)
    return echoed


def echo_problem(echoed: Sequence[str]) -> str | None:
    """The sentence for a reply that echoes placeholders (None when it does not)."""
    if not echoed:
        return None
    quoted = ", ".join(f'"{text}"' for text in echoed[:3])
    return (
        f"it copies the template's placeholders instead of answering ({quoted}); "
        "replace every <...> with real content"
    )


# --- Required sections ---------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A part of a reply the tool needs: its name as the prompt calls it, how to read it from
    the validated reply, and the values that mean the reply left it at its default."""

    name: str
    read: Callable[[Any], Any]
    defaults: tuple[Any, ...] = ()


def is_empty(value: Any, defaults: Sequence[Any] = ()) -> bool:
    """No content: None, blank text, an empty list or object, or one of `defaults`."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip() or value.strip() in defaults
    if isinstance(value, list | tuple | dict | set | frozenset):
        return not value
    return value in defaults


def empty_sections(reply: Any, sections: Iterable[Section]) -> list[str]:
    """The names of the `sections` that `reply` left empty or at their default."""
    return [s.name for s in sections if is_empty(s.read(reply), s.defaults)]


def sections_problem(empty: Sequence[str]) -> str | None:
    """The sentence for more than `MAX_EMPTY_SECTIONS` empty sections (None otherwise)."""
    if len(empty) <= MAX_EMPTY_SECTIONS:
        return None
    return f"these required sections are empty or left at their default: {', '.join(empty)}"


def section_problems(reply: Any, sections: Iterable[Section]) -> list[str]:
    """A tool's quality gate on its required sections: the one sentence when too many are
    empty (none otherwise)."""
    problem = sections_problem(empty_sections(reply, sections))
    return [problem] if problem else []


# --- Scores that contradict the text ---------------------------------------------------------


def _verdict_sentences(text: str) -> list[str]:
    """The sentences of `text` that are about the idea (not about its competitors)."""
    sentences = _SENTENCE_END.split(" ".join(text.split()).lower())
    return [s for s in sentences if s and not _OTHERS.search(s)]


def _phrase_in(text: str, phrases: Sequence[str]) -> str | None:
    for sentence in _verdict_sentences(text):
        for phrase in phrases:
            if re.search(rf"\b{re.escape(phrase)}\b", sentence):
                return phrase
    return None


def score_text_contradiction(name: str, score: int, text: str) -> str | None:
    """`name` scored `HIGH_SCORE`+ while its text says e.g. "very weak", or below `LOW_SCORE`
    while its text says e.g. "excellent" (sentences about competitors are not counted)."""
    if score >= HIGH_SCORE and (phrase := _phrase_in(text, NEGATIVE_PHRASES)):
        return f'{name} is scored {score} but its assessment calls it "{phrase}"'
    if score < LOW_SCORE and (phrase := _phrase_in(text, POSITIVE_PHRASES)):
        return f'{name} is scored {score} but its assessment calls it "{phrase}"'
    return None


def overall_contradiction(overall: int | None, scores: Sequence[int]) -> str | None:
    """The model's overall score more than `OVERALL_GAP` points from the average of its own
    category scores (e.g. 0 beside categories of 60 and more)."""
    if overall is None or not scores:
        return None
    average = fmean(scores)
    if abs(overall - average) <= OVERALL_GAP:
        return None
    return f"overallScore is {overall} while the category scores average {round(average)}"
