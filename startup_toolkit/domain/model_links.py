"""Links in a model's Markdown reply (issue 27, item 8). Pure: no I/O.

A page the model read while researching may have told it to write a link (prompt injection),
so a link in a reply stays a link only when its address is one of the pages the research step
read for that reply (compared after `research.normalize_url`). Any other link, written
`[text](url)` or by reference (`[text][ref]` with `[ref]: url`), becomes its text followed by
its site in parentheses: "the guide (example.com)", so the founder sees where it pointed and
cannot click it. Code spans and fenced code are left as they are (nothing in them is a link).

This is what the founder sees; the browser holds a second line (`components/markdown.py`):
only the allowed addresses keep an `href` at all, so a link this rewrite misses is no link
either, and a bare address (`https://...`, `<https://...>`) shows its site as its own text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from startup_toolkit.domain.research import normalize_url
from startup_toolkit.domain.urls import http_url_or_empty

#: Rewrites of nested brackets (a link inside a link's text) until nothing changes.
MAX_ROUNDS = 8

_LABEL = r"(?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*"
_DEST = r"<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))+"
_TITLE = r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)"
_CODE = r"(?P<fence>^ {0,3}(?P<mark>`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}(?P=mark)[`~]*[ \t]*$)"
_CODE += r"|(?P<span>(?P<ticks>`+)[\s\S]*?(?<!`)(?P=ticks)(?!`))"
_INLINE = rf"(?P<inline>(?<![!\\])\[(?P<text>{_LABEL})\]"
_INLINE += rf"\(\s*(?P<dest>{_DEST})(?:\s+(?:{_TITLE}))?\s*\))"
_REFERENCE = rf"(?P<ref>(?<![!\\\]])\[(?P<rtext>{_LABEL})\](?:\[(?P<rname>{_LABEL})\])?(?![(:]))"
_PATTERN = re.compile(f"{_CODE}|{_INLINE}|{_REFERENCE}", re.MULTILINE)
_DEFINITION = re.compile(
    rf"^ {{0,3}}\[(?P<name>{_LABEL})\]:[ \t]*\n?[ \t]*(?P<dest>{_DEST})", re.MULTILINE
)
_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()<>#+!|~])")


def _label_key(label: str) -> str:
    """How Markdown matches a reference to its definition: case and spacing ignored."""
    return " ".join(label.split()).casefold()


def _destination(raw: str) -> str:
    raw = raw.strip()
    if raw.startswith("<") and raw.endswith(">"):
        raw = raw[1:-1]
    return re.sub(r"\\(.)", r"\1", raw)


def link_site(url: str) -> str:
    """The site an http(s) address points at ('example.com', with its port if any), '' for
    anything else (a script URL, a path, a mail address)."""
    try:
        parts = urlsplit(url.strip() if isinstance(url, str) else "")
        host, port = (parts.hostname or "").lower(), parts.port
    except ValueError:
        return ""
    if parts.scheme.lower() not in ("http", "https") or not host:
        return ""
    if ":" in host:
        host = f"[{host}]"
    return f"{host}:{port}" if port is not None else host


def keeps_link(url: str, pages_read: Iterable[str]) -> bool:
    """Whether a link to `url` in a reply stays a link: it is an http(s) address and one of
    the pages the research step read for that reply."""
    if not http_url_or_empty(url):
        return False
    wanted = normalize_url(url)
    return bool(wanted) and any(normalize_url(page) == wanted for page in pages_read)


def plain_link(text: str, url: str) -> str:
    """A refused link as Markdown text: its text, then its site in parentheses (escaped, so
    the site is shown as written)."""
    site = _MARKDOWN_PUNCTUATION.sub(r"\\\1", link_site(url))
    return f"{text} ({site})" if site else text


def _with_label(match: re.Match[str], group: str, label: str) -> str:
    """The matched text with its `group` replaced by `label`."""
    start, end = match.span(group)
    base = match.start()
    return match[0][: start - base] + label + match[0][end - base :]


def unlinked_markdown(markdown: str, pages_read: Iterable[str] = ()) -> str:
    """`markdown` with every link that `keeps_link` refuses turned into `plain_link` text."""
    if not isinstance(markdown, str):
        return ""
    if "[" not in markdown:
        return markdown
    definitions: dict[str, str] = {}
    for match in _DEFINITION.finditer(markdown):
        definitions.setdefault(_label_key(match["name"]), _destination(match["dest"]))
    shown = markdown
    for _ in range(MAX_ROUNDS):
        rewritten = _unlink(shown, tuple(pages_read), definitions)
        if rewritten == shown:
            break
        shown = rewritten
    return shown


def _unlink(markdown: str, pages: tuple[str, ...], definitions: dict[str, str]) -> str:
    def rewrite(match: re.Match[str]) -> str:
        if match["fence"] is not None or match["span"] is not None:
            return match[0]
        label = "text" if match["inline"] is not None else "rtext"
        text = _unlink(match[label], pages, definitions)  # a link inside a link's text
        if match["inline"] is not None:
            url = _destination(match["dest"])
        else:
            name = _label_key(match["rname"] or match["rtext"])
            if name not in definitions:  # brackets that are no reference: only its text
                return _with_label(match, label, text)
            url = definitions[name]
        return _with_label(match, label, text) if keeps_link(url, pages) else plain_link(text, url)

    return _PATTERN.sub(rewrite, markdown)
