"""No database work on the event loop: Reflex runs every handler (sync or async) on the loop,
so one slow query there stalls every tab of the worker.

Walks the code of pages/, state/, components/ and api/ and fails on `session_scope()` (or a bare
`Session(...)`) anywhere, and on a direct call of a synchronous service function that takes a
database session: such a function may only be handed to a worker thread (`in_worker(fn, ...)`)
or called from a function that itself takes the session first (one that runs in the thread).

Nor export rendering (issue 27, item 6): a PDF is about 0.1 s of CPU, and a flood of them on
the loop or on `in_worker`'s threads stalled every founder's pages. A renderer is never called
in that code, not even in a function that runs in a worker thread, and never handed to
`in_worker` or `asyncio.to_thread`: only to the export pool (`export_pool.renders().submit`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "startup_toolkit"
WALKED = ("pages", "state", "components", "api")
DB_OPENERS = {"session_scope", "Session"}


def _modules() -> list[Path]:
    return sorted(p for folder in WALKED for p in (PACKAGE / folder).rglob("*.py"))


def _takes_session(fn: object) -> bool:
    """A synchronous function whose first parameter is a database session."""
    if not callable(fn) or inspect.iscoroutinefunction(fn) or inspect.isasyncgenfunction(fn):
        return False
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    if not params:
        return False
    first = params[0]
    return first.name in ("session", "db") or "Session" in str(first.annotation)


def _service_names(tree: ast.Module) -> dict[str, object]:
    """Local names bound to service modules or functions by the module's imports."""
    names: dict[str, object] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        if not node.module.startswith("startup_toolkit.services"):
            continue
        module = importlib.import_module(node.module)
        for alias in node.names:
            value = getattr(module, alias.name, None)
            if value is None:
                value = importlib.import_module(f"{node.module}.{alias.name}")
            names[alias.asname or alias.name] = value
    return names


def _called(node: ast.Call, services: dict[str, object]) -> tuple[str, object] | None:
    """The service function this call names, if any (`fn(...)` or `module.fn(...)`)."""
    func = node.func
    if isinstance(func, ast.Name) and func.id in services:
        return func.id, services[func.id]
    if (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in services
        and inspect.ismodule(services[func.value.id])
    ):
        module = services[func.value.id]
        return f"{func.value.id}.{func.attr}", getattr(module, func.attr, None)
    return None


def _through_module(node: ast.Call, services: dict[str, object]) -> tuple[object, object]:
    """(service module, the called object) of a call that reaches into a service module through
    attributes (`limits.sign_ups.allow(...)`); (None, None) for any other call."""
    chain: list[str] = []
    func = node.func
    while isinstance(func, ast.Attribute):
        chain.insert(0, func.attr)
        func = func.value
    if not (isinstance(func, ast.Name) and inspect.ismodule(services.get(func.id))):
        return None, None
    module = services[func.id]
    target: object = module
    for name in chain:
        target = getattr(target, name, None)
    return module, target


def _blocks_on_redis(module: object, target: object) -> bool:
    """A synchronous call into a service module that uses the shared Redis client."""
    uses_redis = inspect.ismodule(module) and "redis_store" in vars(module)
    if not uses_redis or inspect.isclass(target) or inspect.iscoroutinefunction(target):
        return False
    return callable(target)


def _is_worker_function(node: ast.AST) -> bool:
    """A sync function taking the session first: it runs in a worker thread (`in_worker`)."""
    if not isinstance(node, ast.FunctionDef) or not node.args.args:
        return False
    first = node.args.args[0]
    annotation = ast.unparse(first.annotation) if first.annotation else ""
    return first.arg in ("session", "db") or "Session" in annotation


def _findings(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, problem) for each database call on the event loop, in line order."""
    services = _service_names(tree)
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if _is_worker_function(node):
            return
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            called = _called(node, services)
            if name in DB_OPENERS:
                found.append((node.lineno, f"{name}() opens the database on the event loop"))
            elif called is not None and _takes_session(called[1]):
                found.append(
                    (node.lineno, f"{called[0]}(...) does database work on the event loop")
                )
            elif _blocks_on_redis(*_through_module(node, services)):
                call = ast.unparse(node.func)
                found.append((node.lineno, f"{call}(...) may wait on Redis on the event loop"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return sorted(found)


#: The functions that render an export: CPU work for the export pool's threads only.
RENDERERS = {
    ("startup_toolkit.services.exports", "render"),
    ("startup_toolkit.services.exports", "render_body"),
    ("startup_toolkit.providers.pdf_report", "to_pdf"),
    ("startup_toolkit.domain.report_markdown", "to_markdown"),
}
#: Calls that run a function handed to them on the event loop's threads.
THREAD_HANDOFFS = {"in_worker", "to_thread", "run_in_executor"}


def _renderer_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(local names bound to a renderer, local names bound to a module holding one)."""
    functions: set[str] = set()
    modules: set[str] = set()
    holders = {module for module, _ in RENDERERS}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                local = alias.asname or alias.name
                if (node.module, alias.name) in RENDERERS:
                    functions.add(local)
                elif f"{node.module}.{alias.name}" in holders:
                    modules.add(local)
    return functions, modules


def _names_renderer(node: ast.AST, functions: set[str], modules: set[str]) -> bool:
    """Whether the expression names a renderer: `to_pdf` or `exports.render_body`."""
    if isinstance(node, ast.Name):
        return node.id in functions
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
        and any(name == node.attr for _, name in RENDERERS)
    )


def _render_findings(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, problem) for each export render called directly or handed to a loop thread."""
    functions, modules = _renderer_names(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if _names_renderer(node.func, functions, modules):
            call = ast.unparse(node.func)
            found.append((node.lineno, f"{call}(...) renders outside the export pool"))
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in THREAD_HANDOFFS and any(
            _names_renderer(arg, functions, modules) for arg in node.args
        ):
            found.append((node.lineno, f"{name}(...) renders on the event loop's threads"))
    return sorted(found)


def _problems(path: Path) -> Iterator[str]:
    where = path.relative_to(PACKAGE.parent)
    tree = ast.parse(path.read_text(), filename=str(path))
    for line, problem in sorted(_findings(tree) + _render_findings(tree)):
        yield f"{where}:{line}: {problem}"


def test_the_walk_sees_the_pages_and_states() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in _modules()}
    assert "state/auth.py" in names
    assert any(n.startswith("pages/") for n in names)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_database_work_on_the_event_loop(path: Path) -> None:
    assert list(_problems(path)) == []


def test_the_check_catches_a_direct_service_call(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from startup_toolkit.db import session_scope\n"
        "from startup_toolkit.services import favorites\n"
        "from startup_toolkit.services.sessions import resolve_session\n"
        "async def handler(self):\n"
        "    with session_scope() as db:\n"
        "        favorites.list_favorites(db, 'u')\n"
        "def in_thread(db, token):\n"
        "    return resolve_session(db, token)\n"
        "def other(token):\n"
        "    return resolve_session(make(), token)\n"
        "async def fine(self):\n"
        "    return await in_worker(favorites.list_favorites, 'u')\n"
        "from startup_toolkit.services import visitor_limits\n"
        "async def limited(self):\n"
        "    return visitor_limits.sign_ups.allow('1.2.3.4')\n"
        "async def limited_in_thread(self):\n"
        "    return await asyncio.to_thread(visitor_limits.sign_ups.allow, '1.2.3.4')\n"
    )
    problems = [problem for _line, problem in _findings(ast.parse(bad.read_text()))]
    assert problems == [
        "session_scope() opens the database on the event loop",
        "favorites.list_favorites(...) does database work on the event loop",
        "resolve_session(...) does database work on the event loop",
        "visitor_limits.sign_ups.allow(...) may wait on Redis on the event loop",
    ]


def test_the_check_catches_an_export_render_outside_the_pool() -> None:
    source = (
        "import asyncio\n"
        "from startup_toolkit.services import exports\n"
        "from startup_toolkit.providers.pdf_report import to_pdf\n"
        "def in_thread(db, report):\n"
        "    return exports.render(report, 'pdf')\n"
        "async def handler(report):\n"
        "    await in_worker(exports.render_body, report, 'pdf')\n"
        "    await asyncio.to_thread(to_pdf, report)\n"
        "    return to_pdf(report)\n"
        "async def fine(pool, report):\n"
        "    return await asyncio.wrap_future(pool.submit(exports.render_body, report, 'pdf'))\n"
    )
    assert _render_findings(ast.parse(source)) == [
        (5, "exports.render(...) renders outside the export pool"),
        (7, "in_worker(...) renders on the event loop's threads"),
        (8, "to_thread(...) renders on the event loop's threads"),
        (9, "to_pdf(...) renders outside the export pool"),
    ]


def test_the_export_routes_hand_renders_to_the_pool() -> None:
    """The check sees the export routes' renderer, handed to the pool (and nothing else)."""
    path = PACKAGE / "api" / "exports.py"
    tree = ast.parse(path.read_text(), filename=str(path))
    functions, modules = _renderer_names(tree)
    named = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and _names_renderer(node, functions, modules)
    ]
    assert named == ["exports.render_body"]
    assert _render_findings(tree) == []
