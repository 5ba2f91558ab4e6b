"""Untrusted text (a model's answer, a founder's input) made fit for a `Report`: plain text
only, bounded, links kept only for http(s) addresses, and a Markdown-ish answer turned into
plain sections. Used by the report builders. Pure: no I/O."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from startup_toolkit.domain.report import Link, Section, Table

MAX_LINE = 600
MAX_PARAGRAPH = 6000
MAX_TEXT_SECTIONS = 80

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")
_HTTP_URL = re.compile(r"https?://[^\s<>\"'\[\]]+", re.IGNORECASE)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)(?:\s+\"[^\"]*\")?\)")
_MD_EMPHASIS = re.compile(r"\*\*|__|~~|`+")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def text(value: Any, limit: int = MAX_PARAGRAPH) -> str:
    """Plain text from any value (numbers as text), control characters dropped, line breaks
    kept, cut to `limit` characters."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int | float):
        value = f"{value:g}" if isinstance(value, float) else str(value)
    if not isinstance(value, str):
        return ""
    cleaned = _CONTROL.sub("", value.replace("\r\n", "\n").replace("\r", "\n")).strip()
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1].rstrip() + "…"


def line(value: Any, limit: int = MAX_LINE) -> str:
    """`text` on one line: every run of whitespace a single space; past `limit` characters
    cut at a word with an ellipsis, never inside one (issue 28, item 11)."""
    return clip(" ".join(text(value, limit * 2).split()), limit)


def clip(flat: str, limit: int) -> str:
    """`flat` (one line) in at most `limit` characters: as it is, or its first words and '…'
    (a first word longer than the line is cut, as nothing else would fit)."""
    if len(flat) <= limit:
        return flat
    head = flat[: limit - 1]
    if flat[limit - 1] != " " and " " in head:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,;:-") + "…"


def lines(values: Any, limit: int = MAX_LINE, most: int = 50) -> tuple[str, ...]:
    """The non-empty one-line texts of a list (strings, or objects read by `line`)."""
    if isinstance(values, str):
        values = [values]
    if not isinstance(values, list | tuple):
        return ()
    found = (line(v, limit) for v in values if not isinstance(v, Mapping | list))
    return tuple(v for v in found if v)[:most]


def is_http(url: Any) -> bool:
    return isinstance(url, str) and _HTTP_URL.fullmatch(url.strip()) is not None


def link(title: Any, url: Any = "") -> Link:
    """A source: its url kept only when it is one http(s) address."""
    address = url.strip() if is_http(url) else ""
    return Link(line(title, 300) or address, address)


def source_link(source: Any) -> Link | None:
    """A cited source given as text ("Publisher, 2024", or one with an address in it)."""
    plain = line(source, 400)
    if not plain:
        return None
    found = _HTTP_URL.search(plain)
    if found is None:
        return Link(plain)
    url = found.group(0).rstrip(".,;:")
    while url.endswith(")") and url.count(")") > url.count("("):
        url = url[:-1].rstrip(".,;:")
    found_end = found.start() + len(url)
    title = (plain[: found.start()] + plain[found_end:]).strip(" -\u2013\u2014:,;()")
    return link(title or url, url)


def table(headers: Iterable[str], rows: Iterable[Iterable[Any]]) -> Table | None:
    """A table of one-line cells; None when it has no rows."""
    head = tuple(headers)
    body = tuple(tuple(line(cell) for cell in row)[: len(head)] for row in rows)
    return Table(head, body) if body else None


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive times: they are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def date_text(moment: datetime) -> str:
    """'2024-11-25 14:05 UTC'."""
    return f"{aware(moment).astimezone(UTC):%Y-%m-%d %H:%M} UTC"


def short_date(moment: datetime) -> str:
    """'Nov 25, 14:05' (UTC): a series label in a chart."""
    when = aware(moment).astimezone(UTC)
    return f"{when:%b} {when.day}, {when:%H:%M}"


def millis(moment: datetime) -> int:
    return int(aware(moment).timestamp() * 1000)


def _inline(value: str) -> str:
    """A line of Markdown as plain text: links as 'title (address)', no emphasis markers."""

    def as_text(match: re.Match[str]) -> str:
        title, url = match.group(1).strip(), match.group(2).strip()
        if match.group(0).startswith("!"):
            return title
        return f"{title} ({url})" if is_http(url) and title and title != url else title or url

    return " ".join(_MD_EMPHASIS.sub("", _MD_LINK.sub(as_text, value)).split())


class _Sections:
    """Builds sections line by line, keeping the order of paragraphs and lists."""

    def __init__(self, heading: str) -> None:
        self.done: list[Section] = []
        self.heading = heading
        self.paragraphs: list[str] = []
        self.bullets: list[str] = []
        self.pending: list[str] = []  # the lines of the paragraph being read

    def close(self, next_heading: str = "") -> None:
        self.flush()
        if self.paragraphs or self.bullets or self.heading:
            self.done.append(Section(self.heading, tuple(self.paragraphs), tuple(self.bullets)))
        self.heading, self.paragraphs, self.bullets = next_heading, [], []

    def paragraph(self, value: str) -> None:
        if self.bullets:  # a paragraph after a list: a new section keeps them in order
            self.done.append(Section(self.heading, tuple(self.paragraphs), tuple(self.bullets)))
            self.heading, self.paragraphs, self.bullets = "", [], []
        self.paragraphs.append(value)

    def flush(self) -> None:
        if self.pending:
            self.paragraph(" ".join(self.pending))
            self.pending = []

    def bullet(self, value: str) -> None:
        self.flush()
        if value:
            self.bullets.append(value)


def text_sections(value: Any, heading: str = "", limit: int = 60_000) -> tuple[Section, ...]:
    """A Markdown-ish answer (a document, an article) as plain sections: '#' lines start a
    section, list items become bullets, code blocks stay one paragraph with its lines; the
    order of paragraphs and lists is kept (a paragraph after a list opens a section without
    a heading)."""
    out = _Sections(heading)
    code: list[str] | None = None
    for raw in text(value, limit).split("\n"):
        fence = _FENCE.match(raw) is not None
        if code is not None:
            if fence:
                out.paragraph("\n".join(code))
                code = None
            else:
                code.append(raw.rstrip())
        elif fence:
            out.flush()
            code = []
        elif match := _HEADING.match(raw):
            out.close(_inline(match.group(2))[:200])
        elif match := _BULLET.match(raw):
            out.bullet(_inline(match.group(1)))
        elif raw.strip():
            out.pending.append(_inline(raw))
        else:
            out.flush()
    if code:
        out.flush()
        out.paragraph("\n".join(code))
    out.close()
    return tuple(out.done[:MAX_TEXT_SECTIONS])
