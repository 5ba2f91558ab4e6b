"""Write the Radix Themes stylesheet trimmed to what the app renders.

Radix's components.css and utilities.css (~680 KB raw, ~52 KB gzip) style every component
and every layout prop; the app renders about thirty components and a few props. This script
reads both files from the installed `@radix-ui/themes` (in `.web/node_modules`, so build
the app once first) and keeps:

- every rule of a component the app imports (from any page, as `_get_all_imports` sees it),
  and of the components those render inside themselves (their JavaScript's `rt-` classes);
- every utility class of a prop the app passes to a Radix component (all values and
  breakpoints: values may come from state at run time);
- every rule that names no component and no utility (reset, animations, the theme root).

Run it again after using a new Radix component or layout prop:
`python scripts/build_radix_css.py`; `tests/components/test_radix_css.py` fails until then.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from startup_toolkit.components import radix_css  # noqa: E402

DEFAULT_PACKAGE = ROOT / ".web/node_modules/@radix-ui/themes"


def _kebab(tag: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", tag).lower()


def _rendered_classes(package: Path, tags: set[str]) -> set[str]:
    """The `rt-` component classes in the JavaScript of these components and what it imports."""
    folder = package / "dist/esm/components"
    todo = [folder / f"{_kebab(tag)}.js" for tag in tags]
    seen: set[Path] = set()
    classes: set[str] = set()
    while todo:
        path = todo.pop()
        if path in seen or not path.exists():
            continue
        seen.add(path)
        code = path.read_text(encoding="utf-8")
        classes |= set(radix_css.COMPONENT_CLASS.findall(code))
        todo += [(path.parent / rel).resolve() for rel in re.findall(r'from"(\.[^"]+\.js)"', code)]
    return classes


def _prop_families(package: Path) -> dict[str, set[str]]:
    """Each Radix prop with utility classes, and their prefixes (`gap`: `rt-r-gap`)."""
    families: dict[str, set[str]] = {}
    pattern = re.compile(r'(\w+):\{type:"[^"]*",className:"(rt-r-[\w-]+)"')
    for path in (package / "dist/esm").rglob("*.js"):
        for prop, family in pattern.findall(path.read_text(encoding="utf-8")):
            families.setdefault(prop, set()).add(family)
    return families


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, default=DEFAULT_PACKAGE)
    args = parser.parse_args()
    tags, props = radix_css.used_components_and_props()
    classes = _rendered_classes(args.package, tags)
    known = _prop_families(args.package)
    props &= set(known)
    families = {family for prop in props for family in known[prop]}
    parts = []
    for name, keep in (
        ("components.css", lambda sel: radix_css.keeps_components(sel, classes)),
        ("utilities.css", lambda sel: radix_css.keeps_utilities(sel, families)),
    ):
        source = (args.package / name).read_text(encoding="utf-8")
        parts.append(radix_css.trim(source, keep))
    header = radix_css.header(tags, props, families, set(known))
    radix_css.STYLESHEET.write_text(header + "\n".join(parts), encoding="utf-8")
    print(f"{radix_css.STYLESHEET.relative_to(ROOT)}: {len(tags)} components, {len(props)} props")


if __name__ == "__main__":
    main()
