"""Account recovery on the production backend (issue 13): a raw tab asks for a reset link on
/forgot-password, the outbox mails it to the recording SMTP server, a browser opens the
link (the route binds it with its reset cookie, issue 27, item 4) and a tab of that browser
sets a new password; the old session is gone, the old password refused, the new one
signs in, and the link does not work twice. An unknown email gets the same answer, no mail.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

import httpx
from sqlmodel import select

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain.cookies import RESET_NONCE_COOKIE
from startup_toolkit.models.activity import UserNotification
from startup_toolkit.pages.account_recovery import ForgotPasswordState, ResetPasswordState
from startup_toolkit.pages.login import LoginState
from startup_toolkit.services import accounts
from startup_toolkit.state.auth import AuthState
from tests.security.conftest import Founder, ProdApp
from tests.support.reflex_socket import Tab, delta_value
from tests.support.smtp_server import ReceivedMail

NEW_PASSWORD = "a brand new password"
FORGOT = ForgotPasswordState.get_full_name()
RESET = ResetPasswordState.get_full_name()
LOGIN = LoginState.get_full_name()


def mails_to(prod: ProdApp, address: str) -> list[ReceivedMail]:
    return [m for m in prod.smtp.received if address in m.rcpt_tos]


def wait_for_mail(prod: ProdApp, address: str, timeout: float = 15.0) -> ReceivedMail:
    deadline = time.monotonic() + timeout
    while not mails_to(prod, address) and time.monotonic() < deadline:
        time.sleep(0.1)
    found = mails_to(prod, address)
    assert found, f"no reset mail for {address}:\n{prod.backend.tail()}"
    return found[-1]


def ask_for_link(prod: ProdApp, email: str) -> list[dict]:
    tab = prod.tab()
    try:
        loaded = tab.open_page(rules.FORGOT_PATH)
        assert delta_value(loaded, FORGOT, "email_ready") is True
        return tab.send(f"{FORGOT}.request_link", path=rules.FORGOT_PATH, form={"email": email})
    finally:
        tab.close()


def open_link(prod: ProdApp, link: str) -> str:
    """Open a mailed link as a browser does: the `Cookie` header its reset cookie makes
    ('' when the route set none); the route sends the browser on to the bare reset page."""
    parts = urlsplit(link)
    with httpx.Client(base_url=prod.url, follow_redirects=False, timeout=15) as client:
        opened = client.get(f"{parts.path}?{parts.query}")
    assert opened.status_code == 303 and opened.headers["location"] == rules.RESET_PATH
    nonce = opened.cookies.get(RESET_NONCE_COOKIE)
    return f"{RESET_NONCE_COOKIE}={nonce}" if nonce else ""


def sign_in(tab: Tab, email: str, password: str) -> list[dict]:
    tab.open_page("/login")
    form = {"email": email, "password": password}
    return tab.send(f"{LOGIN}.sign_in", path="/login", form=form)


def test_a_mailed_link_resets_the_password_once(prod: ProdApp, make_founder) -> None:
    founder: Founder = make_founder()
    answer = ask_for_link(prod, founder.email.upper())
    assert delta_value(answer, FORGOT, "sent_note") == rules.SENT

    mail = wait_for_mail(prod, founder.email)
    (link,) = re.findall(r"https?://\S+", mail.message.get_content())
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == prod.url + rules.OPEN_PATH
    path = rules.RESET_PATH
    cookie = open_link(prod, link)
    assert cookie

    tab = prod.tab(cookie)
    try:
        assert delta_value(tab.open_page(path), RESET, "stage") == "form"
        weak = tab.send(f"{RESET}.set_new_password", path=path, form={"new": "x", "confirm": "x"})
        assert delta_value(weak, RESET, "errors") == {
            "new": "Password must be at least 8 characters long"
        }
        done = tab.send(
            f"{RESET}.set_new_password",
            path=path,
            form={"new": NEW_PASSWORD, "confirm": NEW_PASSWORD},
        )
        assert delta_value(done, RESET, "stage") == "done", prod.backend.tail()
    finally:
        tab.close()

    # Every session ended: the founder's old cookie no longer signs a tab in.
    old = prod.tab(founder.cookie)
    try:
        assert (
            delta_value(old.open_page("/dashboard"), AuthState.get_full_name(), "signed_in")
            is False
        )
    finally:
        old.close()

    # The link works once.
    assert open_link(prod, link) == ""
    replay = prod.tab(cookie)
    try:
        assert delta_value(replay.open_page(path), RESET, "stage") == "invalid"
    finally:
        replay.close()

    # The old password is refused, the new one signs in (the ticket hand-off to the cookie route).
    login = prod.tab()
    try:
        refused = sign_in(login, founder.email, founder.password)
        assert delta_value(refused, LOGIN, "error") == accounts.INVALID_CREDENTIALS
        accepted = sign_in(login, founder.email, NEW_PASSWORD)
        assert delta_value(accepted, LOGIN, "error") == ""
        if "/api/auth/complete?ticket=" not in json.dumps(accepted):
            login.receive_until(lambda update: "/api/auth/complete?ticket=" in json.dumps(update))
    finally:
        login.close()

    with prod.db() as db:
        notes = db.exec(
            select(UserNotification.message).where(UserNotification.user_id == founder.user_id)
        ).all()
    assert rules.NOTIFICATION in notes


def test_an_unknown_email_gets_the_same_answer_and_no_mail(prod: ProdApp) -> None:
    stranger = "nobody-here@example.com"
    answer = ask_for_link(prod, stranger)
    assert delta_value(answer, FORGOT, "sent_note") == rules.SENT
    time.sleep(1.0)
    assert mails_to(prod, stranger) == []


def test_a_forged_token_gets_no_form(prod: ProdApp) -> None:
    tab = prod.tab()
    try:
        path = f"{rules.RESET_PATH}?token={'A' * 43}"
        assert delta_value(tab.open_page(path), RESET, "stage") == "invalid"
    finally:
        tab.close()
