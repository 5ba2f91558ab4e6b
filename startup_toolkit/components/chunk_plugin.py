"""Fewer script files on a first load: icons and small Radix components shared by pages.

Left to itself the bundler gives every icon and every small component shared by a different
set of pages its own file: the home page loaded ~60 scripts, each a request with its own
headers and, over HTTP/1.1, a turn on one of six connections (Lighthouse's mobile model
counts each one). These groups (Rolldown's `codeSplitting.groups`, added to the vite config
Reflex writes) put the icons and Radix components that three or more pages import into one
file each; those of one or two pages stay with those pages, and icons fetched by name at run
time stay apart.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from reflex_base.constants import ReactRouter
from reflex_base.plugins.base import Plugin

GROUPS_MARKER = "groups: ["
#: Shared by at least this many pages (route modules) to join a group's file.
MIN_SHARE = 3
GROUPS = f"""
            {{
              name: "icons",
              test: /node_modules[\\\\/]lucide-react[\\\\/]/,
              tags: ["$initial"],
              minShareCount: {MIN_SHARE},
              priority: 2,
            }},
            {{
              name: "ui",
              test: /@radix-ui[\\\\/]themes[\\\\/]dist[\\\\/]esm[\\\\/]components[\\\\/]/,
              tags: ["$initial"],
              minShareCount: {MIN_SHARE},
              priority: 1,
            }},"""


def add_chunk_groups(vite_config: str) -> str:
    """The vite config with our groups first in `codeSplitting.groups`."""
    if GROUPS_MARKER not in vite_config:
        msg = "vite.config.js has no codeSplitting groups list: Reflex's template changed"
        raise ValueError(msg)
    return vite_config.replace(GROUPS_MARKER, GROUPS_MARKER + GROUPS, 1)


@dataclasses.dataclass
class ChunkGroupsPlugin(Plugin):
    """Adds the chunk groups above to the vite config of every build."""

    def pre_compile(self, **context: Any) -> None:
        """Ask Reflex to pass vite.config.js through add_chunk_groups before writing it."""
        context["add_modify_task"](ReactRouter.VITE_CONFIG_FILE, add_chunk_groups)
