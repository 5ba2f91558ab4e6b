"""The Radix Themes stylesheet trimmed to the components and props the app uses.

`vendor/radix_themes.css` (written by scripts/build_radix_css.py from the installed package:
third-party CSS, hence vendor/) replaces Radix's components.css and utilities.css; its header
lists what it was built for, so a test can tell when a page starts using a component or prop
it lacks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

STYLESHEET = Path(__file__).parent / "vendor" / "radix_themes.css"
RADIX_LIBRARY = "@radix-ui/themes"
#: A component's own class (`rt-Button`, `rt-BaseDialogContent`); modifiers are lower case.
COMPONENT_CLASS = re.compile(r"rt-[A-Z][A-Za-z]*")
_UTILITY_CLASS = re.compile(r"rt-r-[A-Za-z0-9-]+")
_JSX_KEY = re.compile(r"[{,]([A-Za-z_]\w*):")
_HEADER = re.compile(
    r"/\* components: (?P<tags>[^*]*)\*/\n/\* props: (?P<props>[^*]*)\*/\n"
    r"/\* utilities: (?P<families>[^*]*)\*/\n/\* radix props: (?P<known>[^*]*)\*/\n"
)


def used_components_and_props() -> tuple[set[str], set[str]]:
    """The Radix components every page imports (and the root Theme), and every prop name the
    pages' JSX passes (a superset of the Radix props: over-keeping costs only bytes)."""
    from startup_toolkit import pages  # noqa: F401  (records every page in SITE_PAGES)
    from startup_toolkit.components.page_route import SITE_PAGES

    tags, props = {"Theme"}, set()
    for render, _ in SITE_PAGES:
        page = render()
        for library, names in page._get_all_imports().items():
            if library.startswith(RADIX_LIBRARY):
                tags |= {name.tag for name in names if name.tag}
        props |= set(_JSX_KEY.findall(str(page)))
    return tags, props


def header(tags: set[str], props: set[str], families: set[str], known: set[str]) -> str:
    """The stylesheet's first lines: the components, the Radix props (and their utility
    classes) it was built for, and every Radix prop that has utility classes."""
    lines = [
        "Radix Themes components.css + utilities.css, trimmed by scripts/build_radix_css.py",
        "components: " + " ".join(sorted(tags)),
        "props: " + " ".join(sorted(props)),
        "utilities: " + " ".join(sorted(families)),
        "radix props: " + " ".join(sorted(known)),
    ]
    return "".join(f"/* {line} */\n" for line in lines)


def built_for(css: str) -> dict[str, set[str]]:
    """What a trimmed stylesheet was built for: `tags`, `props`, `families`, `known`."""
    found = _HEADER.search(css)
    if found is None:
        raise ValueError("not a stylesheet written by scripts/build_radix_css.py")
    return {key: set(value.split()) for key, value in found.groupdict().items()}


def _blocks(css: str) -> Iterator[tuple[str, str]]:
    """Top-level `prelude { body }` pairs (Radix's built CSS has no comments)."""
    depth, start, open_at, quote = 0, 0, 0, ""
    for i, char in enumerate(css):
        if quote:
            quote = "" if char == quote and css[i - 1] != "\\" else quote
        elif char in "'\"":
            quote = char
        elif char == "{":
            if depth == 0:
                open_at = i
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                yield css[start:open_at].strip(), css[open_at + 1 : i]
                start = i + 1


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        depth += char in "(["
        depth -= char in ")]"
        if char == "," and depth == 0:
            parts.append(prelude[start:i].strip())
            start = i + 1
    parts.append(prelude[start:].strip())
    return parts


def trim(css: str, keep: Callable[[str], bool]) -> str:
    """`css` with only the selectors `keep` accepts (at-rules other than @media and
    @supports, such as @keyframes, stay whole)."""
    out = []
    for prelude, body in _blocks(css):
        if prelude.startswith(("@media", "@supports")):
            inner = trim(body, keep)
            if inner:
                out.append(f"{prelude} {{\n{inner}}}\n")
        elif prelude.startswith("@"):
            out.append(f"{prelude} {{{body}}}\n")
        else:
            kept = [selector for selector in _selectors(prelude) if keep(selector)]
            if kept:
                out.append(f"{', '.join(kept)} {{{body}}}\n")
    return "".join(out)


def keeps_components(selector: str, classes: set[str]) -> bool:
    """Whether a components.css selector styles only components in `classes`."""
    return all(name in classes for name in COMPONENT_CLASS.findall(selector))


def keeps_utilities(selector: str, families: set[str]) -> bool:
    """Whether a utilities.css selector's classes all belong to a used prop's family."""
    return all(
        any(name == family or name.startswith(family + "-") for family in families)
        for name in _UTILITY_CLASS.findall(selector)
    )
