"""Testimonial carousel (being built: the home-page helper owns this file)."""

from __future__ import annotations

import reflex as rx


def testimonials_section(
    title: str = "Founders who got unstuck", subtitle: str = "What founders say"
) -> rx.Component:
    return rx.box(rx.heading(title), rx.text(subtitle))
