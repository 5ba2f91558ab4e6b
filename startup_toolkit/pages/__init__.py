"""One package per large route, one module per small one; importing this package registers
every page with Reflex (each module and package here is imported, so a new page needs no line
in this file)."""

from __future__ import annotations

import importlib
import pkgutil

for _page in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_page}")
