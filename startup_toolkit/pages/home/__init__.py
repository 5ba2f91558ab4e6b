"""The public home page: hero, claims, features, the flagship tool, the tool tabs and testimonials.

Checklist: P-HOME-1 (hero), P-HOME-2 (calls to action), P-HOME-3 (staggered feature cards),
P-HOME-4 (testimonial carousel, see components/testimonials.py), P-HOME-5 (claims) and
P-HOME-6 (tools landing sections) with the recommender of T-REC-1/T-REC-2
(state/recommender.py) in the Early Stage and Growth Stage tabs.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout
from startup_toolkit.components.page_route import site_page
from startup_toolkit.components.testimonials import testimonials_section
from startup_toolkit.pages.home.view import claims, features, flagship, hero
from startup_toolkit.pages.home.view_tools import next_gen_tools

PAGE_TITLE = "Unstuck | AI Business Architect & Startup Toolkit"
PAGE_DESCRIPTION = (
    "Unstuck is the AI business architect for founders: scan your idea's viability, predict "
    "your funding odds, plan growth and brainstorm with an AI co-founder. Simply, get UNSTUCK."
)


@site_page("/", title=PAGE_TITLE, description=PAGE_DESCRIPTION)
def home() -> rx.Component:
    return page_layout(
        rx.box(
            hero(),
            claims(),
            features(),
            flagship(),
            next_gen_tools(),
            testimonials_section(),
            class_name="home-page",
        )
    )
