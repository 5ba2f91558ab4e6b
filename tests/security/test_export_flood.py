"""The review's PDF flood (issue 27, item 6), against the production backend: share-link
downloads need no account, so one address asking for the same PDF many times at once, and many
addresses asking for many links' PDFs at once, must be refused early (429, 503 with Retry-After)
instead of queueing behind every founder's pages; another founder's page still loads during
the flood. (How fast it loads under 300 concurrent requests is `python -m bench.export_flood`.)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import httpx

from startup_toolkit.services import share_links
from tests.security.conftest import Founder, ProdApp
from tests.support.kept import saved_result
from tests.support.reflex_socket import is_hydrated


def _links(prod: ProdApp, founder: Founder, count: int) -> list[str]:
    """`count` live share links of `founder`'s saved results, one result each."""
    tokens = []
    with prod.db() as db:
        for n in range(count):
            rid = saved_result(db, founder.user_id, "Growth Engine", f"Plan {n}", f"Plan {n}")
            token = share_links.create_link(db, founder.user_id, "result", rid, "7", "Plan")
            assert token is not None
            tokens.append(token)
    return tokens


async def _flood(prod: ProdApp, paths_and_addresses: list[tuple[str, str]]) -> list[httpx.Response]:
    """Every request at once, each from its address (the trusted proxy's X-Forwarded-For)."""
    limits = httpx.Limits(max_connections=len(paths_and_addresses))
    async with httpx.AsyncClient(base_url=prod.url, timeout=120, limits=limits) as http:
        return await asyncio.gather(
            *(
                http.get(path, headers={"X-Forwarded-For": address})
                for path, address in paths_and_addresses
            )
        )


def test_one_address_gets_its_share_of_downloads_then_is_told_to_wait(
    prod: ProdApp, make_founder: Callable[[], Founder]
) -> None:
    (token,) = _links(prod, make_founder(), 1)
    path = f"/api/shared/{token}.pdf"
    answers = asyncio.run(_flood(prod, [(path, "203.0.113.7")] * 45))
    codes = sorted(r.status_code for r in answers)
    assert codes.count(200) == 30 and codes.count(429) == 15, codes
    refused = next(r for r in answers if r.status_code == 429)
    assert int(refused.headers["Retry-After"]) > 0
    assert "try again" in refused.text.lower() and "Traceback" not in refused.text
    ok = [r for r in answers if r.status_code == 200]
    assert len({r.content for r in ok}) == 1 and ok[0].content.startswith(b"%PDF")
    # Another address is not affected by this one's limit.
    with httpx.Client(base_url=prod.url, timeout=60) as http:
        other = http.get(path, headers={"X-Forwarded-For": "203.0.113.8"})
    assert other.status_code == 200


def test_a_crowd_of_addresses_is_answered_at_once_and_pages_still_load(
    prod: ProdApp, make_founder: Callable[[], Founder]
) -> None:
    tokens = _links(prod, make_founder(), 40)
    crowd = [(f"/api/shared/{t}.pdf", f"198.51.100.{n + 1}") for n, t in enumerate(tokens)]
    bob = make_founder()
    loaded: list[bool] = []

    def load_ideas_meanwhile() -> None:
        tab = prod.tab(bob.cookie)
        try:
            updates = tab.open_page("/ideas")
            loaded.append(any(is_hydrated(u) for u in updates))
        finally:
            tab.close()

    page = threading.Thread(target=load_ideas_meanwhile)
    page.start()
    answers = asyncio.run(_flood(prod, crowd))
    page.join(timeout=60)
    codes = [r.status_code for r in answers]
    assert set(codes) <= {200, 503} and 200 in codes, codes  # answered, none failed
    for busy in (r for r in answers if r.status_code == 503):  # the lane was full: at once
        assert int(busy.headers["Retry-After"]) > 0 and "busy" in busy.text
    assert all(r.content.startswith(b"%PDF") for r in answers if r.status_code == 200)
    assert loaded == [True], prod.backend.tail()
