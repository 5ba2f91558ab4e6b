"""Builds the Solutions Hub's generated downloads under assets/library/: the spreadsheets
(openpyxl), the Word term sheet (python-docx) and each Video's script (from its resource file).

The generated files are committed; run this after changing a template or a video script:

    python scripts/build_library_files.py

openpyxl and python-docx (pinned in requirements.txt) are needed only here, never by the app."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from docx import Document  # noqa: E402
from docx.shared import Pt  # noqa: E402
from openpyxl import Workbook  # noqa: E402
from openpyxl.styles import Font, PatternFill  # noqa: E402
from openpyxl.worksheet.worksheet import Worksheet  # noqa: E402

from startup_toolkit.domain import resource_files as files  # noqa: E402
from startup_toolkit.domain.resources_library import asset_path, read_files  # noqa: E402

#: A fixed date in every file's properties, so building again changes nothing that matters.
STAMP = datetime(2025, 1, 1)
INPUT = PatternFill("solid", fgColor="FFF2B3")
BOLD = Font(bold=True)
MONTHS = ["Month 1", "Month 2", "Month 3", "Month 4", "Month 5", "Month 6", "Month 7",
          "Month 8", "Month 9", "Month 10", "Month 11", "Month 12"]  # fmt: skip


def _book() -> Workbook:
    book = Workbook()
    book.properties.creator = "Unstuck Solutions Hub"
    book.properties.created = book.properties.modified = STAMP
    return book


def _heading(sheet: Worksheet, row: int, *labels: str) -> None:
    for col, label in enumerate(labels, 1):
        cell = sheet.cell(row=row, column=col, value=label)
        cell.font = BOLD


def _widths(sheet: Worksheet, **widths: float) -> None:
    for col, width in widths.items():
        sheet.column_dimensions[col].width = width


def unit_economics(path: Path) -> None:
    book = _book()
    sheet = book.active
    sheet.title = "Unit economics"
    sheet["A1"] = "Unit Economics Worksheet"
    sheet["A1"].font = Font(bold=True, size=14)
    sheet["A2"] = "Fill in the yellow cells with last quarter's numbers; the rest is calculated."
    _heading(sheet, 4, "Input", "Value", "Source (where the number comes from)")
    inputs = [
        ("Sales and marketing spend last quarter", 45000),
        ("New paying customers last quarter", 60),
        ("Average revenue per customer per month", 120),
        ("Gross margin (%)", 0.8),
        ("Monthly churn (%)", 0.04),
    ]
    for i, (label, value) in enumerate(inputs, 5):
        sheet.cell(row=i, column=1, value=label)
        cell = sheet.cell(row=i, column=2, value=value)
        cell.fill = INPUT
        if "%" in label:
            cell.number_format = "0.0%"
    _heading(sheet, 11, "Result", "Value", "Rule of thumb")
    results = [
        ("CAC (cost to acquire a customer)", "=IFERROR(B5/B6,0)", "#,##0", ""),
        (
            "Lifetime (months, capped at 60)",
            "=IF(B9<=0,60,MIN(60,1/B9))",
            "0.0",
            "At 10% monthly churn a customer stays 10 months",
        ),
        ("LTV (lifetime value)", "=B7*B8*B13", "#,##0", ""),
        ("LTV : CAC", "=IFERROR(B14/B12,0)", "0.0", "3 or more is healthy; below 1 loses money"),
        ("Payback (months)", "=IFERROR(B12/(B7*B8),0)", "0.0", "Under 12 keeps growth in cash"),
    ]  # fmt: skip
    for i, (label, formula, fmt, note) in enumerate(results, 12):
        sheet.cell(row=i, column=1, value=label)
        cell = sheet.cell(row=i, column=2, value=formula)
        cell.number_format = fmt
        sheet.cell(row=i, column=3, value=note)
    sheet["A19"] = "Based on David Skok, 'SaaS Metrics 2.0' (For Entrepreneurs blog)."
    _widths(sheet, A=42, B=14, C=52)
    book.save(path)


def cash_flow(path: Path) -> None:
    book = _book()
    plan = book.active
    plan.title = "Plan"
    lean = book.create_sheet("Lean")
    for sheet, growth in ((plan, 0.08), (lean, 0.04)):
        sheet["A1"] = f"12-Month Cash Flow Forecast: {sheet.title}"
        sheet["A1"].font = Font(bold=True, size=14)
        sheet["A2"] = "Opening cash"
        sheet["B2"] = 600000
        sheet["A3"] = "Monthly revenue growth"
        sheet["B3"] = growth
        sheet["B3"].number_format = "0.0%"
        for cell in (sheet["B2"], sheet["B3"]):
            cell.fill = INPUT
        sheet["D2"] = "Yellow cells are inputs. Revenue = cash collected, not invoiced."
        _heading(sheet, 5, "Line", *MONTHS, "Notes")
        rows = [
            ("Revenue collected", 20000, "growth"),
            ("Other cash in (loans, grants, investment)", 0, None),
            ("Payroll (salaries, taxes, benefits)", 52000, None),
            ("Rent and office", 4000, None),
            ("Software and hosting", 3000, None),
            ("Marketing", 6000, None),
            ("Contractors", 2500, None),
            ("Other", 1500, None),
        ]
        for r, (label, first, kind) in enumerate(rows, 6):
            sheet.cell(row=r, column=1, value=label)
            for m in range(12):
                col = m + 2
                if kind == "growth" and m > 0:
                    prev = sheet.cell(row=r, column=col - 1).column_letter
                    value: object = f"=ROUND({prev}{r}*(1+$B$3),0)"
                else:
                    value = first
                cell = sheet.cell(row=r, column=col, value=value)
                cell.number_format = "#,##0"
                if not str(value).startswith("="):
                    cell.fill = INPUT
        totals = [
            ("Total cash in", "=SUM({c}6:{c}7)"),
            ("Total cash out", "=SUM({c}8:{c}13)"),
            ("Net burn", "={c}16-{c}15"),
            ("Closing cash", None),
            ("Runway (months at this burn)", '=IF({c}17<=0,"Not burning",{c}18/{c}17)'),
        ]
        for r, (label, formula) in enumerate(totals, 15):
            sheet.cell(row=r, column=1, value=label).font = BOLD
            for m in range(12):
                c = sheet.cell(row=r, column=m + 2).column_letter
                if formula is None:
                    left = sheet.cell(row=18, column=m + 1).column_letter
                    prev = "$B$2" if m == 0 else f"{left}18"
                    value = f"={prev}+{c}15-{c}16"
                else:
                    value = formula.format(c=c)
                cell = sheet.cell(row=r, column=m + 2, value=value)
                cell.number_format = "0.0" if r == 19 else "#,##0"
        sheet["A21"] = "Start fundraising in the first month the runway drops below 9."
        _widths(sheet, A=40, N=30)
        for m in range(12):
            sheet.column_dimensions[sheet.cell(row=5, column=m + 2).column_letter].width = 11
    book.save(path)


def cap_table(path: Path) -> None:
    book = _book()
    sheet = book.active
    sheet.title = "Cap table"
    sheet["A1"] = "Cap Table and Dilution Model"
    sheet["A1"].font = Font(bold=True, size=14)
    sheet["A2"] = "Yellow cells are inputs. Simplified: no SAFE discounts, no pro rata rights."
    inputs = [
        (4, "Founder A shares", 5000000, "#,##0"),
        (5, "Founder B shares", 5000000, "#,##0"),
        (6, "Option pool after the round (%)", 0.10, "0.0%"),
        (7, "SAFE 1 amount", 500000, "#,##0"),
        (8, "SAFE 1 post-money cap", 8000000, "#,##0"),
        (9, "SAFE 2 amount", 250000, "#,##0"),
        (10, "SAFE 2 post-money cap", 10000000, "#,##0"),
        (11, "Priced round: amount raised", 2000000, "#,##0"),
        (12, "Priced round: pre-money valuation", 10000000, "#,##0"),
    ]
    for row, label, value, fmt in inputs:
        sheet.cell(row=row, column=1, value=label)
        cell = sheet.cell(row=row, column=2, value=value)
        cell.fill = INPUT
        cell.number_format = fmt
    sheet["A14"] = "Calculated"
    sheet["A14"].font = BOLD
    calculated = [
        (15, "Post-money valuation", "=B12+B11", "#,##0"),
        (16, "New investors' share", "=B11/B15", "0.0%"),
        (17, "SAFE 1 share (amount / cap)", "=IFERROR(B7/B8,0)", "0.0%"),
        (18, "SAFE 2 share (amount / cap)", "=IFERROR(B9/B10,0)", "0.0%"),
        (19, "Founders' combined share", "=1-B16-B17-B18-B6", "0.0%"),
        (20, "Total shares after the round", "=(B4+B5)/B19", "#,##0"),
        (21, "Price per share (priced round)", "=B11/(B16*B20)", "0.0000"),
    ]
    for row, label, formula, fmt in calculated:
        sheet.cell(row=row, column=1, value=label)
        cell = sheet.cell(row=row, column=2, value=formula)
        cell.number_format = fmt
    _heading(sheet, 23, "Holder", "Shares before", "Shares after", "% after")
    holders = [
        ("Founder A", "=B4", "=B4"),
        ("Founder B", "=B5", "=B5"),
        ("Option pool", 0, "=ROUND(B6*$B$20,0)"),
        ("SAFE 1", 0, "=ROUND(B17*$B$20,0)"),
        ("SAFE 2", 0, "=ROUND(B18*$B$20,0)"),
        ("Seed investors", 0, "=ROUND(B16*$B$20,0)"),
    ]
    for row, (holder, before, after) in enumerate(holders, 24):
        sheet.cell(row=row, column=1, value=holder)
        sheet.cell(row=row, column=2, value=before).number_format = "#,##0"
        sheet.cell(row=row, column=3, value=after).number_format = "#,##0"
        share = sheet.cell(row=row, column=4, value=f"=C{row}/$C$30")
        share.number_format = "0.0%"
    sheet.cell(row=30, column=1, value="Total").font = BOLD
    sheet.cell(row=30, column=2, value="=SUM(B24:B29)").number_format = "#,##0"
    sheet.cell(row=30, column=3, value="=SUM(C24:C29)").number_format = "#,##0"
    sheet.cell(row=30, column=4, value="=SUM(D24:D29)").number_format = "0.0%"
    sheet["A32"] = "For binding numbers, rely on your lawyer and your cap table records."
    _widths(sheet, A=40, B=16, C=16, D=10)
    book.save(path)


TERM_SHEET: list[tuple[str, list[str]]] = [
    ("1. Roles and decisions", [
        "Who leads which area (product, engineering, sales, finance, hiring)?",
        "Who has the final say in each area when founders disagree?",
        "Which decisions need all founders (raising money, hiring executives, selling)?",
    ]),
    ("2. Equity split", [
        "Shares held by each founder, and the reasons (contribution, commitment, risk).",
        "How future contributions or role changes could change the split.",
    ]),
    ("3. Vesting", [
        "Vesting period and cliff (common: four years, one-year cliff).",
        "Start date (incorporation or earlier work).",
        "Acceleration on acquisition (single or double trigger) or none.",
    ]),
    ("4. Time and money", [
        "Full-time from (date); any part-time period and its end.",
        "Founder salaries now and when they change.",
        "Money each founder puts in, and whether it is a loan or equity.",
    ]),
    ("5. Intellectual property", [
        "Everything created for the company belongs to the company, including work before "
        "incorporation (sign IP assignments).",
        "Anything a founder keeps (list it).",
    ]),
    ("6. Leaving", [
        "Good leaver and bad leaver definitions.",
        "What happens to unvested and vested shares in each case; buy-back price.",
    ]),
    ("7. Outside activities and confidentiality", [
        "Other jobs, advisory roles or side projects allowed.",
        "Confidentiality, non-solicitation and (where lawful) non-compete terms.",
    ]),
    ("8. Disputes", [
        "The steps before lawyers: a founders' meeting, then mediation with (name or body).",
    ]),
]  # fmt: skip


def term_sheet(path: Path) -> None:
    doc = Document()
    doc.core_properties.author = "Unstuck Solutions Hub"
    doc.core_properties.created = doc.core_properties.modified = STAMP
    doc.styles["Normal"].font.size = Pt(11)
    doc.add_heading("Co-Founder Agreement: Term Sheet", level=0)
    doc.add_paragraph(
        "Fill this in together, then ask a qualified lawyer to turn it into the shareholders' "
        "agreement, vesting agreements and IP assignments your jurisdiction needs. It is not "
        "a contract and not legal advice. Based on the topics in Noam Wasserman, The "
        "Founder's Dilemmas (Princeton University Press, 2012)."
    )
    table = doc.add_table(rows=1, cols=2)
    table.style = "Table Grid"
    table.rows[0].cells[0].text = "Company"
    table.rows[0].cells[1].text = ""
    for label in ("Founders (names)", "Date"):
        row = table.add_row()
        row.cells[0].text = label
    for title, questions in TERM_SHEET:
        doc.add_heading(title, level=1)
        for question in questions:
            doc.add_paragraph(question, style="List Bullet")
        doc.add_paragraph("What we agreed:")
        answer = doc.add_table(rows=3, cols=1)
        answer.style = "Table Grid"
        doc.add_paragraph("Why:")
        doc.add_table(rows=2, cols=1).style = "Table Grid"
    doc.add_heading("Signatures", level=1)
    doc.add_paragraph("Each founder signs to confirm this is what was agreed on the date above.")
    signatures = doc.add_table(rows=3, cols=3)
    signatures.style = "Table Grid"
    for i, label in enumerate(("Name", "Signature", "Date")):
        signatures.rows[0].cells[i].text = label
    doc.save(path)


def video_scripts() -> list[Path]:
    written = []
    for resource in read_files():
        if not resource.is_script:
            continue
        path = asset_path(files.script_path(resource.slug))
        path.write_text(files.script_file(resource), encoding="utf-8")
        written.append(path)
    return written


BUILDERS = {
    "unit-economics-worksheet.xlsx": unit_economics,
    "cash-flow-forecast.xlsx": cash_flow,
    "cap-table-model.xlsx": cap_table,
    "cofounder-agreement-term-sheet.docx": term_sheet,
}


def main() -> None:
    for name, build in BUILDERS.items():
        path = asset_path(files.DOWNLOAD_PREFIX + name)
        path.parent.mkdir(parents=True, exist_ok=True)
        build(path)
        print(f"wrote {path.relative_to(ROOT)}")
    for path in video_scripts():
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
