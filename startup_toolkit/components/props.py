"""Prop bundles the views repeat, named for what they do (spread them: `**FILL_ROW`).

Only bundles that mean one layout idea belong here; spacing stays at the call site, because it
is the one value that differs from place to place.
"""

from __future__ import annotations

from typing import Any

#: A row across the whole width, its ends pushed apart, items centred on the cross axis.
SPREAD_ROW: dict[str, Any] = {"align": "center", "justify": "between", "width": "100%"}
#: A row across the whole width, items centred on the cross axis.
FILL_ROW: dict[str, Any] = {"align": "center", "width": "100%"}
#: A column across the whole width, items at the start.
FILL_COLUMN: dict[str, Any] = {"align": "start", "width": "100%"}
#: A row whose items wrap onto the next line on a narrow screen.
WRAP_ROW: dict[str, Any] = {"align": "center", "wrap": "wrap"}
#: Takes the free space of its row and may shrink below its content (long text wraps).
GROW: dict[str, Any] = {"flex": "1", "min_width": "0"}
#: Never shrinks (icons, avatars, badges beside text).
KEEP_SIZE: dict[str, Any] = {"flex_shrink": "0"}
#: A secondary button: soft grey, not a form submit.
SOFT_GRAY_BUTTON: dict[str, Any] = {"color_scheme": "gray", "type": "button", "variant": "soft"}
#: A soft, round badge or chip.
SOFT_PILL: dict[str, Any] = {"radius": "full", "size": "2", "variant": "soft"}
#: Muted secondary text.
MUTED_TEXT: dict[str, Any] = {"color": "var(--gray-11)"}
#: Text as someone typed it: its line breaks kept, long words broken anywhere (never overflows).
TYPED_TEXT: dict[str, Any] = {"white_space": "pre-wrap", "overflow_wrap": "anywhere"}
#: Items centred on both axes.
CENTRED: dict[str, Any] = {"align": "center", "justify": "center"}
