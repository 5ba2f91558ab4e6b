"""What every page's first load carries: the build plugins and the site shell's imports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from reflex_base.compiler import templates

from startup_toolkit.components.chunk_plugin import ChunkGroupsPlugin, add_chunk_groups
from startup_toolkit.components.footer import site_footer
from startup_toolkit.components.radix_plugin import (
    COLOR_SCALES,
    THEMES,
    LeanRadixThemesPlugin,
    stylesheets,
)

SOURCES = Path(__file__).resolve().parents[2] / "startup_toolkit"
ASSETS = SOURCES.parent / "assets"
RADIX_SCALES = [
    "gray",
    "mauve",
    "slate",
    "sage",
    "olive",
    "sand",
    "amber",
    "blue",
    "bronze",
    "brown",
    "crimson",
    "cyan",
    "gold",
    "grass",
    "green",
    "indigo",
    "iris",
    "jade",
    "lime",
    "mint",
    "orange",
    "pink",
    "plum",
    "purple",
    "red",
    "ruby",
    "sky",
    "teal",
    "tomato",
    "violet",
    "yellow",
]


def _vite_config() -> str:
    return templates.vite_config_template(
        base="/", hmr=False, force_full_reload=False, experimental_hmr=False, sourcemap=False
    )


def test_the_vite_config_gets_the_icon_and_component_groups_first() -> None:
    config = add_chunk_groups(_vite_config())
    icons, ui, env = (config.index(f'name: "{n}"') for n in ("icons", "ui", "reflex-env"))
    assert icons < ui < env
    assert r"test: /node_modules[\\/]lucide-react[\\/]/," in config
    assert config.count('tags: ["$initial"],') == 2  # icons loaded by name stay apart
    assert config.count("minShareCount: 3,") == 2


def test_a_changed_template_fails_the_build_loudly() -> None:
    with pytest.raises(ValueError, match="template changed"):
        add_chunk_groups("export default {}")


def test_the_chunk_plugin_registers_the_change_on_vite_config() -> None:
    tasks: list[tuple[str, object]] = []
    ChunkGroupsPlugin().pre_compile(add_modify_task=lambda path, fn: tasks.append((path, fn)))
    assert tasks == [("vite.config.js", add_chunk_groups)]


def test_radix_ships_split_stylesheets_and_no_dynamic_component_namespace() -> None:
    plugin = LeanRadixThemesPlugin()
    assert plugin.get_frontend_dependencies() == ()
    sheets = plugin.get_stylesheet_paths()
    assert sheets == stylesheets()
    assert sheets[0] == f"{THEMES}/tokens/base.css"
    assert sheets[-1] == "./radix_themes.css"  # components and utilities, trimmed
    assert f"{THEMES}/styles.css" not in sheets
    assert f"{THEMES}/components.css" not in sheets


def _scales_named_in_sources() -> set[str]:
    names = "|".join(RADIX_SCALES)
    quoted = re.compile(rf"[\"']({names})[\"']")
    css_var = re.compile(rf"--({names})-a?\d")
    found: set[str] = set()
    for path in [*SOURCES.rglob("*.py"), *ASSETS.rglob("*.css")]:
        text = path.read_text(encoding="utf-8")
        found.update(quoted.findall(text), css_var.findall(text))
    return found


def test_every_colour_scale_the_app_names_is_shipped() -> None:
    """A colour missing from COLOR_SCALES would render colourless: add it there."""
    assert _scales_named_in_sources() <= set(COLOR_SCALES)


def test_the_footer_needs_no_date_library() -> None:
    imports = site_footer()._get_all_imports()
    assert not any("moment" in library for library in imports)


def test_the_app_builds_with_both_plugins() -> None:
    """rxconfig registers the lean Radix plugin (instead of Reflex's) and the chunk groups."""
    from reflex_base.config import get_config

    from startup_toolkit.components.chunk_plugin import ChunkGroupsPlugin
    from startup_toolkit.components.radix_plugin import LeanRadixThemesPlugin

    kinds = [type(plugin) for plugin in get_config().plugins]
    assert LeanRadixThemesPlugin in kinds and ChunkGroupsPlugin in kinds
    assert not any(
        kind.__name__ == "RadixThemesPlugin" and kind is not LeanRadixThemesPlugin for kind in kinds
    )
