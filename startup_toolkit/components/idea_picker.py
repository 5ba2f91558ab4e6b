"""The "Idea" select above a tool form's idea text (a State mixing in `IdeaChoiceMixin`):
"New idea" or one of the founder's ideas, "Run again on <title>". Shown to a signed-in
founder who has ideas; its label is tied to the select's trigger."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.idea_field import idea_form_label
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.idea_choice import NEW_IDEA, NEW_IDEA_LABEL, IdeaChoiceMixin

IDEA_PICKER_LABEL = "Idea"


def idea_picker(state: type[IdeaChoiceMixin], field_id: str) -> rx.Component:
    """The labelled select (trigger `field_id`); nothing for a visitor or a founder without
    ideas yet."""
    return rx.cond(
        AuthState.signed_in & (state.idea_choice.options.length() > 0),
        full_width_stack(
            idea_form_label(IDEA_PICKER_LABEL, field_id),
            rx.select.root(
                rx.select.trigger(
                    id=field_id,
                    width="100%",
                    max_width="32rem",
                    style={"overflow": "hidden", "text_overflow": "ellipsis"},
                ),
                rx.select.content(
                    rx.select.item(NEW_IDEA_LABEL, value=NEW_IDEA),
                    rx.foreach(
                        state.idea_choice.options,
                        lambda option: rx.select.item(option.label, value=option.value),
                    ),
                    position="popper",
                ),
                value=rx.cond(state.idea_choice, state.idea_choice.chosen, NEW_IDEA),
                on_change=state.choose_idea,
                size="3",
            ),
            spacing="1",
            class_name="idea-picker",
        ),
    )
