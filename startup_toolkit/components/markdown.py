"""Markdown from a model or a resource, rendered safely: GFM tables and lists, no HTML, no
images, links only http(s) and opened in a new tab."""

from __future__ import annotations

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


def safe_markdown(source: Any) -> rx.Component:
    return rx.markdown.root(
        source,
        component_map={"a": _link},
        remark_plugins=[rx.markdown.plugin.gfm],
        rehype_plugins=[],
        custom_attrs={
            "urlTransform": _SAFE_URL,
            "skipHtml": True,
            "disallowedElements": ["img"],
            "unwrapDisallowed": False,
        },
    )
