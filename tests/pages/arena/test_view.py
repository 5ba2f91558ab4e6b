"""The Arena's tab bar (T-ARENA-2, T-ARENA-3): the shared `tab_list`, one trigger and one
panel per tab, in the order of TABS."""

from __future__ import annotations

from startup_toolkit.pages.arena.state import TABS
from startup_toolkit.pages.arena.view import arena_view, join_view


def test_the_tab_bar_is_the_shared_tab_list_with_every_tab() -> None:
    code = str(arena_view())
    bar = code.split("RadixThemesTabs.List", 1)[1].split("RadixThemesTabs.Content", 1)[0]
    assert '["overflowX"] : "auto"' in bar and '["flexWrap"] : "nowrap"' in bar
    labels = [label for _, label in TABS]
    assert [label for label in labels if f'"{label}"' in bar] == labels
    for value, _ in TABS:
        assert f'value:"{value}"' in code.split("RadixThemesTabs.Content", 1)[1]


def test_the_tab_rankings_shown_and_challenge_details_stay_in_the_browser() -> None:
    """Issue 25: the open tab, Load More Rankings and View Details need no server trip."""
    code = str(arena_view())
    assert "arena_tab" in code and "arena_board_limit" in code
    assert "Load More Rankings" in code and "View Details" in code
    assert "RadixThemesDialog.Trigger" in code


def test_the_form_and_post_box_are_controlled_before_anything_is_typed() -> None:
    """Issue 25: the form and the draft are None until typed in; the inputs then show ""."""
    form = str(join_view())
    for name in ("company", "description"):
        assert f'?.["fields"]?.["{name}"], () => (""))' in form
    assert '?.["text"], () => (""))' in str(arena_view())
