import reflex as rx

from startup_toolkit.components.layout import page_layout


@rx.page(route="/", title="Unstuck")
def home() -> rx.Component:
    return page_layout(rx.heading("Home (in progress)"))
