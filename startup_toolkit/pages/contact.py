"""/contact: the contact form (stored first, then mailed by the outbox) and a contact panel.

Checklist: P-CONT-1 (form, validation, busy button), P-CONT-2 (success toast and the 5 s
'Message Sent!' panel), P-CONT-3 (error toasts), P-CONT-4 (contact panel).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import reflex as rx

from startup_toolkit.components.footer import social_icons
from startup_toolkit.components.form_kit import (
    busy_button,
    field_error,
    field_label,
    icon_disc,
    icon_tile,
    invalid_props,
    tile_row,
)
from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.page_hero import page_hero
from startup_toolkit.components.page_route import site_page
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import CENTRED, LIVE_STATUS, WIDE_CONTROL
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import HEADING_FONT, card_style, gradient_text
from startup_toolkit.db import in_worker
from startup_toolkit.domain.contact import (
    MESSAGE_MAX,
    REPLY_WITHIN_HOURS,
    REQUIRED_MESSAGE,
    REQUIRED_TITLE,
    SENT_PANEL_SECONDS,
    validate_contact,
)
from startup_toolkit.services.contact import ContactStorageError, submit_contact_message
from startup_toolkit.services.outbox import wake_outbox
from startup_toolkit.settings import get_settings
from startup_toolkit.state import toasts

logger = logging.getLogger(__name__)

SENT_TITLE = "Message Sent!"
SENT_DESCRIPTION = (
    f"We've received your message and will get back to you within {REPLY_WITHIN_HOURS} hours."
)
ERROR_TITLE = "Error"
STORAGE_ERROR = "Failed to send your message. Please try again or contact us directly."
UNEXPECTED_ERROR = "An unexpected error occurred. Please try again."
RATE_LIMIT_TITLE = "Too many messages"
RATE_LIMIT_MESSAGE = "Please wait a few minutes before sending another message."

#: What a field keeps of what the browser sends (well above the limits, so nothing a person
#: types is cut, while a script cannot park megabytes in the state).
INPUT_CAP = 4 * MESSAGE_MAX
FIELD_IDS = {"name": "contact-name", "email": "contact-email", "message": "contact-message"}
#: Every toast of the form shares one id, so a newer one replaces an older one.
TOAST_ID = "contact-form"
#: 'Message Sent!' has an id of its own: sonner merges a toast into one of the same id that is
#: still leaving the screen, and removes both (a valid send right after a dismissed error).
SENT_TOAST_ID = "contact-sent"


def _text(value: Any) -> str:
    return value[:INPUT_CAP] if isinstance(value, str) else ""


def toast(level: str, title: str, description: str) -> rx.event.EventSpec:
    """A toast of the form (level 'error' is the destructive style)."""
    return toasts.show(level, title, description=description, id=TOAST_ID)


def focus_field(field: str) -> rx.event.EventSpec:
    """Move keyboard focus to a field (the first one with an error)."""
    return rx.call_script(f"document.getElementById('{FIELD_IDS[field]}')?.focus()")


def sent_note(email: str, will_email: bool) -> str:
    """The 'Message Sent!' panel text, decided on the server: a confirmation email only where
    one is mailed (SMTP configured), and then as it is, at most one an address a day (issue
    28, item 11); without mail, only that the team replies."""
    if will_email:
        return f"A confirmation email goes to {email} (at most one a day)."
    return f"Our team will reply to {email}."


class ContactState(rx.State):
    """The contact form: field values, field errors and the idle/submitting/sent cycle."""

    name: str = ""
    email: str = ""
    message: str = ""
    errors: dict[str, str] = {}  # field -> its message, for the fields with one
    submitting: bool = False
    sent_note: str = ""  # the 'Message Sent!' panel's text; "" while the form shows
    _sent_seq: int = 0
    _sent_at: float = 0.0

    @rx.event
    def on_load(self) -> None:
        """Clear a busy flag or panel left over from a restart (typed input is kept)."""
        # Events of one tab run one at a time: no submit of this tab is running now.
        self.submitting = False
        if self.sent_note and time.time() - self._sent_at >= SENT_PANEL_SECONDS:
            self.sent_note = ""

    def _clear_error(self, field: str) -> None:
        if field in self.errors:
            self.errors = {k: v for k, v in self.errors.items() if k != field}

    @rx.event
    def set_name(self, value: str) -> None:
        self.name = _text(value)
        self._clear_error("name")

    @rx.event
    def set_email(self, value: str) -> None:
        self.email = _text(value)
        self._clear_error("email")

    @rx.event
    def set_message(self, value: str) -> None:
        self.message = _text(value)
        self._clear_error("message")

    def _show_errors(self, errors: dict[str, str]) -> None:
        self.errors = {f: errors[f] for f in FIELD_IDS if errors.get(f)}

    @rx.event
    async def submit(self, form_data: dict[str, Any]):
        """Validate, store the message, then show 'Message Sent!' (P-CONT-1..3)."""
        # Events of one tab run one at a time, so only a showing panel blocks a new submit.
        if self.sent_note and time.time() - self._sent_at < SENT_PANEL_SECONDS:
            return
        try:
            data = form_data if isinstance(form_data, dict) else {}
            # The form's own values win: the last keystroke may not have reached a setter yet.
            self.name = _text(data.get("name", self.name))
            self.email = _text(data.get("email", self.email))
            self.message = _text(data.get("message", self.message))

            check = validate_contact(self.name, self.email, self.message)
            self._show_errors(check.errors)
            if not check.ok:
                first = next(f for f in FIELD_IDS if f in check.errors)
                if check.missing_required:
                    yield toast("error", REQUIRED_TITLE, REQUIRED_MESSAGE)
                else:
                    # The messages next to the fields say it all; drop an older toast.
                    yield rx.toast.dismiss(TOAST_ID)
                yield focus_field(first)
                return

            self.submitting = True
            yield  # show the spinner before the database work

            ip = self.router.session.client_ip
            try:
                # Validated, rate-limited and stored in one transaction.
                result = await in_worker(
                    submit_contact_message, self.name, self.email, self.message, ip
                )
            except ContactStorageError:
                logger.exception("Contact message could not be stored")
                self.submitting = False
                yield toast("error", ERROR_TITLE, STORAGE_ERROR)
                return

            self.submitting = False
            if result.status == "rate_limited":
                yield toast("error", RATE_LIMIT_TITLE, RATE_LIMIT_MESSAGE)
                return
            if not result.ok:
                self._show_errors(result.errors)
                return

            if result.will_email:
                wake_outbox()
            self.sent_note = sent_note(check.values.email, result.will_email)
            self.name = self.email = self.message = ""
            self._sent_seq += 1
            self._sent_at = time.time()
            yield rx.toast.dismiss(TOAST_ID)
            yield toasts.success(SENT_TITLE, description=SENT_DESCRIPTION, id=SENT_TOAST_ID)
            yield ContactState.close_sent_panel(self._sent_seq)
        except Exception:
            logger.exception("Unexpected error while sending a contact message")
            self.submitting = False
            yield toast("error", ERROR_TITLE, UNEXPECTED_ERROR)

    @rx.event(background=True)
    async def close_sent_panel(self, seq: int) -> None:
        """After the panel has shown for its 5 seconds, bring the (reset) form back."""
        await asyncio.sleep(SENT_PANEL_SECONDS)
        async with self:
            if self._sent_seq == seq and self.sent_note:
                self.sent_note = ""


# --------------------------------------------------------------------------- components


def _label(text: str, html_for: str) -> rx.Component:
    return field_label(
        text,
        html_for,
        rx.el.span("*", color="var(--accent-11)", margin_left="2px", aria_hidden="true"),
        rx.el.span(" (required)", class_name="sr-only"),
    )


def _error_of(field: str) -> rx.Var[str]:
    """The message of `field` ("" while it has none)."""
    return ContactState.errors[field] | ""


def _error(field: str, error: rx.Var[str]) -> rx.Component:
    return field_error(error, f"{FIELD_IDS[field]}-error", icon_offset="3px")


def _field(
    field: str,
    label: str,
    control: rx.Component,
    error: rx.Var[str],
    extra: rx.Component | None = None,
) -> rx.Component:
    below = (
        _error(field, error)
        if extra is None
        else rx.hstack(rx.box(_error(field, error), flex="1"), extra, width="100%", align="start")
    )
    return full_width_stack(_label(label, FIELD_IDS[field]), control, below, spacing="2")


def _h2(text: str, size: str) -> rx.Component:
    return rx.heading(text, size=size, as_="h2", style={"font_family": HEADING_FONT})


def _line_input(field: str, label: str, error: rx.Var[str], **props: Any) -> rx.Component:
    """The one-line input of `field` (name or email), bound to its state var, in its field."""
    control = rx.input(
        value=getattr(ContactState, field),
        on_change=getattr(ContactState, f"set_{field}"),
        max_length=INPUT_CAP,
        **props,
        **_input_props(field, error),
    )
    return _field(field, label, control, error)


def _input_props(field: str, error: rx.Var[str]) -> dict[str, Any]:
    field_id = FIELD_IDS[field]
    return {
        "id": field_id,
        "name": field,
        "aria_required": "true",
        **invalid_props(error, field_id),
        **WIDE_CONTROL,
    }


def _message_counter() -> rx.Component:
    length = ContactState.message.length()
    return rx.text(
        length.to_string(),
        f" / {MESSAGE_MAX:,}",
        id="contact-message-count",
        size="1",
        color=rx.cond(length > MESSAGE_MAX, "var(--red-11)", "var(--gray-10)"),
        weight=rx.cond(length > MESSAGE_MAX, "bold", "regular"),
        white_space="nowrap",
        style={"font_variant_numeric": "tabular-nums"},
    )


def _submit_button() -> rx.Component:
    return busy_button(
        "Send Message",
        "Sending...",
        ContactState.submitting,
        "send",
        type="submit",
        id="contact-submit",
        size="3",
        width=["100%", "100%", "auto"],
        min_width="11rem",
        cursor=rx.cond(ContactState.submitting, "progress", "pointer"),
    )


def contact_form() -> rx.Component:
    """P-CONT-1: labelled Name*, Email*, Message* (5 rows) with counter and busy button."""
    return rx.form(
        full_width_stack(
            card_grid(
                _line_input(
                    "name",
                    "Name",
                    _error_of("name"),
                    auto_complete="name",
                    placeholder="Ada Lovelace",
                ),
                _line_input(
                    "email",
                    "Email",
                    _error_of("email"),
                    type="email",
                    auto_complete="email",
                    placeholder="you@company.com",
                ),
                sm="2",
            ),
            _field(
                "message",
                "Message",
                rx.text_area(
                    value=ContactState.message,
                    on_change=ContactState.set_message,
                    rows="5",
                    placeholder="Tell us what you're working on and how we can help.",
                    resize="vertical",
                    max_length=INPUT_CAP,
                    **{
                        **_input_props("message", _error_of("message")),
                        "aria_describedby": "contact-message-error contact-message-count",
                    },
                ),
                _error_of("message"),
                extra=_message_counter(),
            ),
            rx.flex(
                muted_text(
                    "We usually reply within ", rx.el.strong(f"{REPLY_WITHIN_HOURS} hours"), "."
                ),
                _submit_button(),
                direction=rx.breakpoints(initial="column-reverse", md="row"),
                justify="between",
                align=rx.breakpoints(initial="stretch", md="center"),
                spacing="3",
                width="100%",
                padding_top="0.5rem",
            ),
            spacing="5",
        ),
        on_submit=ContactState.submit,
        reset_on_submit=False,
        aria_label="Contact form",
        width="100%",
    )


def sent_panel() -> rx.Component:
    """P-CONT-2: the 'Message Sent!' panel shown for 5 seconds."""
    return rx.vstack(
        icon_disc(
            rx.icon("circle-check", size=36, color="var(--green-11)"),
            "green",
            "4.5rem",
            ring="a6",
            class_name="contact-sent-icon",
        ),
        _h2(SENT_TITLE, "6"),
        rx.text(ContactState.sent_note, size="3", color="var(--gray-12)", text_align="center"),
        muted_text(SENT_DESCRIPTION, text_align="center", max_width="26rem"),
        # A thin bar that empties over the panel's 5 seconds, then the form comes back.
        rx.box(
            rx.box(
                height="100%",
                background="var(--accent-9)",
                transform_origin="left",
                animation=f"contact-countdown {SENT_PANEL_SECONDS}s linear forwards",
            ),
            width="8rem",
            height="3px",
            border_radius="999px",
            overflow="hidden",
            background="var(--gray-a4)",
            margin_top="0.75rem",
            aria_hidden="true",
        ),
        id="contact-sent",
        spacing="3",
        min_height="22rem",
        width="100%",
        padding_y="2rem",
        **LIVE_STATUS,
        **CENTRED,
    )


def _info_row(icon: str, title: str, *body: rx.Component) -> rx.Component:
    return tile_row(
        icon_tile(icon, size="2.5rem"),
        muted_text(title, weight="medium"),
        *body,
    )


def contact_panel() -> rx.Component:
    """P-CONT-4: the general-inquiries address and three social placeholders."""
    address = get_settings().contact_email
    return full_width_stack(
        _h2("Contact information", "4"),
        muted_text("Prefer email? Write to us directly, we read every message."),
        _info_row(
            "mail",
            "General inquiries",
            rx.el.a(
                address,
                href=f"mailto:{address}",
                id="contact-general-email",
                class_name="contact-mailto",
                style={
                    "color": "var(--accent-11)",
                    "font_weight": "500",
                    "font_size": "var(--font-size-3)",
                    "word_break": "break-all",
                    "text_decoration": "none",
                    "&:hover": {"text_decoration": "underline"},
                },
            ),
        ),
        _info_row(
            "clock",
            "Response time",
            rx.text(f"Within {REPLY_WITHIN_HOURS} hours", size="3", weight="medium"),
        ),
        _info_row(
            "book-open",
            "Looking for answers?",
            rx.link("Browse the Solutions Hub", href="/solutions", size="3", weight="medium"),
        ),
        rx.separator(size="4"),
        rx.vstack(
            muted_text("Follow us", weight="medium"),
            social_icons(),
            spacing="2",
            id="contact-social",
        ),
        spacing="5",
        style=card_style,
        class_name="contact-panel",
    )


_COUNTDOWN_CSS = (
    "@keyframes contact-countdown { from { transform: scaleX(1); } to { transform: scaleX(0); } }"
)


def _hero() -> rx.Component:
    return page_hero(
        "message-circle",
        "Contact",
        ("Get in ", rx.el.span("touch", style=gradient_text)),
        "Questions about the tools, your plan or a partnership? Send us a message and "
        f"a real person will get back to you within {REPLY_WITHIN_HOURS} hours.",
        "40rem",
        padding_bottom=["1.5rem", "2rem", "2.5rem"],
    )


@site_page(
    "/contact",
    title=f"Contact | {get_settings().product_name}",
    description=(
        f"Contact the {get_settings().product_name} team: send a message and we'll get back "
        f"to you within {REPLY_WITHIN_HOURS} hours."
    ),
    on_load=ContactState.on_load,
)
def contact() -> rx.Component:
    return page_layout(
        rx.el.style(_COUNTDOWN_CSS),
        section(
            _hero(),
            rx.grid(
                rx.box(
                    rx.cond(
                        ContactState.sent_note,
                        sent_panel(),
                        full_width_stack(
                            rx.vstack(
                                _h2("Send us a message", "5"),
                                muted_text(
                                    "Fields marked ",
                                    rx.el.span("*", color="var(--accent-11)"),
                                    " are required.",
                                ),
                                spacing="1",
                            ),
                            contact_form(),
                            spacing="5",
                        ),
                    ),
                    style={**card_style, "padding": "clamp(1.25rem, 4vw, 2rem)"},
                    id="contact-form-card",
                    min_width="0",
                ),
                contact_panel(),
                columns=rx.breakpoints(initial="1", md="minmax(0, 1fr) 340px"),
                gap="1.5rem",
                align_items="start",
                width="100%",
            ),
            padding_y=["2.5rem", "3rem", "4rem"],
        ),
    )
