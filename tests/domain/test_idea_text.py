"""The idea typed into the scanner's and the incubator's forms (T-SCAN-1, T-IDEA-1)."""

from __future__ import annotations

from startup_toolkit.domain import idea_text, incubator, scanner


def test_length_counts_the_trimmed_text_and_nothing_for_a_non_string() -> None:
    assert idea_text.idea_length("  abc \n") == 3
    assert idea_text.idea_length(None) == 0 and idea_text.idea_length(42) == 0


def test_the_setter_keeps_more_than_the_limit() -> None:
    assert idea_text.MAX_IDEA_LENGTH < idea_text.IDEA_INPUT_CAP


def test_both_tools_read_the_same_bounds() -> None:
    for rules in (scanner, incubator):
        assert rules.MAX_IDEA_LENGTH == idea_text.MAX_IDEA_LENGTH == 5000
        assert rules.IDEA_INPUT_CAP == idea_text.IDEA_INPUT_CAP
        assert rules.TOO_LONG_DETAIL == "Please keep it to 5,000 characters or fewer."
