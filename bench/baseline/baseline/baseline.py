"""One page, one state: a cheap event (a counter) and a bool toggle."""

import reflex as rx


class BaselineState(rx.State):
    """The whole state of the baseline app."""

    count: int = 0
    flag: bool = False

    @rx.event
    def bump(self) -> None:
        """The cheap event: add one to the counter."""
        self.count += 1

    @rx.event
    def toggle(self) -> None:
        """The toggle: flip the bool."""
        self.flag = not self.flag


def index() -> rx.Component:
    """The only page."""
    return rx.container(
        rx.heading("Baseline", size="7"),
        rx.text("Count: ", BaselineState.count),
        rx.hstack(
            rx.button("Bump", on_click=BaselineState.bump),
            rx.switch(checked=BaselineState.flag, on_change=lambda _: BaselineState.toggle()),
        ),
        padding_y="2rem",
    )


app = rx.App()
app.add_page(index, route="/", title="Baseline")
