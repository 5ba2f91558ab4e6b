"""The trimmed Radix stylesheet: built for every component and prop the pages use."""

from __future__ import annotations

from startup_toolkit.components import radix_css
from startup_toolkit.components.radix_css import STYLESHEET, built_for, trim
from startup_toolkit.components.radix_plugin import TRIMMED, LeanRadixThemesPlugin

CSS = STYLESHEET.read_text(encoding="utf-8")


def test_the_stylesheet_covers_every_radix_component_and_prop_the_pages_use() -> None:
    """Fails when a page starts using a Radix component or layout prop the stylesheet was not
    built for: run `python scripts/build_radix_css.py` (after building the app once)."""
    tags, props = radix_css.used_components_and_props()
    built = built_for(CSS)
    assert tags <= built["tags"], "rebuild radix_themes.css"
    assert props & built["known"] <= built["props"], "rebuild radix_themes.css"


def test_used_components_keep_their_rules_sizes_and_variants() -> None:
    for needed in (
        ".rt-Button",
        ".rt-BaseButton",
        ".rt-BaseDialogContent",
        ".rt-SelectContent",
        ".rt-TextFieldRoot",
        ".rt-BaseTabListTrigger",
        ".rt-variant-soft",
        ".rt-r-size-2",
        ".rt-high-contrast",
        "@keyframes rt-dialog-content-show",
        ".radix-themes",
    ):
        assert needed in CSS, needed


def test_used_props_keep_every_value_and_breakpoint() -> None:
    for needed in (".rt-r-gap-4", ".md\\:rt-r-gtc-2", ".rt-r-fd-column", ".xl\\:rt-r-ai-center"):
        assert needed in CSS, needed


def test_unused_components_and_props_are_gone() -> None:
    for unused in (".rt-SegmentedControlRoot", ".rt-SliderRoot", ".rt-r-gta", ".rt-r-ml-2"):
        assert unused not in CSS, unused


def test_trim_keeps_whole_selectors_of_kept_components_only() -> None:
    source = (
        ".rt-A, .rt-B:where(.rt-variant-soft, .rt-r-size-1) { color: red; }\n"
        ".rt-reset { margin: 0; }\n"
        "@media (min-width: 520px) { .rt-B { top: 0; } }\n"
        "@keyframes rt-spin { from { rotate: 0; } }\n"
        ".rt-A .rt-C { content: '}'; }\n"
    )
    out = trim(source, lambda sel: radix_css.keeps_components(sel, {"rt-A"}))
    assert ".rt-A {" in out and ".rt-B" not in out and ".rt-C" not in out
    assert ".rt-reset {" in out and "@keyframes rt-spin { from { rotate: 0; } }" in out
    assert "@media" not in out


def test_utilities_are_kept_by_prop_family_with_their_breakpoints() -> None:
    families = {"rt-r-m", "rt-r-gap"}
    assert radix_css.keeps_utilities(".md\\:rt-r-gap-2", families)
    assert radix_css.keeps_utilities(".rt-r-m-3", families)
    assert not radix_css.keeps_utilities(".rt-r-mx-3", families)
    assert not radix_css.keeps_utilities(".rt-r-ga-2", families)


def test_the_plugin_ships_the_trimmed_sheet_after_the_tokens() -> None:
    plugin = LeanRadixThemesPlugin()
    assert plugin.get_static_assets() == [(TRIMMED, CSS)]
    sheets = plugin.get_stylesheet_paths()
    assert sheets[-1] == f"./{STYLESHEET.name}" and TRIMMED.parent.name == "styles"
