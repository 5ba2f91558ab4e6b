"""Links in a model's reply: a link only to a page the research step read, any other one as its
text and its site (issue 27, item 8)."""

from __future__ import annotations

import time

import pytest

from startup_toolkit.domain import cofounder as chat
from startup_toolkit.domain.model_links import (
    keeps_link,
    link_site,
    plain_link,
    unlinked_markdown,
)

READ = ("https://www.example.com/pricing/", "https://research.example.org/report?id=7")


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("https://example.com/pricing", True),  # as read, up to www. and the trailing slash
        ("http://EXAMPLE.com/pricing#plans", True),
        ("https://research.example.org/report?id=7&utm_source=x", True),
        ("https://example.com/pricing/evil", False),
        ("https://example.com.evil.test/pricing", False),
        ("https://evil.test/?u=https://example.com/pricing", False),
        ("javascript:alert(1)", False),
        ("/pricing", False),
        ("", False),
    ],
)
def test_a_link_stays_only_to_a_page_read(url: str, kept: bool) -> None:
    """Issue 27, item 8: the decision, on the research step's pages read."""
    assert keeps_link(url, READ) is kept
    assert keeps_link(url, ()) is False  # no research: no link at all


@pytest.mark.parametrize(
    ("url", "site"),
    [
        ("https://example.com/pricing", "example.com"),
        ("HTTPS://Docs.Example.ORG:8443/a", "docs.example.org:8443"),
        ("https://user:pw@evil.test/login", "evil.test"),
        ("https://[::1]:8080/x", "[::1]:8080"),
        ("javascript:alert(1)", ""),
        ("mailto:a@b.c", ""),
        ("/local", ""),
        ("https://", ""),
    ],
)
def test_the_site_a_link_points_at(url: str, site: str) -> None:
    """Issue 27, item 8: the site shown beside a link's text (its host, never the text's)."""
    assert link_site(url) == site


def test_a_refused_link_is_its_text_and_its_site() -> None:
    """Issue 27, item 8: "the guide (example.com)"; a site is escaped so Markdown shows it as
    written; a link with no site (another scheme) is only its text."""
    assert plain_link("the guide", "https://example.com/pricing") == "the guide (example.com)"
    assert plain_link("x", "https://ev*il_.test/") == "x (ev\\*il\\_.test)"
    assert plain_link("this", "javascript:alert(1)") == "this"


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        (
            "- Read [the guide](https://example.com/pricing) and [this](javascript:alert(1))",
            "- Read the guide (example.com) and this",
        ),
        ('[**Bold** text](https://a.test/x "a title")', "**Bold** text (a.test)"),
        ("[t](<https://a.test/with space>)", "t (a.test)"),
        ("[https://bank.test](https://evil.test/login)", "https://bank.test (evil.test)"),
        ("[[inner](https://evil.test)](https://b.test)", "inner (evil.test) (b.test)"),
        ("[see [x](https://evil.test)]", "[see x (evil.test)]"),
        (
            "Read [the docs][d].\n\n[d]: https://docs.example.org/a",
            "Read the docs (docs.example.org).\n\n[d]: https://docs.example.org/a",
        ),
        (
            "Read [Docs] and [Docs][].\n\n[docs]: <https://docs.example.org/a> 'T'",
            "Read Docs (docs.example.org) and Docs (docs.example.org).\n\n"
            "[docs]: <https://docs.example.org/a> 'T'",
        ),
        # Not links: citations without a definition, images (never shown), code.
        ("Sources [1] and [2].", "Sources [1] and [2]."),
        ("![x](https://a.test/x.png)", "![x](https://a.test/x.png)"),
        ("`[c](https://c.test)` and [d](https://d.test)", "`[c](https://c.test)` and d (d.test)"),
        ("```\n[a](https://a.test)\n```\n", "```\n[a](https://a.test)\n```\n"),
        # A bare address shows its site as its own text (the browser gives it no href).
        ("Go to https://evil.test/login", "Go to https://evil.test/login"),
        ("", ""),
    ],
)
def test_every_link_not_read_becomes_text_and_site(reply: str, shown: str) -> None:
    """Issue 27, item 8: inline, titled, nested and reference links alike."""
    assert unlinked_markdown(reply) == shown


def test_a_link_to_a_page_read_stays() -> None:
    """Issue 27, item 8: the research step's pages stay links, as the model wrote them."""
    reply = "See [pricing](https://example.com/pricing) and [x](https://evil.test/)."
    assert unlinked_markdown(reply, READ) == (
        "See [pricing](https://example.com/pricing) and x (evil.test)."
    )


def test_hostile_text_is_rewritten_quickly() -> None:
    """Issue 27, item 8: a reply as long as one may be (made of brackets and backticks)
    is rewritten in well under a second, as every streamed update is."""
    for text in ("[" * 20_000, "[a" * 10_000, "[a](" * 5_000, "`a" * 10_000, "[x](" * 5_000):
        started = time.perf_counter()
        unlinked_markdown(text[: chat.MAX_REPLY_CHARS])
        assert time.perf_counter() - started < 1


def test_the_cofounder_shows_replies_without_links() -> None:
    """Issue 27, item 8: the Co-Founder does no research, so no link of a reply stays a link;
    the founder's own messages are shown as typed."""
    assert chat.PAGES_READ == ()
    messages = [
        chat.message("user", "Is [my site](https://mine.test) ok?"),
        chat.message("assistant", "Read [the guide](https://example.com/pricing).", chat.STOPPED),
    ]
    assert chat.shown_messages(messages) == [
        chat.message("user", "Is [my site](https://mine.test) ok?"),
        chat.message("assistant", "Read the guide (example.com).", chat.STOPPED),
    ]
    assert messages[1]["content"] == "Read [the guide](https://example.com/pricing)."
    assert chat.shown_reply("[a](https://a.test") == "[a](https://a.test"  # still streaming
