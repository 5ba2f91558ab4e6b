"""A `Report` as a PDF (A4) with fpdf2: the title and facts, each section's paragraphs,
bullets, tables and sources, and a score chart drawn as grouped horizontal bars (one colour
per series, a legend when there are several).

Text: the DejaVu Sans fonts when the system has them (any character a model writes: dashes,
ellipses, the euro sign, accents); otherwise the PDF's core Helvetica with every text folded
to Latin-1, so no character ever stops an export. Long words and addresses wrap."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF, FontFace
from fpdf.enums import Align, TableBordersLayout, TableCellFillMode, WrapMode, XPos, YPos

from startup_toolkit.domain.report import Link, Report, ScoreChart, Section, Table
from startup_toolkit.domain.report_text import is_http

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
REGULAR_FONT = "DejaVuSans.ttf"
BOLD_FONT = "DejaVuSans-Bold.ttf"
UNICODE_FAMILY = "DejaVu"
CORE_FAMILY = "Helvetica"

MARGIN = 18.0
TEXT = (33, 33, 40)
MUTED = (95, 95, 110)
ACCENT = (76, 58, 160)
LINK = (0, 90, 200)
RULE = (215, 215, 225)
TRACK = (236, 236, 242)
HEADER_FILL = (238, 236, 250)
#: The widest a legend's label may be (mm): a longer one ends at a word with an ellipsis.
LEGEND_WIDTH = 70.0
#: The chart's series colours, in order: violet, teal, orange, blue, then more.
SERIES_COLOURS: tuple[tuple[int, int, int], ...] = (
    (110, 86, 207),
    (18, 165, 148),
    (247, 107, 21),
    (0, 144, 255),
    (214, 64, 159),
    (70, 167, 88),
)
BAR_HEIGHT = 4.2
BAR_GAP = 1.0
GROUP_GAP = 3.2
LABEL_WIDTH = 48.0
VALUE_WIDTH = 10.0

_FOLDS = {
    "\u2014": "-",
    "\u2013": "-",
    "\u2012": "-",
    "\u2212": "-",
    "\u2026": "...",
    "\u20ac": "EUR",
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u2022": "-",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2264": "<=",
    "\u2265": ">=",
    "\u2122": "(TM)",
    "\u00a0": " ",
}


def fold_latin1(value: str) -> str:
    """The text in Latin-1 (the core fonts' characters): typographic marks as their plain
    forms, accented letters kept or without their accent, anything else as '?'."""
    out = []
    for char in value:
        char = _FOLDS.get(char, char)
        if all(ord(c) < 256 for c in char):
            out.append(char)
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append(base if base and all(ord(c) < 256 for c in base) else "?")
    return "".join(out)


def unicode_fonts(font_dir: Path = FONT_DIR) -> tuple[Path, Path] | None:
    """The regular and bold DejaVu Sans files, when both are installed."""
    regular, bold = font_dir / REGULAR_FONT, font_dir / BOLD_FONT
    return (regular, bold) if regular.is_file() and bold.is_file() else None


class _Pdf(FPDF):
    """A4 pages with the report's title in small print and page numbers at the foot."""

    def __init__(self, fonts: tuple[Path, Path] | None, title: str) -> None:
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.unicode = fonts is not None
        if fonts is not None:
            self.add_font(UNICODE_FAMILY, "", str(fonts[0]))
            self.add_font(UNICODE_FAMILY, "B", str(fonts[1]))
        self.family = UNICODE_FAMILY if self.unicode else CORE_FAMILY
        self.report_title = self.t(title)
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(auto=True, margin=MARGIN)
        self.set_title(self.report_title)
        self.set_creator("Unstuck")
        self.set_text_color(*TEXT)

    def t(self, value: str) -> str:
        """Text as the current fonts can write it."""
        return value if self.unicode else fold_latin1(value)

    def font(self, size: float, bold: bool = False) -> None:
        self.set_font(self.family, "B" if bold else "", size)

    def footer(self) -> None:
        self.set_y(-12)
        self.font(8)
        self.set_text_color(*MUTED)
        page = f"  ·  page {self.page_no()}"
        title = _fit(self, self.report_title, self.epw - self.get_string_width(page) - 2)
        self.cell(0, 5, title + page, align="C")
        self.set_text_color(*TEXT)

    def paragraph(self, value: str, size: float = 10.5, height: float = 5.4) -> None:
        self.font(size)
        self.multi_cell(
            0,
            height,
            self.t(value),
            align=Align.L,
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
            wrapmode=WrapMode.WORD,
        )

    def room(self, height: float) -> None:
        """A new page unless `height` millimetres still fit on this one."""
        if self.get_y() + height > self.h - self.b_margin:
            self.add_page()


def _header(pdf: _Pdf, report: Report) -> None:
    pdf.font(19, bold=True)
    pdf.set_text_color(*ACCENT)
    pdf.multi_cell(0, 9, pdf.t(report.title), align=Align.L, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*TEXT)
    if report.subtitle.strip():
        pdf.ln(1)
        pdf.font(12, bold=True)
        pdf.multi_cell(
            0, 6, pdf.t(report.subtitle), align=Align.L, new_x=XPos.LMARGIN, new_y=YPos.NEXT
        )
    if report.facts:
        pdf.ln(1.5)
        pdf.set_text_color(*MUTED)
        for label, value in report.facts:
            pdf.paragraph(f"{label}: {value}", size=9.5, height=4.8)
        pdf.set_text_color(*TEXT)
    pdf.ln(2)
    pdf.set_draw_color(*RULE)
    pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
    pdf.ln(3)


def _bullets(pdf: _Pdf, items: Sequence[str]) -> None:
    mark = pdf.t("•")
    for item in items:
        pdf.room(6)
        pdf.font(10.5)
        pdf.set_x(pdf.l_margin + 1.5)
        pdf.cell(4, 5.4, mark)
        pdf.multi_cell(
            pdf.epw - 5.5, 5.4, pdf.t(item), align=Align.L, new_x=XPos.LMARGIN, new_y=YPos.NEXT
        )
        pdf.ln(0.6)


def _col_widths(pdf: _Pdf, table: Table, width: float) -> tuple[float, ...]:
    """Each column at least as wide as its longest word (up to a third of the page), the
    room left shared by how much text each column holds."""
    pad = 3.0
    least, wants = [], []
    for i, header in enumerate(table.headers):
        cells = [pdf.t(row[i]) for row in table.rows if i < len(row)]
        words = [w for cell in cells for w in cell.split()] or [""]
        pdf.font(8.5, bold=True)
        head = pdf.t(header)
        head_word = max((pdf.get_string_width(w) for w in head.split()), default=0.0)
        head_width = pdf.get_string_width(head)
        pdf.font(8.5)
        longest_word = max([head_word, *(pdf.get_string_width(w) for w in words)]) * 1.05 + pad
        longest_cell = max([head_width, *(pdf.get_string_width(c) for c in cells)]) * 1.05 + pad
        least.append(min(longest_word, width / 3))
        wants.append(max(least[-1], min(longest_cell, width)))
    if sum(least) >= width:
        return tuple(w * width / sum(least) for w in least)
    spare = width - sum(least)
    extra = [w - m for w, m in zip(wants, least, strict=True)]
    if sum(extra) <= spare:
        grow = [spare * w / sum(wants) for w in wants]
        return tuple(m + e + g for m, e, g in zip(least, extra, grow, strict=True))
    return tuple(m + spare * e / sum(extra) for m, e in zip(least, extra, strict=True))


def _table(pdf: _Pdf, table: Table) -> None:
    width = pdf.epw
    pdf.font(8.5)
    pdf.room(14)
    pdf.set_fill_color(255, 255, 255)
    with pdf.table(
        width=width,
        col_widths=_col_widths(pdf, table, width),
        cell_fill_mode=TableCellFillMode.NONE,
        text_align="LEFT",
        line_height=4.4,
        padding=1.2,
        borders_layout=TableBordersLayout.HORIZONTAL_LINES,
        headings_style=FontFace(emphasis="BOLD", fill_color=HEADER_FILL),
        wrapmode=WrapMode.WORD,
    ) as grid:
        heading = grid.row()
        for header in table.headers:
            heading.cell(pdf.t(header))
        for row in table.rows:
            cells = grid.row()
            for value in [*row, *([""] * (len(table.headers) - len(row)))]:
                cells.cell(pdf.t(value))
    pdf.ln(3)


def _legend(pdf: _Pdf, series: Sequence[str]) -> None:
    pdf.font(8.5)
    x, y = pdf.l_margin, pdf.get_y()
    for i, name in enumerate(series):
        label = _fit(pdf, name, LEGEND_WIDTH)
        span = 6 + pdf.get_string_width(label) + 6
        if x + span > pdf.w - pdf.r_margin:
            x, y = pdf.l_margin, y + 5.5
        pdf.set_fill_color(*SERIES_COLOURS[i % len(SERIES_COLOURS)])
        pdf.rect(x, y + 0.8, 3.6, 3.6, style="F")
        pdf.set_xy(x + 5, y)
        pdf.cell(span - 5, 5.2, label)
        x += span
    pdf.set_xy(pdf.l_margin, y + 7)


def _fit(pdf: _Pdf, value: str, width: float) -> str:
    """`value` on one line of `width` millimetres: as it is, or its first words and an
    ellipsis, never part of a word (but for a first word wider than the line)."""
    text = pdf.t(value)
    if pdf.get_string_width(text) <= width:
        return text
    dots = pdf.t("…")
    kept = ""
    for word in text.split():
        longer = f"{kept} {word}" if kept else word
        if pdf.get_string_width(longer + dots) > width:
            break
        kept = longer
    if not kept:  # one word wider than the line: as much of it as fits
        kept = text.split()[0] if text.split() else ""
        while kept and pdf.get_string_width(kept + dots) > width:
            kept = kept[:-1]
    return kept.rstrip(" ,;:-") + dots


def chart_height(chart: ScoreChart) -> float:
    per_group = len(chart.series) * BAR_HEIGHT + (len(chart.series) - 1) * BAR_GAP + GROUP_GAP
    legend = 8 if len(chart.series) > 1 else 0
    return legend + len(chart.groups) * per_group + 6


def draw_chart(pdf: _Pdf, chart: ScoreChart) -> None:
    """Grouped horizontal bars: a row of bars per group (one per series) over a 0-100 track,
    each labelled with its score; gridlines at 25, 50 and 75."""
    if not chart.groups or not chart.series:
        return
    height = chart_height(chart)
    if height < pdf.h - 2 * MARGIN:
        pdf.room(height)
    if len(chart.series) > 1:
        _legend(pdf, chart.series)
    left = pdf.l_margin + LABEL_WIDTH
    area = pdf.epw - LABEL_WIDTH - VALUE_WIDTH
    block = len(chart.series) * BAR_HEIGHT + (len(chart.series) - 1) * BAR_GAP
    for label, scores in chart.groups:
        pdf.room(block + GROUP_GAP)
        y = pdf.get_y()
        pdf.font(9, bold=True)
        pdf.set_xy(pdf.l_margin, y + block / 2 - 2.5)
        pdf.cell(LABEL_WIDTH - 2, 5, _fit(pdf, label, LABEL_WIDTH - 3))
        pdf.font(8)
        for i in range(len(chart.series)):
            score = max(0, min(100, int(scores[i]) if i < len(scores) else 0))
            _bar(pdf, left, y + i * (BAR_HEIGHT + BAR_GAP), area, score, i)
        pdf.set_y(y + block + GROUP_GAP)
    bottom = pdf.get_y() - GROUP_GAP
    pdf.font(7.5)
    pdf.set_text_color(*MUTED)
    for tick in (0, 50, 100):
        pdf.set_xy(left + area * tick / 100 - 5, bottom + 0.5)
        pdf.cell(10, 4, str(tick), align="C")
    pdf.set_text_color(*TEXT)
    pdf.set_xy(pdf.l_margin, bottom + 6)


def _bar(pdf: _Pdf, left: float, y: float, area: float, score: int, series: int) -> None:
    """One bar over its 0-100 track (white ticks at 25, 50, 75 on the track), its score after
    it."""
    pdf.set_fill_color(*TRACK)
    pdf.rect(left, y, area, BAR_HEIGHT, style="F")
    pdf.set_draw_color(255, 255, 255)
    for tick in (25, 50, 75):
        if tick > score:
            pdf.line(left + area * tick / 100, y, left + area * tick / 100, y + BAR_HEIGHT)
    if score:
        pdf.set_fill_color(*SERIES_COLOURS[series % len(SERIES_COLOURS)])
        pdf.rect(left, y, area * score / 100, BAR_HEIGHT, style="F")
    pdf.set_xy(left + area + 1, y - 0.3)
    pdf.cell(VALUE_WIDTH - 1, BAR_HEIGHT + 0.6, str(score))


def _sources(pdf: _Pdf, sources: Sequence[Link]) -> None:
    pdf.font(9.5, bold=True)
    pdf.cell(0, 5.5, pdf.t("Sources"), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    for source in sources:
        pdf.font(9)
        if is_http(source.url):
            pdf.set_text_color(*LINK)
            label = source.title if source.title == source.url else f"{source.title} ({source.url})"
            pdf.multi_cell(
                0, 4.8, pdf.t(label), link=source.url, new_x=XPos.LMARGIN, new_y=YPos.NEXT
            )
            pdf.set_text_color(*TEXT)
        else:
            pdf.multi_cell(0, 4.8, pdf.t(source.title), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)


def _section(pdf: _Pdf, section: Section) -> None:
    if section.heading.strip():
        # A heading stays with the start of what follows it (a chart or a table's first rows).
        pdf.room(45 if section.chart is not None or section.table is not None else 18)
        pdf.ln(1.5)
        pdf.font(13, bold=True)
        pdf.set_text_color(*ACCENT)
        pdf.multi_cell(
            0, 6.5, pdf.t(section.heading), align=Align.L, new_x=XPos.LMARGIN, new_y=YPos.NEXT
        )
        pdf.set_text_color(*TEXT)
        pdf.ln(1)
    for paragraph in section.paragraphs:
        if paragraph.strip():
            pdf.paragraph(paragraph)
            pdf.ln(1.8)
    if section.bullets:
        _bullets(pdf, section.bullets)
        pdf.ln(1.5)
    if section.chart is not None:
        draw_chart(pdf, section.chart)
    if section.table is not None and section.table.rows:
        _table(pdf, section.table)
    if section.sources:
        _sources(pdf, section.sources)


def to_pdf(report: Report, *, font_dir: Path | None = FONT_DIR) -> bytes:
    """The report as PDF bytes; `font_dir=None` (or one without DejaVu Sans) uses the core
    Helvetica."""
    fonts = unicode_fonts(font_dir) if font_dir is not None else None
    pdf = _Pdf(fonts, report.title)
    pdf.add_page()
    _header(pdf, report)
    for section in report.sections:
        _section(pdf, section)
    return bytes(pdf.output())
