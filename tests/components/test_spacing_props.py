"""A Radix spacing step ("1" to "9") passed as `gap=` becomes the CSS `gap: 2`, which browsers
drop: the items then touch. Layout components take the step as `spacing=`; any other element
takes a CSS length (`gap="var(--space-2)"`, `gap="0.5rem"`)."""

from __future__ import annotations

import ast
from pathlib import Path

import reflex as rx

PACKAGE = Path(__file__).resolve().parents[2] / "startup_toolkit"


def _unitless_gaps() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                value = kw.value
                if (
                    kw.arg == "gap"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value.isdigit()
                ):
                    found.append(f"{path.relative_to(PACKAGE)}:{kw.lineno}")
    return found


def test_no_spacing_step_is_passed_as_a_css_gap() -> None:
    assert _unitless_gaps() == []


def test_why_a_step_belongs_in_spacing() -> None:
    assert '["gap"] : "2"' in str(rx.flex(rx.text("a"), gap="2"))  # dropped by the browser
    assert 'gap:"2"' in str(rx.flex(rx.text("a"), spacing="2"))  # Radix: var(--space-2)
