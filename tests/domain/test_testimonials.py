"""The five fixed testimonials of the carousel (P-HOME-4)."""

from __future__ import annotations

from pathlib import Path

from startup_toolkit.domain.testimonials import MAX_RATING, TESTIMONIALS

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def test_exactly_five_testimonials_p_home_4() -> None:
    assert len(TESTIMONIALS) == 5
    assert len({t.name for t in TESTIMONIALS}) == 5


def test_each_has_name_role_text_and_five_stars_p_home_4() -> None:
    for t in TESTIMONIALS:
        assert t.name.strip() and t.role.strip() and len(t.text.strip()) > 40
        assert t.rating == MAX_RATING == 5


def test_images_are_shipped_assets_not_remote_p_home_4() -> None:
    for t in TESTIMONIALS:
        assert t.image.startswith("/img/testimonials/"), t.image
        assert "://" not in t.image
        path = ASSETS / t.asset_path
        assert path.is_file(), path
        svg = path.read_text(encoding="utf-8")
        assert svg.lstrip().startswith("<svg") and "http://www.w3.org/2000/svg" in svg
        # No external references inside the image either.
        assert "href=" not in svg and "url(http" not in svg


def test_initials() -> None:
    assert TESTIMONIALS[0].initials == "MO"
