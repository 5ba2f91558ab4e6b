"""The testimonial carousel (P-HOME-4), used on the home and pricing pages.

The markup is static; `assets/js/carousel.js` finds every `[data-carousel]` (also ones that
appear after client-side navigation) and adds looping, 1/2/3 slides per view (set in
`assets/css/home.css`), pointer drag with a 10 px threshold, buttons, dots and arrow keys.
Without JavaScript the slides stay readable as a horizontally scrollable row.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.props import SPREAD_ROW, SURFACE_GRAY, labelled_group
from startup_toolkit.components.section_heading import headed_section
from startup_toolkit.components.text_rows import title_over_caption
from startup_toolkit.domain.testimonials import MAX_RATING, TESTIMONIALS, Testimonial


def rating_stars(rating: int) -> rx.Component:
    return rx.hstack(
        *[
            rx.icon(
                "star",
                size=16,
                color="var(--amber-9)" if i < rating else "var(--gray-a7)",
                fill="var(--amber-9)" if i < rating else "none",
                aria_hidden="true",
            )
            for i in range(MAX_RATING)
        ],
        spacing="1",
        role="img",
        aria_label=f"Rated {rating} out of {MAX_RATING}",
        class_name="testimonial-stars",
    )


def testimonial_card(t: Testimonial) -> rx.Component:
    return rx.el.figure(
        rx.hstack(
            rating_stars(t.rating),
            rx.icon("quote", size=28, class_name="testimonial-quote-mark", aria_hidden="true"),
            **SPREAD_ROW,
        ),
        rx.el.blockquote(rx.el.p(t.text), class_name="testimonial-text"),
        rx.el.figcaption(
            rx.image(
                src=t.image,
                alt=f"Portrait of {t.name}",
                width="48",
                height="48",
                class_name="testimonial-avatar",
                draggable=False,
            ),
            title_over_caption(
                t.name, t.role, title_class="testimonial-name", caption_class="testimonial-role"
            ),
            class_name="testimonial-author",
        ),
        class_name="testimonial-card",
    )


def _step_button(icon: str, label: str, **data: str) -> rx.Component:
    """A round 'previous' or 'next' button; `data` is the attribute carousel.js hooks on."""
    return rx.icon_button(
        rx.icon(icon, size=20),
        radius="full",
        size="3",
        type="button",
        aria_label=label,
        **SURFACE_GRAY,
        **data,
    )


def testimonial_carousel(label: str = "Testimonials") -> rx.Component:
    count = len(TESTIMONIALS)
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                *[
                    rx.el.div(
                        testimonial_card(t),
                        class_name="carousel-slide",
                        role="group",
                        aria_roledescription="slide",
                        aria_label=f"{i + 1} of {count}",
                        data_carousel_slide=str(i),
                    )
                    for i, t in enumerate(TESTIMONIALS)
                ],
                class_name="carousel-track",
                data_carousel_track="",
            ),
            class_name="carousel-viewport",
            data_carousel_viewport="",
        ),
        rx.el.div(
            _step_button("chevron-left", "Previous testimonial", data_carousel_prev=""),
            rx.el.div(
                *[
                    rx.el.button(
                        type="button",
                        class_name="carousel-dot",
                        aria_label=f"Show testimonial {i + 1} of {count}",
                        data_carousel_dot=str(i),
                    )
                    for i in range(count)
                ],
                class_name="carousel-dots",
                **labelled_group("Choose a testimonial"),
            ),
            _step_button("chevron-right", "Next testimonial", data_carousel_next=""),
            class_name="carousel-controls",
        ),
        rx.el.p(class_name="sr-only", aria_live="polite", data_carousel_status=""),
        class_name="carousel",
        role="region",
        aria_roledescription="carousel",
        aria_label=f"{label}: use the arrow keys or the buttons to browse",
        data_carousel="",
    )


def testimonials_section(
    title: str = "Founders who got unstuck", subtitle: str = "What founders say"
) -> rx.Component:
    """The heading and the carousel, as a full page section."""
    return headed_section(
        title,
        "How founders use the toolkit to make better decisions, faster.",
        (subtitle, "message-square"),
        testimonial_carousel(title),
        subtitle_width=None,
        class_name="testimonials-section",
    )
