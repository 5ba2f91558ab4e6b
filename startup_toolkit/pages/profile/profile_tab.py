"""The Profile tab: identity, profile fields, preferences, plan and the danger zone."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.form_kit import (
    checked_field,
    field_hint,
    field_label,
    invalid_props,
)
from startup_toolkit.components.header import user_avatar
from startup_toolkit.components.panels import icon_text_button
from startup_toolkit.components.props import GROW, KEEP_SIZE, SOFT_GRAY, SOFT_RED, WIDE_CONTROL
from startup_toolkit.components.stacked_form import stacked_form
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain.profile import (
    BIO_MAX,
    PREFERENCE_FLAGS,
    PROFILE_LABELS,
    SHORT_TEXT_MAX,
    THEMES,
)
from startup_toolkit.pages.profile.plan_view import subscription_view
from startup_toolkit.pages.profile.state import ProfileState, field_id
from startup_toolkit.pages.profile.texts import (
    COMMON_TIMEZONES,
    LANGUAGES,
    PREFERENCE_TEXTS,
    THEME_LABELS,
)
from startup_toolkit.pages.profile.widgets import (
    FILL_CELL,
    ROW_FROM_SM,
    dialog_error,
    error_for,
    form_dialog,
    proof_field,
    save_row,
    select_field,
    select_input,
    settings_section,
    switch_row,
    two_columns,
)
from startup_toolkit.state.auth import AuthState


def _profile_input(name: str, **props: Any) -> rx.Component:
    error = error_for(ProfileState.profile_errors, name)
    fid = field_id(name)
    control_props: dict[str, Any] = {
        "id": fid,
        "name": name,
        "value": getattr(ProfileState.profile, name),
        "on_change": lambda value: ProfileState.set_profile_field(name, value),
        **invalid_props(error, fid),
        **WIDE_CONTROL,
        **props,
    }
    if name == "bio":
        control = rx.text_area(rows="4", resize="vertical", max_length=BIO_MAX, **control_props)
    elif name == "twitter_handle":
        control = rx.input(rx.input.slot(rx.text("@", size="3")), max_length=16, **control_props)
    else:
        control = rx.input(**control_props)
    return checked_field(PROFILE_LABELS[name], fid, control, error, min_width="0")


def _identity_card() -> rx.Component:
    """Avatar, name and the read-only email from the account."""
    return rx.flex(
        rx.box(user_avatar("6"), id="profile-avatar", **KEEP_SIZE),
        rx.vstack(
            rx.text(AuthState.user_name, size="5", weight="bold", style=heading_style),
            full_width_stack(
                field_label("Email", "profile-email"),
                rx.input(
                    rx.input.slot(rx.icon("mail", size=16)),
                    value=AuthState.user_email,
                    id="profile-email",
                    read_only=True,
                    aria_describedby="profile-email-hint",
                    **WIDE_CONTROL,
                    **SOFT_GRAY,
                ),
                field_hint("Your sign-in email. It can't be changed here.", "profile-email-hint"),
                spacing="1",
            ),
            spacing="3",
            **FILL_CELL,
        ),
        gap="1.25rem",
        align=rx.breakpoints(initial="start", sm="center"),
        width="100%",
        **ROW_FROM_SM,
    )


def profile_form() -> rx.Component:
    """P-PROF-2: the profile fields with field-level messages and a Save button."""
    return settings_section(
        "profile-card",
        _identity_card(),
        rx.separator(size="4"),
        stacked_form(
            "Profile",
            two_columns(
                _profile_input("full_name", auto_complete="name", max_length=SHORT_TEXT_MAX),
                _profile_input("company", auto_complete="organization", max_length=SHORT_TEXT_MAX),
            ),
            _profile_input("bio", placeholder="What are you building? What stage are you at?"),
            two_columns(
                _profile_input("location", placeholder="City, Country", max_length=SHORT_TEXT_MAX),
                _profile_input(
                    "website",
                    input_mode="url",
                    placeholder="https://yourstartup.com",
                    auto_complete="url",
                ),
                _profile_input(
                    "linkedin_url",
                    input_mode="url",
                    placeholder="https://linkedin.com/in/you",
                ),
                _profile_input("twitter_handle", placeholder="yourhandle", auto_complete="off"),
            ),
            save_row("Save Profile", ProfileState.busy == "profile", "profile-save", type="submit"),
            on_submit=ProfileState.save_profile,
            spacing="5",
            width="100%",
        ),
    )


def _timezone_options(current: rx.Var) -> rx.Var:
    """The time zones offered, worked out in the browser: the common ones, with the user's
    own first when it is not one of them."""
    common = rx.Var.create(list(COMMON_TIMEZONES))
    return rx.cond(common.contains(current), common, rx.Var.create([current]) + common)


def preferences_card() -> rx.Component:
    """P-PROF-7: preferences saved as soon as they change."""
    return settings_section(
        "preferences-card",
        rx.box(
            *[
                switch_row(
                    f"pref-{name.replace('_', '-')}",
                    PREFERENCE_TEXTS[name][0],
                    PREFERENCE_TEXTS[name][1],
                    getattr(ProfileState.preferences, name),
                    lambda value, name=name: ProfileState.save_preference(name, value),
                )
                for name in PREFERENCE_FLAGS
            ],
            width="100%",
        ),
        two_columns(
            select_field(
                "Theme",
                "pref-theme",
                ProfileState.preferences.theme,
                [(t, THEME_LABELS[t]) for t in THEMES],
                lambda value: ProfileState.save_preference("theme", value),
            ),
            select_field(
                "Language",
                "pref-language",
                ProfileState.preferences.language,
                list(LANGUAGES.items()),
                lambda value: ProfileState.save_preference("language", value),
            ),
        ),
        full_width_stack(
            field_label("Time zone", "pref-timezone"),
            rx.flex(
                rx.box(
                    select_input(
                        "pref-timezone",
                        ProfileState.preferences.timezone,
                        _timezone_options(ProfileState.preferences.timezone),
                        lambda value: ProfileState.save_preference("timezone", value),
                    ),
                    **GROW,
                ),
                icon_text_button(
                    "locate-fixed",
                    "Use my time zone",
                    variant="soft",
                    size="3",
                    on_click=ProfileState.use_browser_timezone,
                    id="pref-timezone-detect",
                ),
                gap="0.75rem",
                width="100%",
                **ROW_FROM_SM,
            ),
            field_hint("Used for dates in your emails and weekly reports."),
            spacing="2",
        ),
    )


def _delete_dialog() -> rx.Component:
    """Opened by its Delete Account button, in the browser."""
    email_error = dialog_error("email")
    return form_dialog(
        "delete_dialog",
        checked_field(
            rx.el.label(
                "Type your email ",
                rx.el.strong(AuthState.user_email),
                " to confirm",
                html_for="delete-email",
                style={"font_size": "var(--font-size-2)", "font_weight": "500"},
            ),
            "delete-email",
            rx.input(
                id="delete-email",
                name="email",
                type="email",
                auto_complete="off",
                spell_check=False,
                required=True,
                **invalid_props(email_error, "delete-email", "gray"),
                **WIDE_CONTROL,
            ),
            email_error,
        ),
        proof_field("delete-proof"),
        on_submit=ProfileState.delete_account,
        trigger=icon_text_button(
            "trash-2",
            "Delete Account",
            id="delete-account",
            **WIDE_CONTROL,
            **SOFT_RED,
        ),
        color_scheme="red",
    )


def danger_zone() -> rx.Component:
    return settings_section(
        "danger-zone",
        _delete_dialog(),
        color="red",
        spacing="4",
        extra_style={"border_color": "var(--red-a6)"},
    )


def profile_tab() -> rx.Component:
    return rx.grid(
        rx.vstack(profile_form(), preferences_card(), spacing="5", **FILL_CELL),
        rx.vstack(subscription_view(), danger_zone(), spacing="5", **FILL_CELL),
        columns=rx.breakpoints(initial="1", md="minmax(0, 1fr) 340px"),
        gap="1.25rem",
        align_items="start",
        width="100%",
    )
