"""Prerendered pages paint before their scripts: the build step deferring the module loader."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from reflex.utils.frontend_skeleton import _update_react_router_config
from reflex_base.config import get_config

from startup_toolkit.components.paint_first_plugin import (
    SCRIPT,
    SCRIPT_NAME,
    PaintFirstPlugin,
    add_build_end,
)

NODE = shutil.which("node") or shutil.which("bun")
needs_node = pytest.mark.skipif(NODE is None, reason="needs node (or bun) to run the build script")

#: The end of a page as React Router 8 prerenders it (shortened: two route modules).
PAGE = (
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>'
    '<link rel="stylesheet" href="/assets/styles-A1.css" type="text/css"/>'
    '<link rel="modulepreload" href="/assets/manifest-1.js"/>'
    '<link rel="modulepreload" href="/assets/entry.client-2.js"/>'
    '<link rel="modulepreload" href="/assets/root-3.js"/>'
    '<link rel="modulepreload" href="/assets/_index-4.js"/>'
    '<script>document.documentElement.classList.add("dark")</script></head>'
    '<body><h1>Hello</h1><script>window.__reactRouterContext = {"ssr":false};</script>'
    '<script type="module" async="">import "/assets/manifest-1.js";\n'
    'import * as route0 from "/assets/root-3.js";\n'
    'import * as route1 from "/assets/_index-4.js";\n  \n'
    '  window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1};\n\n'
    'import("/assets/entry.client-2.js");</script></body></html>'
)


def _paint_first(html: str) -> str:
    """Run paint_first.mjs's paintFirst on `html` in node."""
    code = (
        f"import {{ paintFirst }} from {json.dumps(SCRIPT.as_uri())};"
        "let input = ''; process.stdin.on('data', d => input += d);"
        "process.stdin.on('end', () => process.stdout.write(paintFirst(input)));"
    )
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", code],
        input=html,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if done.returncode:
        raise RuntimeError(done.stderr)
    return done.stdout


@needs_node
def test_the_page_keeps_its_html_and_loses_its_early_module_preloads() -> None:
    out = _paint_first(PAGE)
    assert "modulepreload" not in out.split("<script type=")[0]  # nothing preloaded in <head>
    assert "<h1>Hello</h1>" in out
    assert '<link rel="stylesheet" href="/assets/styles-A1.css"' in out
    assert out.count("<script") == PAGE.count("<script")


@needs_node
def test_the_loader_preloads_and_imports_every_module_after_the_first_frame() -> None:
    out = _paint_first(PAGE)
    loader = out.split('<script type="module" async="">')[1].split("</script>")[0]
    assert loader.endswith("document.hidden?load():requestAnimationFrame(()=>setTimeout(load))")
    for href in ("manifest-1", "entry.client-2", "root-3", "_index-4"):
        assert f'"/assets/{href}.js"' in loader
    assert 'link.rel="modulepreload"' in loader
    assert 'import("/assets/root-3.js")' in loader and 'import("/assets/_index-4.js")' in loader
    assert 'window.__reactRouterRouteModules={"root":route0,"routes/_index":route1}' in loader
    assert loader.index("__reactRouterRouteModules=") < loader.index(
        'import("/assets/entry.client-2.js")'
    )
    assert not loader.lstrip().startswith("import ")  # no static import runs before the frame


@needs_node
def test_a_page_without_scripts_is_left_alone() -> None:
    page = "<!DOCTYPE html><html><body><p>Not found</p></body></html>"
    assert _paint_first(page) == page


@needs_node
def test_a_changed_loader_fails_the_build_loudly() -> None:
    changed = PAGE.replace("window.__reactRouterRouteModules", "window.__routeModules")
    with pytest.raises(RuntimeError, match="module loader changed"):
        _paint_first(changed)
    no_loader = PAGE.replace('<script type="module" async="">', "<script>")
    with pytest.raises(RuntimeError, match="no module loader"):
        _paint_first(no_loader)


def test_react_router_config_gets_a_build_end_that_rewrites_the_client_pages() -> None:
    reflex_config = _update_react_router_config(get_config(), prerender_routes=True)
    config = add_build_end(reflex_config)
    assert f'import {{ paintFirstPages }} from "./{SCRIPT_NAME}";' in config
    assert f"const config = {reflex_config.removeprefix('export default ').rstrip(';')};" in config
    assert "...config," in config
    assert 'paintFirstPages(resolve(reactRouterConfig.buildDirectory, "client"))' in config


def test_a_changed_router_config_fails_the_build_loudly() -> None:
    with pytest.raises(ValueError, match="plain `export default"):
        add_build_end("module.exports = {}")
    with pytest.raises(ValueError, match="plain `export default"):
        add_build_end(add_build_end('export default {"ssr": false};'))


def test_the_plugin_writes_the_script_and_registers_the_config_change() -> None:
    plugin = PaintFirstPlugin()
    assert plugin.get_static_assets() == [(Path(SCRIPT_NAME), SCRIPT.read_text())]
    tasks: list[tuple[str, object]] = []
    plugin.pre_compile(add_modify_task=lambda path, fn: tasks.append((path, fn)))
    assert tasks == [("react-router.config.js", add_build_end)]


def test_rxconfig_registers_the_plugin() -> None:
    assert any(isinstance(plugin, PaintFirstPlugin) for plugin in get_config().plugins)
