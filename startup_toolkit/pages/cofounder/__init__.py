"""/ai-cofounder: the AI Co-Founder chat (T-CHAT-1..3, T-AI-5).

Tabs 'Chat Interface' and 'Example Prompts'; a 400 px chat window that follows the newest
message; Enter sends and Shift+Enter adds a line (client side, `enter_key_submit`); replies
stream token by token in a background task that pushes the text at most every 50 ms; Stop
closes the stream. Voice input uses the browser's Web Speech API (SpeechInputMixin). Without
an AI key the built-in sample reply streams instead, labelled 'Sample reply (demo mode)'.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.tool_layout import tool_page, tool_route
from startup_toolkit.domain.catalog import AI_COFOUNDER
from startup_toolkit.pages.cofounder.state import CofounderState
from startup_toolkit.pages.cofounder.view import tabs
from startup_toolkit.pages.cofounder.view_chat import has_messages
from startup_toolkit.pages.cofounder.view_side import side_panel


@tool_route(
    AI_COFOUNDER,
    description="Chat with an AI co-founder about business models, competitors, market size, "
    "pricing and growth experiments.",
    load=[CofounderState.recover, CofounderState.load_ideas, CofounderState.reopen],
)
def ai_cofounder() -> rx.Component:
    return tool_page(
        AI_COFOUNDER,
        rx.grid(
            rx.box(tabs(), min_width="0"),
            side_panel(),
            columns=rx.breakpoints(initial="1", lg="minmax(0, 1fr) 20rem"),
            spacing="5",
            width="100%",
            align="start",
        ),
        save_handler=CofounderState.save,
        can_save=has_messages(),
    )
