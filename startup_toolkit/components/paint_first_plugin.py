"""Prerendered pages paint before their scripts run.

React Router ends each prerendered page with an async module script that imports the page's
modules and hydrates it. Those modules are preloaded at high priority, arrive with the
stylesheet and run before the browser's first paint of the HTML it already has, so the
first paint waits for hydration. After the build, `paint_first.mjs` (run by React Router's
`buildEnd` hook, before Reflex compresses the pages) makes the loader wait for the first
frame and lowers the preloads' priority. The CSP hashes of the changed scripts are read
from the built pages, as before (api/security_headers.py).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from reflex_base.constants import ReactRouter
from reflex_base.plugins.base import Plugin

SCRIPT = Path(__file__).with_name("paint_first.mjs")
#: Where the script is written in `.web`, beside react-router.config.js.
SCRIPT_NAME = "paint-first.mjs"
CONFIG_PREFIX = "export default "
BUILD_END = f"""import {{ resolve }} from "node:path";
import {{ paintFirstPages }} from "./{SCRIPT_NAME}";

const config = {{CONFIG}};

export default {{
  ...config,
  async buildEnd({{ reactRouterConfig }}) {{
    await paintFirstPages(resolve(reactRouterConfig.buildDirectory, "client"));
  }},
}};
"""


def add_build_end(router_config: str) -> str:
    """React Router's config with a `buildEnd` hook that rewrites the prerendered pages."""
    body = router_config.strip()
    if not body.startswith(CONFIG_PREFIX) or "buildEnd" in body:
        msg = "react-router.config.js is not Reflex's plain `export default {...}` any more"
        raise ValueError(msg)
    return BUILD_END.replace("{CONFIG}", body.removeprefix(CONFIG_PREFIX).rstrip(";"))


@dataclasses.dataclass
class PaintFirstPlugin(Plugin):
    """Adds paint_first.mjs to `.web` and runs it when React Router's build ends."""

    def get_static_assets(self, **context: Any) -> list[tuple[Path, str]]:
        """The rewriting script, beside react-router.config.js."""
        return [(Path(SCRIPT_NAME), SCRIPT.read_text(encoding="utf-8"))]

    def pre_compile(self, **context: Any) -> None:
        """Ask Reflex to pass react-router.config.js through add_build_end."""
        context["add_modify_task"](ReactRouter.CONFIG_FILE, add_build_end)
