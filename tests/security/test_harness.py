"""The review's harness itself: a founder's cookie signs a raw tab in on the production
backend, and a tab without one is signed out."""

from __future__ import annotations

from startup_toolkit.state.auth import AuthState
from tests.security.conftest import ProdApp
from tests.support.reflex_socket import delta_value


def test_a_raw_tab_with_a_founders_cookie_is_signed_in(prod: ProdApp, make_founder) -> None:
    founder = make_founder()
    auth = AuthState.get_full_name()
    signed_in = prod.tab(founder.cookie)
    stranger = prod.tab()
    try:
        for tab, expected in ((signed_in, True), (stranger, False)):
            updates = tab.open_page("/dashboard")
            assert delta_value(updates, auth, "signed_in") is expected, prod.backend.tail()
    finally:
        signed_in.close()
        stranger.close()
