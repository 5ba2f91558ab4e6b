"""The layout holds (README, "Map of the code"): imports flow one way, pages -> components/state
-> services -> domain/models/providers, so nothing below the UI imports Reflex and most logic is
tested without it; no page imports another page; no module grows past `MAX_LINES`.

Every module is parsed, not imported: top-level, lazy (inside a function) and `TYPE_CHECKING`
imports all count, and relative imports are resolved to the module they name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "startup_toolkit"
ROOT = PACKAGE.parent
MAX_LINES = 600

UI = ("startup_toolkit.state", "startup_toolkit.pages", "startup_toolkit.components")
BELOW_UI = ("domain", "services", "providers", "models")
# Pure logic: no use case, no outside world, no database.
BELOW_DOMAIN = ("startup_toolkit.services", "startup_toolkit.providers", "startup_toolkit.db")


def _modules(*layers: str) -> list[Path]:
    return sorted(path for layer in layers for path in (PACKAGE / layer).rglob("*.py"))


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) for every import in `path`; `from a import b` yields `a` and `a.b`."""
    module = _name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            yield node.lineno, source
            for alias in node.names:
                yield node.lineno, f"{source}.{alias.name}"


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == prefix or name.startswith(f"{prefix}.") for prefix in prefixes)


def _is_reflex(name: str) -> bool:
    """Reflex ships as several distributions: reflex, reflex_base, reflex_components_*, ..."""
    top = name.split(".", 1)[0]
    return top == "reflex" or top.startswith("reflex_")


def _where(path: Path, line: int, name: str) -> str:
    return f"{_name(path)} (line {line}) imports {name}"


def test_nothing_below_the_ui_imports_reflex_or_the_ui() -> None:
    wrong = {
        _where(path, line, name)
        for path in _modules(*BELOW_UI)
        for line, name in _imports(path)
        if _is_reflex(name) or _within(name, UI)
    }
    assert not wrong, "domain/, services/, providers/ and models/ stay free of Reflex:\n" + (
        "\n".join(sorted(wrong))
    )


def test_domain_is_pure_logic() -> None:
    wrong = {
        _where(path, line, name)
        for path in _modules("domain")
        for line, name in _imports(path)
        if _within(name, BELOW_DOMAIN)
    }
    assert not wrong, "domain/ imports no service, provider or database:\n" + (
        "\n".join(sorted(wrong))
    )


def _page(path: Path) -> str | None:
    """The page a module under pages/ belongs to (None: the package's own __init__)."""
    parts = path.relative_to(PACKAGE / "pages").parts
    return None if parts == ("__init__.py",) else parts[0].removesuffix(".py")


def test_no_page_imports_another_page() -> None:
    wrong = set()
    for path in _modules("pages"):
        page = _page(path)
        if page is None:  # pages/__init__ registers them all
            continue
        for line, name in _imports(path):
            parts = name.split(".")
            if _within(name, ("startup_toolkit.pages",)) and len(parts) > 2 and parts[2] != page:
                wrong.add(_where(path, line, name))
    assert not wrong, "a page shares through components/, state/ or services/:\n" + (
        "\n".join(sorted(wrong))
    )


def test_no_module_is_too_long() -> None:
    long = {
        f"{_name(path)} has {lines} lines"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"at most {MAX_LINES} lines a module:\n" + "\n".join(sorted(long))
