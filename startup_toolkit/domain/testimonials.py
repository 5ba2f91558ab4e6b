"""The five fixed testimonials shown in the carousel on the home and pricing pages (P-HOME-4)."""

from __future__ import annotations

from dataclasses import dataclass

MAX_RATING = 5


@dataclass(frozen=True)
class Testimonial:
    name: str
    role: str
    #: Public path of the portrait, served from `assets/` (e.g. `/img/testimonials/x.svg`).
    image: str
    text: str
    rating: int = MAX_RATING

    @property
    def asset_path(self) -> str:
        """The portrait's path relative to the project's `assets/` folder."""
        return self.image.lstrip("/")

    @property
    def initials(self) -> str:
        return "".join(part[0] for part in self.name.split()[:2]).upper()


TESTIMONIALS: tuple[Testimonial, ...] = (
    Testimonial(
        name="Maya Okafor",
        role="Founder, Loopcart",
        image="/img/testimonials/maya-okafor.svg",
        text="The Viability Scanner told me in ten minutes what three months of building would "
        "have taught me the hard way. We pivoted early and launched to paying customers.",
    ),
    Testimonial(
        name="Daniel Reyes",
        role="CEO, Fieldnote Health",
        image="/img/testimonials/daniel-reyes.svg",
        text="The Funding Predictor rewrote our pitch around the metrics investors actually "
        "asked about. Our second round of meetings felt completely different.",
    ),
    Testimonial(
        name="Priya Raman",
        role="Co-founder, Tallyhive",
        image="/img/testimonials/priya-raman.svg",
        text="I use the AI Co-Founder like a sparring partner. It pushes back on my pricing "
        "ideas and keeps me honest about who the customer really is.",
    ),
    Testimonial(
        name="Lukas Berg",
        role="Solo founder, Quietdesk",
        image="/img/testimonials/lukas-berg.svg",
        text="Growth Engine gave me a four-week plan that fit a tiny budget. For the first time "
        "I knew which channel to test on Monday morning.",
    ),
    Testimonial(
        name="Amara Nwosu",
        role="Founder, Kitchen Collective",
        image="/img/testimonials/amara-nwosu.svg",
        text="Idea Incubator's stress test found the hole in my supply plan before a customer "
        "did. It's the honest second opinion every first-time founder needs.",
    ),
)
