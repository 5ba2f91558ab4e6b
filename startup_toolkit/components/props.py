"""Prop bundles the views repeat, named for what they do (spread them: `**FILL_ROW`).

Only bundles that mean one layout idea belong here; spacing stays at the call site, because it
is the one value that differs from place to place.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

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
#: Fades the element in when it scrolls into view (assets/js/public.js looks for the marker).
REVEAL_ON_SCROLL: dict[str, Any] = {"custom_attrs": {"data-reveal": ""}}
#: A quiet FAQ accordion as wide as its column: ghost items in grey, and an open item closes
#: again on a click.
QUIET_ACCORDION: dict[str, Any] = {
    "collapsible": True,
    "variant": "ghost",
    "color_scheme": "gray",
    "width": "100%",
}
#: Small, faint text on an element without Radix text sizes (a timestamp, a counter).
FAINT_SMALL: dict[str, Any] = {"font_size": "var(--font-size-1)", "color": "var(--gray-10)"}
#: A large control as wide as its column (a form input, a full-width button).
WIDE_CONTROL: dict[str, Any] = {"size": "3", "width": "100%"}
#: Grey text centred in its column (the lead line under a centred title).
CENTRED_GRAY_TEXT: dict[str, Any] = {"color_scheme": "gray", "align": "center"}
#: A status region that screen readers announce politely when it changes (loading, progress).
LIVE_STATUS: dict[str, Any] = {"role": "status", "aria_live": "polite"}
#: A full-width row, its ends pushed apart, that stacks as a column on a phone.
SPREAD_ROW_FROM_SM: dict[str, Any] = {
    "direction": rx.breakpoints(initial="column", sm="row"),
    "align": rx.breakpoints(initial="start", sm="center"),
    "justify": "between",
    "width": "100%",
}
#: Text as someone typed it: its line breaks kept, long words broken anywhere (never overflows).
TYPED_TEXT: dict[str, Any] = {"white_space": "pre-wrap", "overflow_wrap": "anywhere"}
#: Items centred on both axes.
CENTRED: dict[str, Any] = {"align": "center", "justify": "center"}
#: A column on a phone, a row from the small breakpoint on.
ROW_FROM_SM: dict[str, Any] = {"direction": rx.breakpoints(initial="column", sm="row")}
#: A small soft badge (a tag, a KPI, a band in a legend).
SMALL_SOFT_BADGE: dict[str, Any] = {"variant": "soft", "size": "1"}
#: A neutral label in a grey outline (a content type, a source, a link's status).
GRAY_OUTLINE_BADGE: dict[str, Any] = {"variant": "outline", "color_scheme": "gray"}
#: A region that tells assistive technology work is under way (a tool's progress card).
BUSY_STATUS: dict[str, Any] = {"role": "status", "aria_busy": "true"}

#: A quiet grey control with a light border (a secondary call to action, a carousel arrow).
SURFACE_GRAY: dict[str, Any] = {"variant": "surface", "color_scheme": "gray"}
#: A quiet grey control on a soft fill (the way back beside a page's main action).
SOFT_GRAY: dict[str, Any] = {"variant": "soft", "color_scheme": "gray"}
#: A destructive action on a soft red fill (Sign out, Delete, Revoke).
SOFT_RED: dict[str, Any] = {"variant": "soft", "color_scheme": "red"}
#: A small ghost button: a quiet action inside a row or a card (Rename, Mark all read, Reset).
SMALL_GHOST: dict[str, Any] = {"variant": "ghost", "size": "1"}
#: A plain element (not a Radix stack) laid out as a row, items centred on the cross axis.
FLEX_ROW_CENTRED: dict[str, Any] = {"display": "flex", "align_items": "center"}

#: A full-width closing row of a section, set off from what is above by a rule (the AI
#: disclaimer under a tool page).
SECTION_FOOTER: dict[str, Any] = {
    "width": "100%",
    "padding_top": "1.5rem",
    "margin_top": "2.5rem",
    "border_top": "1px solid var(--gray-a4)",
}


def centred_block(max_width: str) -> dict[str, Any]:
    """A block as wide as its container up to `max_width`, centred in it (a narrow column
    inside a page section, e.g. the pricing FAQ)."""
    return {"max_width": max_width, "margin_x": "auto", "width": "100%"}


def labelled_group(label: str) -> dict[str, Any]:
    """Marks the element's children as one set named `label` for assistive technology (filter
    chips, category toggles, a carousel's dots)."""
    return {"role": "group", "aria_label": label}


#: Faint secondary text, a step lighter than MUTED_TEXT (a counter, a footnote, a legend).
FAINT_TEXT: dict[str, Any] = {"color": "var(--gray-10)"}
#: A red callout as wide as its column, announced at once (a form's or a page's error).
ERROR_CALLOUT: dict[str, Any] = {"color_scheme": "red", "role": "alert", "width": "100%"}
#: A grey inset surface with rounded corners, inside a card (a quoted prompt, generated text).
INSET_PANEL: dict[str, Any] = {"border_radius": "var(--radius-3)", "background": "var(--gray-a3)"}
#: As wide as its container, and may shrink below its content in a grid cell (long words wrap).
SHRINK_TO_FIT: dict[str, Any] = {"width": "100%", "min_width": "0"}


def square(size: str) -> dict[str, Any]:
    """As wide as it is tall: `size` each way (a QR code, an icon tile, an avatar)."""
    return {"width": size, "height": size}


#: An input for a one-time code from an authenticator app: the phone's number pad, and the
#: browser may fill in a code it received.
ONE_TIME_CODE: dict[str, Any] = {"input_mode": "numeric", "auto_complete": "one-time-code"}
