"""Account recovery rules (issue 13): the link, the password stamp and the email text."""

from __future__ import annotations

from startup_toolkit.domain import account_recovery as rules


def test_the_link_points_at_the_reset_page_of_the_public_site() -> None:
    link = rules.reset_link("https://unstuck.example/", "a-b_c+d/e")
    assert link == "https://unstuck.example/reset-password?token=a-b_c%2Bd%2Fe"


def test_the_stamp_changes_with_the_password_hash() -> None:
    assert rules.password_stamp("$argon2id$one") == rules.password_stamp("$argon2id$one")
    assert rules.password_stamp("$argon2id$one") != rules.password_stamp("$argon2id$two")
    assert len(rules.password_stamp("")) == 64


def test_the_email_holds_the_link_and_its_limits() -> None:
    mail = rules.reset_email(
        product_name="Unstuck", link="https://u.example/reset-password?token=t"
    )
    assert mail.subject == "Reset your Unstuck password"
    assert "\nhttps://u.example/reset-password?token=t\n" in mail.body
    assert "once, within 30 minutes" in mail.body
    assert "ignore this email" in mail.body
