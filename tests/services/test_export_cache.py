"""The share-link file cache: keyed by link, format and the whole report (never by the file
name's millisecond), bounded in bytes with the least recently used dropped, and one render
for concurrent misses of one key; a failed render is not kept."""

from __future__ import annotations

import dataclasses
from concurrent.futures import Future

import pytest

from startup_toolkit.domain.report import Report, Section
from startup_toolkit.services.export_cache import ExportCache, file_key

REPORT = Report("Socks", "scan-1", sections=(Section("Verdict", paragraphs=("Viable",)),))


def _done(body: bytes) -> Future[bytes]:
    future: Future[bytes] = Future()
    future.set_result(body)
    return future


def test_the_key_changes_with_the_link_the_format_and_anything_shown() -> None:
    key = file_key("link-a", "pdf", REPORT)
    assert key == file_key("link-a", "pdf", dataclasses.replace(REPORT, file_stem="scan-2"))
    assert key != file_key("link-b", "pdf", REPORT)
    assert key != file_key("link-a", "md", REPORT)
    assert key != file_key("link-a", "pdf", dataclasses.replace(REPORT, title="Shoes"))
    edited = dataclasses.replace(REPORT, sections=(Section("Verdict", paragraphs=("Risky",)),))
    assert key != file_key("link-a", "pdf", edited)


def test_the_least_recently_used_file_is_dropped_past_the_bound() -> None:
    cache = ExportCache(max_bytes=10)
    cache.put("a", b"1234")
    cache.put("b", b"1234")
    assert cache.get("a") == b"1234"  # now b is the least recently used
    cache.put("c", b"1234")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (b"1234", None, b"1234")
    assert cache.size == 8 and len(cache) == 2
    cache.put("huge", b"x" * 11)  # larger than the whole bound: not kept, nothing dropped
    assert cache.get("huge") is None and len(cache) == 2
    cache.put("a", b"12")  # replaced in place
    assert cache.size == 6


def test_concurrent_misses_share_one_render_and_a_failure_is_not_kept() -> None:
    cache = ExportCache(max_bytes=1000)
    pending: Future[bytes] = Future()
    calls: list[str] = []

    def render() -> Future[bytes]:
        calls.append("render")
        return pending

    first = cache.get_or_render("k", render)
    second = cache.get_or_render("k", render)
    assert first is second and calls == ["render"]
    pending.set_result(b"pdf")
    assert cache.get_or_render("k", render).result() == b"pdf" and calls == ["render"]

    failed: Future[bytes] = Future()
    failed.set_exception(RuntimeError("render failed"))
    with pytest.raises(RuntimeError):
        cache.get_or_render("bad", lambda: failed).result()
    assert cache.get("bad") is None
    assert cache.get_or_render("bad", lambda: _done(b"ok")).result() == b"ok"


def test_a_size_of_zero_keeps_nothing() -> None:
    cache = ExportCache(max_bytes=0)
    assert cache.get_or_render("k", lambda: _done(b"pdf")).result() == b"pdf"
    assert cache.get("k") is None
