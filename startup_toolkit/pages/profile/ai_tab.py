"""The AI Personalization tab (P-PROF-3)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.domain.profile import (
    AI_CHOICES,
    AI_LABELS,
)
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.pages.profile.texts import AI_HINTS, AI_OPTION_LABELS
from startup_toolkit.pages.profile.widgets import (
    save_row,
    select_field,
    settings_section,
    switch_row,
    two_columns,
)

#: Issue 14, item 8 (the chat page links here: /profile?tab=ai-personalization#use-saved-work).
SAVED_WORK_ID = "use-saved-work"
SAVED_WORK_LABEL = "Use my saved work in the AI Co-Founder"
SAVED_WORK_HINT = (
    "The Co-Founder reads a short summary of the idea you choose: latest scores, key risks, "
    "next steps, funding and growth headlines. It is saved as soon as you switch it."
)


def _ai_summary() -> rx.Component:
    def label(name: str) -> rx.Var:
        choice = getattr(ProfileState.ai, name)
        return rx.Var.create(AI_OPTION_LABELS[name])[choice].to(str).lower()

    return rx.box(
        rx.hstack(
            rx.icon("wand-sparkles", size=18, color="var(--accent-11)", flex_shrink="0"),
            rx.text(
                "Answers will be ",
                rx.el.strong(label("response_style")),
                " and ",
                rx.el.strong(label("communication_tone")),
                ", with ",
                rx.el.strong(label("detail_level")),
                rx.cond(  # "a beginner", "an intermediate / advanced / expert"
                    ProfileState.ai.expertise_level == "beginner",
                    " detail, for a ",
                    " detail, for an ",
                ),
                rx.el.strong(label("expertise_level")),
                " founder",
                rx.cond(
                    ProfileState.ai.industry_focus != "other",
                    rx.fragment(" in ", rx.el.strong(label("industry_focus"))),
                ),
                ".",
                size="2",
                color="var(--gray-12)",
            ),
            spacing="3",
            align="start",
        ),
        padding="0.9rem 1rem",
        border_radius="var(--radius-4)",
        background="var(--accent-a2)",
        border="1px solid var(--accent-a5)",
        width="100%",
        id="ai-summary",
        aria_live="polite",
    )


def ai_tab() -> rx.Component:
    """P-PROF-3: the five AI personalisation choices, saved with one button."""
    return settings_section(
        "ai-card",
        two_columns(
            *[
                select_field(
                    AI_LABELS[name],
                    f"ai-{name.replace('_', '-')}",
                    getattr(ProfileState.ai, name),
                    [(choice, AI_OPTION_LABELS[name][choice]) for choice in AI_CHOICES[name]],
                    lambda value, name=name: ProfileState.set_ai_field(name, value),
                    AI_HINTS[name],
                )
                for name in AI_CHOICES
            ],
            gap="1.25rem",
        ),
        _ai_summary(),
        save_row(
            "Save AI Settings",
            ProfileState.busy == "ai",
            "ai-save",
            type="button",
            on_click=ProfileState.save_ai_settings,
        ),
        switch_row(
            SAVED_WORK_ID,
            SAVED_WORK_LABEL,
            SAVED_WORK_HINT,
            ProfileState.ai.use_saved_work,
            ProfileState.save_use_saved_work,
        ),
        max_width="52rem",
    )
