"""The Co-Founder's chat view shows replies without model links (issue 27, item 8): the rendered
bubbles read the state's shown text, and the browser keeps no href of a reply's link."""

from __future__ import annotations

from startup_toolkit.components.markdown import allowed_urls_transform, safe_markdown
from startup_toolkit.pages.cofounder.view_chat import chat_window


def test_the_chat_renders_the_shown_text_with_no_link_allowed() -> None:
    """Issue 27, item 8: the bubbles come from `shown_messages` and the stream's shown text
    (links as text and site), and both Markdown blocks keep no href (the Co-Founder reads no
    pages)."""
    js = str(chat_window())
    assert "shown_messages_rx_state_" in js and 'stream_rx_state_?.["text"]' in js
    assert js.count("urlTransform:" + str(allowed_urls_transform(()))) == 2
    assert "[].includes(u)" in str(allowed_urls_transform(()))


def test_other_markdown_keeps_http_links_and_a_list_keeps_only_its_own() -> None:
    """Issue 27, item 8: a resource's Markdown still links any http(s) address; a list of
    addresses allows exactly those (as JSON, so an address cannot break out of the script)."""
    assert "[].includes" not in str(safe_markdown("x"))
    transform = str(allowed_urls_transform(['https://a.test/"]);alert(1)//']))
    assert '["https://a.test/\\"]);alert(1)//"].includes(u)' in transform
