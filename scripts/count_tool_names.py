"""Lists the modules of startup_toolkit/ that name four or more of the AI tools (by their
registry constants, catalogue entries, or their domain and home modules): issue 25's figure
of how many places a new tool could be registered by hand. `python scripts/count_tool_names.py`"""

from __future__ import annotations

import re
from pathlib import Path

_TOOLS = {
    "scanner": (r"\bSCANNER\b", r"VIABILITY_SCANNER", r"\bscanner\b"),
    "cofounder": (r"\bCOFOUNDER\b", r"AI_COFOUNDER", r"\bcofounder\b"),
    "funding": (r"\bFUNDING\b", r"FUNDING_PREDICTOR", r"\bfunding\b"),
    "growth": (r"\bGROWTH\b", r"GROWTH_ENGINE", r"\bgrowth\b"),
    "incubator": (r"\bINCUBATOR\b", r"IDEA_INCUBATOR", r"\bincubator\b", r"STRESS_TEST"),
    "oracle": (r"\bORACLE\b", r"STARTUP_ORACLE", r"\boracle\b", r"ORACLE_CONTENT"),
    "recommender": (r"\bRECOMMENDER\b", r"\brecommender\b"),
    "hub": (r"HUB_DOCUMENT", r"\bhub_document\b"),
}
#: Where a lower-case name counts: in an import of a domain module or a tool's home.
_IMPORT = re.compile(r"^\s*(?:from|import)\s+startup_toolkit\.domain[.\w]*(?:\s+import\s+(.*))?$")


def _names(source: str) -> set[str]:
    imported = " ".join(
        f"{m.group(0)}" for line in source.splitlines() if (m := _IMPORT.match(line))
    )
    found = set()
    for tool, patterns in _TOOLS.items():
        for pattern in patterns:
            text = imported if pattern.startswith(r"\b") and pattern[2].islower() else source
            if re.search(pattern, text):
                found.add(tool)
                break
    return found


def main() -> None:
    root = Path(__file__).resolve().parent.parent / "startup_toolkit"
    rows = sorted(
        (
            (len(n), str(p.relative_to(root)), sorted(n))
            for p in root.rglob("*.py")
            if len(n := _names(p.read_text(encoding="utf-8"))) >= 4
        ),
        reverse=True,
    )
    for count, path, names in rows:
        print(f"{count}  {path}  {', '.join(names)}")
    print(f"{len(rows)} modules name four or more tools")


if __name__ == "__main__":
    main()
