"""A report as PDF (issue 14, exports), checked the way a reader sees it: the text read back
with pypdf, and page 1 rendered to an image with pypdfium2 to find the score chart's bars in
their colours, each as long as its score. The rendered pages are saved under test-artifacts/
to look at."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from startup_toolkit.domain import tools
from startup_toolkit.domain.report import Report, ScoreChart, Section, Table
from startup_toolkit.domain.report_builders import idea_report, report_from_run
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.domain.workspace import as_json
from startup_toolkit.providers.pdf_report import (
    FONT_DIR,
    MARGIN,
    SERIES_COLOURS,
    fold_latin1,
    to_pdf,
    unicode_fonts,
)
from tests.domain.test_report_builders import CASES

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "pdf"
AT = datetime(2024, 11, 25, 1, 0, tzinfo=UTC)
SCALE = 2.0  # pixels per PDF point
UNICODE = "Déjà vu — naïve café… costs €1.2M"
needs_dejavu = pytest.mark.skipif(unicode_fonts() is None, reason="DejaVu Sans not installed")


def _run(tool: str, result: Any, created_at: datetime = AT) -> SimpleNamespace:
    return SimpleNamespace(
        tool=tool,
        input={"idea": "Socks by subscription"},
        result=result,
        created_at=created_at,
        sample=False,
        model="m",
    )


def scan_report(**changes: Any) -> Report:
    scan = as_json(SAMPLE_SCAN)
    scan.update(changes)
    return report_from_run(_run(tools.SCANNER.key, scan))


def pdf_text(body: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(body))
    return "\n".join(page.extract_text() for page in reader.pages)


def render(body: bytes, name: str, page: int = 0) -> Image.Image:
    """Page `page` as an RGB image, saved as test-artifacts/pdf/<name>.png."""
    document = pdfium.PdfDocument(body)
    image = document[page].render(scale=SCALE).to_pil().convert("RGB")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    image.save(ARTIFACTS / f"{name}.png")
    return image


def bars(image: Image.Image, colour: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """(top row, height, width) in pixels of each horizontal bar of exactly `colour`: runs of
    rows holding at least 20 such pixels, at least three times as wide as high."""
    width, height = image.size
    pixels = image.load()
    found: list[tuple[int, int, int]] = []
    start, widest = None, 0
    for y in range(height):
        xs = [x for x in range(width) if pixels[x, y] == colour]
        if len(xs) >= 20:
            if start is None:
                start, widest = y, 0
            widest = max(widest, xs[-1] - xs[0] + 1)
        elif start is not None:
            found.append((start, y - start, widest))
            start = None
    return [bar for bar in found if bar[2] > 3 * bar[1]]  # bars, not the legend's squares


def test_the_text_reads_back_title_categories_and_competitors() -> None:
    body = to_pdf(scan_report())
    assert body.startswith(b"%PDF-")
    text = pdf_text(body)
    for expected in (
        "Viability Analysis - Score: 72/100",
        "Viability 72/100 (Potentially Viable)",
        "Monetization Potential",
        "Incumbent Suite (sample)",
        "Interview 15 target customers",
        "Tool: Startup Viability Scanner",
    ):
        assert expected in text


def test_the_score_chart_is_drawn_as_bars_as_long_as_their_scores() -> None:
    image = render(to_pdf(scan_report()), "scan-page-1")
    found = bars(image, SERIES_COLOURS[0])
    # Overall and the five categories, top to bottom in the scan's order.
    assert len(found) == 6, found
    widths = [w for _, _, w in found]
    scores = [72, 81, 58, 64, 77, 80]
    per_point = widths[0] / scores[0]
    for width, score in zip(widths, scores, strict=True):
        assert abs(width - score * per_point) <= 3
    # Horizontal bars inside the page's margins.
    assert all(h < w for _, h, w in found)
    assert max(w for _, _, w in found) < image.size[0] - 2 * MARGIN * 72 / 25.4 * SCALE


def test_several_series_have_their_own_colours_and_a_legend() -> None:
    older = as_json(SAMPLE_SCAN.model_copy(update={"overallScore": 40}))
    runs = [
        _run(tools.SCANNER.key, as_json(SAMPLE_SCAN), datetime(2024, 11, 26, 9, 0, tzinfo=UTC)),
        _run(tools.SCANNER.key, older, AT),
    ]
    body = to_pdf(idea_report("Socks", "Socks by subscription", runs, AT))
    image = render(body, "idea-page-1")
    first, second = bars(image, SERIES_COLOURS[0]), bars(image, SERIES_COLOURS[1])
    assert len(first) == 6 and len(second) == 6
    # The first group (Overall): the older scan's bar (40) above the newer one's (72).
    assert first[0][0] < second[0][0]
    assert first[0][2] < second[0][2] * 40 / 72 + 3
    text = pdf_text(body)
    assert "Nov 25, 01:00" in text and "Nov 26, 09:00" in text  # the legend
    assert "Viability 72/100 (Potentially Viable)" in text  # the timeline


@needs_dejavu
def test_unicode_text_is_kept_with_dejavu() -> None:
    body = to_pdf(scan_report(overallAssessment=UNICODE))
    assert UNICODE in pdf_text(body)


def test_without_dejavu_text_is_folded_to_latin1_and_never_fails() -> None:
    body = to_pdf(scan_report(overallAssessment=UNICODE + " 日本 😀"), font_dir=None)
    assert "Déjà vu - naïve café... costs EUR1.2M ?? ?" in pdf_text(body)
    assert fold_latin1("\u201cQuote\u201d \u2018x\u2019 → ≥ ™ Ł") == "\"Quote\" 'x' -> >= (TM) ?"


def test_a_missing_font_folder_falls_back_to_the_core_font(tmp_path: Path) -> None:
    assert unicode_fonts(tmp_path) is None
    assert "Monetization Potential" in pdf_text(to_pdf(scan_report(), font_dir=tmp_path))


@pytest.mark.parametrize("font_dir", [FONT_DIR, None], ids=["dejavu", "core"])
def test_long_words_and_addresses_wrap_inside_the_margins(font_dir: Path | None) -> None:
    long_url = "https://example.com/" + "a" * 400
    report = Report(
        title="W" * 120,
        file_stem="wrap",
        sections=(
            Section("Words", paragraphs=(long_url,), bullets=("b" * 300,)),
            Section("Table", table=Table(("Name", "Address"), (("x" * 150, long_url),))),
            Section("Chart", chart=ScoreChart(("S",), (("L" * 200, (50,)),))),
        ),
    )
    body = to_pdf(report, font_dir=font_dir)
    image = render(body, f"wrap-{'core' if font_dir is None else 'dejavu'}")
    width, height = image.size
    right_margin = int(width - MARGIN * 72 / 25.4 * SCALE) + 4
    pixels = image.load()
    ink = [
        (x, y)
        for y in range(0, height, 2)
        for x in range(right_margin, width)
        if pixels[x, y] != (255, 255, 255)
    ]
    assert ink == []
    assert "a" * 40 in pdf_text(body)


@pytest.mark.parametrize(("tool", "inputs", "result", "title", "headline", "stem", "shows"), CASES)
def test_every_tools_report_renders_with_its_title_and_contents(
    tool: str, inputs: Any, result: Any, title: str, headline: str, stem: str, shows: str
) -> None:
    run = SimpleNamespace(
        tool=tool, input=inputs, result=result, created_at=AT, sample=True, model=""
    )
    text = " ".join(pdf_text(to_pdf(report_from_run(run))).split())
    assert title in text and headline in text and shows in text


LONG_TITLES = (
    "A subscription marketplace that matches retired engineers with hardware startups",
    "Neighbourhood composting pickups with a reward programme for local restaurants",
)


def _words_kept(shown: str, title: str) -> bool:
    """`shown` is `title` whole, or its first words and an ellipsis (no word cut)."""
    if shown == title:
        return True
    head = shown.removesuffix("…")
    return shown.endswith("…") and title.split()[: len(head.split())] == head.split()


def test_a_comparison_never_cuts_an_idea_title_inside_a_word() -> None:
    """Issue 28, item 11: the comparison's table headers, subtitle, sections and the chart's
    legend show long idea titles whole or to a word, then '…'."""
    from startup_toolkit.domain import idea_history
    from startup_toolkit.domain.report_comparison import comparison_report
    from tests.support.idea_scans import scan

    runs = [idea_history.IdeaRuns(i, t, scan(70 + i), AT) for i, t in enumerate(LONG_TITLES, 1)]
    report = comparison_report(idea_history.compare(runs), AT)
    table = report.sections[0].table
    assert table is not None
    for shown, title in zip(table.headers[1:], LONG_TITLES, strict=True):
        assert _words_kept(shown, title), shown
    for shown, title in zip(report.subtitle.split(" vs "), LONG_TITLES, strict=True):
        assert _words_kept(shown, title), shown
    text = pdf_text(to_pdf(report))
    assert all(t.split()[0] in text for t in LONG_TITLES)
    title_words = {w for t in LONG_TITLES for w in t.split()}
    for cut in re.findall(r"(\S+)…", text):  # what ends at an ellipsis is a whole word
        assert cut in title_words, cut


@pytest.mark.parametrize("width", [20.0, 45.0, 70.0])
def test_a_label_too_long_for_its_room_ends_at_a_word(width: float) -> None:
    """The chart's labels and legend (providers/pdf_report._fit): whole words, then '…'."""
    from startup_toolkit.providers.pdf_report import _fit, _Pdf

    pdf = _Pdf(unicode_fonts(), "t")
    pdf.font(8.5)
    shown = _fit(pdf, LONG_TITLES[0], width)
    assert pdf.get_string_width(shown) <= width
    assert _words_kept(shown, LONG_TITLES[0]), shown
    assert _fit(pdf, "Short", width) == "Short"
