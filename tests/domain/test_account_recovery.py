"""Account recovery rules (issue 13): the link, the password stamp and the email text."""

from __future__ import annotations

from startup_toolkit.domain import account_recovery as rules


def test_the_link_opens_the_reset_on_the_public_site() -> None:
    """The link lands on the route that binds it to the browser (issue 27, item 4)."""
    link = rules.reset_link("https://unstuck.example/", "a-b_c+d/e")
    assert link == "https://unstuck.example/api/auth/reset?token=a-b_c%2Bd%2Fe"


def test_the_browser_keeps_the_nonce_no_longer_than_the_link_lives() -> None:
    assert rules.nonce_max_age(600.7) == 600
    assert rules.nonce_max_age(-5) == 1
    assert rules.nonce_max_age(10**6) == rules.LINK_MINUTES * 60


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
