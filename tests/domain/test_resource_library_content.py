"""The Solutions Hub's built-in library as files (issue 16): every resource file parses, has its
fields, meets its type's length rule and names its references; every download exists in an
open format and the size a card shows is the file's; a Video without a player offers its
script, the same text as its file; each category has its own local picture."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from startup_toolkit.domain import resource_files as files
from startup_toolkit.domain import resources as rules
from startup_toolkit.domain.resources_library import (
    ASSETS_DIR,
    CONTENT_DIR,
    SEED_RESOURCES,
    asset_path,
    load_library,
    read_files,
)

RESOURCE_FILES = sorted(CONTENT_DIR.glob("*.md"))
_LINK = re.compile(r"\]\(([^)]*)\)")
_HTML_TAG = re.compile(r"<\s*/?\s*[A-Za-z]")
_REFERENCE_ITEM = re.compile(r"^- \S", re.MULTILINE)


def _section(markdown: str, heading: str) -> str:
    """The text under `## heading`, up to the next `## `."""
    m = re.search(rf"^## {heading}\s*$(.*?)(?=^## |\Z)", markdown, re.MULTILINE | re.DOTALL)
    return m.group(1) if m else ""


def test_the_library_has_24_resources_across_six_categories_and_three_types() -> None:
    assert len(RESOURCE_FILES) >= 24
    assert len(SEED_RESOURCES) == len(RESOURCE_FILES)
    assert len({r.id for r in SEED_RESOURCES}) == len(SEED_RESOURCES)
    by_category = Counter(r.category for r in SEED_RESOURCES)
    assert set(by_category) == set(rules.CATEGORIES)
    assert min(by_category.values()) >= 3, by_category
    by_type = Counter(r.type for r in SEED_RESOURCES)
    assert set(by_type) == set(rules.TYPES) and min(by_type.values()) >= 5, by_type
    assert sum(r.popular for r in SEED_RESOURCES) >= rules.POPULAR_LIMIT


@pytest.mark.parametrize("path", RESOURCE_FILES, ids=lambda p: p.stem)
def test_every_resource_file_parses_with_its_fields_length_and_references(path: Path) -> None:
    resource = files.read_resource(path.stem, path.read_text(encoding="utf-8"))
    assert resource.title and resource.description
    assert resource.type in rules.TYPES and resource.category in rules.CATEGORIES
    low, high = files.LENGTH_RULES[resource.type]
    assert low <= rules.word_count(resource.content) <= high, files.length_problem(resource)
    assert len(rules.table_of_contents(resource.content)) >= 4, "too few sections"
    references = _section(resource.content, "References")
    assert len(_REFERENCE_ITEM.findall(references)) >= 2, "name at least two sources"
    assert not _HTML_TAG.search(resource.content), "plain Markdown only"
    for link in _LINK.findall(resource.content):
        assert link.startswith("https://"), link  # well-known pages only, never a made-up path


def test_articles_run_800_to_1500_words() -> None:
    articles = [r for r in SEED_RESOURCES if r.type == "Article"]
    assert articles
    for article in articles:
        assert 800 <= rules.word_count(article.content) <= 1500, article.title
        assert rules.reading_minutes(article.content) >= 4, article.title  # not "1 min read"


def test_every_download_exists_and_its_shown_size_is_the_file_s() -> None:
    for resource in SEED_RESOURCES:
        if resource.type == "Article":
            continue
        assert resource.download_url, f"{resource.title} offers nothing to download"
        assert resource.download_link == resource.download_url
        path = asset_path(resource.download_url)
        assert path.is_file(), path
        assert path.resolve().is_relative_to(ASSETS_DIR / "library")
        assert resource.file_size == files.format_size(path.stat().st_size), resource.title


def test_documents_are_real_files_in_open_formats() -> None:
    documents = [r for r in SEED_RESOURCES if r.type == "Document"]
    formats = Counter(files.file_format(d.download_url) for d in documents)
    assert set(formats) <= set(files.FILE_FORMATS.values())
    assert {"Excel", "CSV", "Markdown", "Word"} <= set(formats), formats
    for document in documents:
        path = asset_path(document.download_url)
        data = path.read_bytes()
        assert len(data) > 800, document.title  # a real template, not a stub
        if path.suffix in (".xlsx", ".docx"):
            names = zipfile.ZipFile(io.BytesIO(data)).namelist()
            assert "[Content_Types].xml" in names
            assert ("xl/workbook.xml" if path.suffix == ".xlsx" else "word/document.xml") in names
            if path.suffix == ".xlsx":  # the sheet calculates: formulas are in it
                sheets = [n for n in names if n.startswith("xl/worksheets/")]
                assert any(b"<f>" in zipfile.ZipFile(io.BytesIO(data)).read(n) for n in sheets)
        elif path.suffix == ".csv":
            rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
            assert len(rows) >= 2 and len({len(row) for row in rows}) == 1
        else:
            text = data.decode("utf-8")
            assert text.startswith("# ") and "____" in text  # a template to fill in


def test_a_video_plays_or_says_it_is_a_script_and_offers_it() -> None:
    for resource in read_files():
        if resource.type != "Video":
            continue
        view = next(v for v in SEED_RESOURCES if v.id == resource.id)
        if view.player[0]:
            continue
        assert view.is_script and resource.is_script
        assert view.download_url == files.script_path(resource.slug)
        offered = asset_path(view.download_url).read_text(encoding="utf-8")
        assert offered == files.script_file(resource), "run scripts/build_library_files.py"
        assert "0:00" in resource.content and "**Say:**" in resource.content
        assert 5 <= files.spoken_minutes(resource.content) <= 10, resource.title


def test_each_category_has_its_own_local_picture() -> None:
    pictures = {r.category: r.image for r in SEED_RESOURCES}
    assert set(pictures) == set(rules.CATEGORIES)
    contents = set()
    for category, image in pictures.items():
        assert image == f"/library/img/{category.lower()}.svg"
        svg = asset_path(image).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "http://www.w3.org/2000/svg" in svg
        assert not re.search(r"(href|src)=\"https?:", svg), "no network images"
        contents.add(svg)
    assert len(contents) == len(rules.CATEGORIES)


# --- the file format -----------------------------------------------------------------------

GOOD = """---
id: 7
title: "A: title"
description: One line.
type: Video
category: Product
popular: true
---
## Part
Text.
"""


def test_front_matter_is_read() -> None:
    resource = files.read_resource("07-a-title", GOOD)
    assert (resource.id, resource.slug, resource.title, resource.popular) == (
        7,
        "a-title",
        "A: title",
        True,
    )
    assert resource.content == "## Part\nText.\n"
    assert resource.is_script and resource.offered_file == "/library/scripts/a-title-script.md"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("## no front matter\n", "no front matter"),
        ("---\nid: 1\n", "no closing"),
        (GOOD.replace('title: "A: title"\n', ""), "missing title"),
        (GOOD.replace("type: Video", "type: Podcast"), "type must be one of"),
        (GOOD.replace("category: Product", "category: Sales"), "category must be one of"),
        (GOOD.replace("popular: true", "popular: yes"), "true or false"),
        (GOOD.replace("id: 7", "id: seven"), "positive whole number"),
        (GOOD.replace("popular: true", "popular: true\nauthor: me"), "unknown field"),
        (GOOD.replace("popular: true", "download: /etc/passwd"), "under /library/files/"),
        (GOOD.replace("popular: true", "popular: true\npopular: false"), "twice"),
        (GOOD.replace("popular: true", "just words"), "not a 'key: value' line"),
    ],
)
def test_a_broken_file_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(files.ResourceFileError, match=message):
        files.read_resource("07-a-title", text)


def test_a_missing_download_stops_the_library_with_its_name(tmp_path: Path) -> None:
    (tmp_path / "01-sheet.md").write_text(
        GOOD.replace("type: Video", "type: Document").replace(
            "popular: true", "download: /library/files/sheet.xlsx"
        )
    )
    with pytest.raises(files.ResourceFileError, match=r"sheet\.xlsx is missing"):
        load_library(tmp_path, tmp_path)
    (tmp_path / "library" / "files").mkdir(parents=True)
    (tmp_path / "library" / "files" / "sheet.xlsx").write_bytes(b"x" * 3500)
    (view,) = load_library(tmp_path, tmp_path)
    assert view.file_size == "3.4 KB" and view.download_url == "/library/files/sheet.xlsx"


@pytest.mark.parametrize(
    ("size", "shown"),
    [(0, "0 B"), (812, "812 B"), (1024, "1.0 KB"), (27_800, "27 KB"), (1_300_000, "1.2 MB")],
)
def test_sizes_read_like_a_file_manager_s(size: int, shown: str) -> None:
    assert files.format_size(size) == shown
