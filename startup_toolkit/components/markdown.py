"""Markdown from a model or a resource, rendered safely: GFM tables and lists, no HTML, no
images, links only http(s) and opened in a new tab; a model's chat reply keeps only the links
it is allowed (issue 27, item 8: `link_urls`, see `domain/model_links.py`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import reflex as rx

#: react-markdown's urlTransform: anything but an http(s) address becomes no link at all.
_SAFE_URL = rx.Var(
    _js_expr="((url) => (/^https?:\\/\\//i.test(String(url || '').trim()) ? url : null))"
)


def _link(text: Any, **props: Any) -> rx.Component:
    return rx.link(
        text,
        is_external=True,
        rel="noopener noreferrer nofollow",
        color_scheme="violet",
        underline="always",
        **props,
    )


def allowed_urls_transform(link_urls: Sequence[str]) -> rx.Var:
    """react-markdown's urlTransform keeping only the http(s) addresses in `link_urls`, as
    written: any other link loses its href (it is no link, and the page shows it as text)."""
    allowed = json.dumps([u for u in link_urls if isinstance(u, str)])
    return rx.Var(
        _js_expr=(
            "((url) => { const u = String(url || '').trim();"
            f" return /^https?:\\/\\//i.test(u) && {allowed}.includes(u) ? u : null; }})"
        )
    )


def safe_markdown(source: Any, link_urls: Sequence[str] | None = None) -> rx.Component:
    """`source` rendered safely; with `link_urls`, only those addresses stay links."""
    transform = _SAFE_URL if link_urls is None else allowed_urls_transform(link_urls)
    return rx.markdown.root(
        source,
        component_map={"a": _link},
        remark_plugins=[rx.markdown.plugin.gfm],
        rehype_plugins=[],
        custom_attrs={
            "urlTransform": transform,
            "skipHtml": True,
            "disallowedElements": ["img"],
            "unwrapDisallowed": False,
        },
    )
