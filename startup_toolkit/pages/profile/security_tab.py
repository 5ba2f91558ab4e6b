"""The Security tab: two-factor (with its recovery codes), login notifications, session
timeout and password."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.form_kit import checked_field, invalid_props
from startup_toolkit.components.panels import icon_text_button, muted_text
from startup_toolkit.components.props import (
    GROW,
    KEEP_SIZE,
    ONE_TIME_CODE,
    SMALL_GHOST,
    WIDE_CONTROL,
    square,
)
from startup_toolkit.pages.profile.recovery_view import (
    new_codes_dialog,
    recovery_codes_row,
    shown_codes_dialog,
)
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.pages.profile.texts import SESSION_TIMEOUT_LABELS
from startup_toolkit.pages.profile.widgets import (
    ROW_FROM_SM,
    dialog_error,
    form_dialog,
    password_field,
    proof_field,
    select_input,
    setting_row,
    setting_text,
    settings_section,
    switch_row,
)


def _password_input(name: str, label: str, error_key: str, auto_complete: str) -> rx.Component:
    """One of the Change Password fields (its error from `dialog_errors[error_key]`)."""
    fid = f"password-{name.replace('_', '-')}"
    return password_field(label, fid, name, auto_complete, dialog_error(error_key))


def _password_dialog() -> rx.Component:
    """P-PROF-5: current, new and confirm; the page reloads after a change. Opened by its
    Change Password button, in the browser."""
    return form_dialog(
        "password_dialog",
        _password_input("current_password", "Current password", "current", "current-password"),
        _password_input("new_password", "New password", "new", "new-password"),
        _password_input("confirm_password", "Confirm new password", "confirm", "new-password"),
        on_submit=ProfileState.change_password,
        trigger=icon_text_button(
            "key-round",
            "Change Password",
            variant="soft",
            size="2",
            id="change-password",
        ),
    )


def _totp_setup_dialog() -> rx.Component:
    """P-PROF-4: QR code, the secret for manual entry and the 6-digit code (open while a setup
    waits for its code)."""
    code_error = dialog_error("code")
    return form_dialog(
        "totp_setup",
        rx.flex(
            rx.image(
                src=ProfileState.totp_setup.qr,
                alt="QR code to add Unstuck to your authenticator app",
                **square("11rem"),
                border_radius="var(--radius-3)",
                **KEEP_SIZE,
                id="totp-qr",
            ),
            rx.vstack(
                muted_text("Can't scan it? Enter this key:"),
                rx.code(
                    ProfileState.totp_setup.secret,
                    id="totp-secret",
                    size="3",
                    variant="soft",
                    style={"word_break": "break-all", "letter_spacing": "0.08em"},
                ),
                rx.button(
                    rx.icon("copy", size=14),
                    "Copy key",
                    type="button",
                    on_click=[
                        rx.set_clipboard(ProfileState.totp_setup.secret),
                        rx.toast.success("Key copied"),
                    ],
                    **SMALL_GHOST,
                ),
                spacing="2",
                min_width="0",
            ),
            gap="1rem",
            align=rx.breakpoints(initial="center", sm="center"),
            width="100%",
            **ROW_FROM_SM,
        ),
        checked_field(
            "6-digit code",
            "totp-code",
            rx.input(
                id="totp-code",
                name="code",
                **ONE_TIME_CODE,
                pattern="[0-9 ]*",
                max_length=7,
                required=True,
                placeholder="123456",
                **invalid_props(code_error, "totp-code", None),
                style={
                    "font_variant_numeric": "tabular-nums",
                    "letter_spacing": "0.2em",
                },
                **WIDE_CONTROL,
            ),
            code_error,
        ),
        on_submit=ProfileState.confirm_two_factor,
        is_open=ProfileState.totp_setup.is_not_none(),
        max_width="32rem",
    )


def _totp_disable_dialog() -> rx.Component:
    return form_dialog(
        "totp_disable",
        password_field(
            "Authentication code or password",
            "totp-disable-proof",
            "code_or_password",
            "current-password",
            dialog_error("code_or_password"),
            error_base="totp-disable",
            color=None,
        ),
        on_submit=ProfileState.disable_two_factor,
        color_scheme="red",
    )


def _notifications_off_dialog() -> rx.Component:
    return form_dialog(
        "notifications_off",
        proof_field("notifications-off-proof"),
        on_submit=ProfileState.turn_off_login_notifications,
        color_scheme="red",
    )


def security_tab() -> rx.Component:
    """P-PROF-4: two-factor and its recovery codes, login notifications, session timeout,
    password."""
    return settings_section(
        "security-card",
        rx.box(
            switch_row(
                "security-two-factor",
                "Two-factor authentication",
                "Ask for a code from an authenticator app when signing in.",
                ProfileState.security.two_factor_enabled,
                ProfileState.toggle_two_factor,
            ),
            recovery_codes_row(),
            switch_row(
                "security-login-notifications",
                "Login notifications",
                "Get a notification each time someone signs in to your account.",
                ProfileState.security.login_notifications,
                ProfileState.set_login_notifications,
            ),
            setting_row(
                setting_text(
                    "security-session-timeout",
                    "Session timeout",
                    "How long you stay signed in on a device.",
                ),
                rx.box(
                    select_input(
                        "security-session-timeout",
                        ProfileState.security.session_timeout,
                        list(SESSION_TIMEOUT_LABELS.items()),
                        ProfileState.set_session_timeout,
                        aria_describedby="security-session-timeout-hint",
                    ),
                    width=rx.breakpoints(initial="100%", sm="11rem"),
                    flex_shrink="0",
                ),
                align="stretch",
            ),
            setting_row(
                rx.vstack(
                    rx.text("Password", size="2", weight="medium", color="var(--gray-12)"),
                    muted_text(
                        "Last changed: ",
                        rx.el.span(
                            ProfileState.security.password_last_changed, id="password-last-changed"
                        ),
                        size="1",
                    ),
                    spacing="1",
                    **GROW,
                ),
                _password_dialog(),
                align="start",
                divider=False,
            ),
            width="100%",
        ),
        _totp_setup_dialog(),
        _totp_disable_dialog(),
        shown_codes_dialog(),
        new_codes_dialog(),
        _notifications_off_dialog(),
        spacing="4",
        max_width="52rem",
    )
