"""Browser tests for the public pages: pricing, subscribe success/canceled, /manage-plans, 404.

Checklist IDs: P-PRICE-1..6, P-MISC-1, P-MISC-2. No request leaves 127.0.0.1: the external
site linked from the 404 page is a stub routed inside the browser context.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import LiveApp, next_frames, settled, wait_for_app

SPOTS_BANNER = "Limited Time - Only 100 Spots Left"


def at(live_app: LiveApp, route: str) -> re.Pattern[str]:
    """The URL of `route`, with or without the trailing slash the static server adds."""
    return re.compile("^" + re.escape(live_app.path(route.rstrip("/"))) + "/?$")


def _stub_example_com(page: Page) -> list[str]:
    """Answer every https://example.com request inside the browser; return the URLs asked."""
    asked: list[str] = []

    def fulfil(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>stub</title>stub")

    page.context.route(re.compile(r"^https?://example\.com/.*"), fulfil)
    return asked


# --- P-PRICE-1 / P-PRICE-2: pricing content, canonical link, reveal on scroll ---------------


def test_pricing_shows_plan_banner_benefits_cta_and_canonical_link(
    live_app: LiveApp, page: Page
) -> None:
    """P-PRICE-1: hero, one $11/month plan card, banner, benefits, closing CTA, Contact Sales.
    P-PRICE-2: <link rel=canonical href={PUBLIC_BASE_URL}/pricing> ends up in document.head."""
    page.goto(live_app.path("/pricing"))
    wait_for_app(page)
    hrefs = page.evaluate(
        "[...document.querySelectorAll('link[rel=canonical]')]"
        ".map(l => [l.parentElement.tagName, l.getAttribute('href')])"
    )
    assert hrefs == [["HEAD", live_app.backend.build.built_for + "/pricing"]]

    expect(page).to_have_title("Pricing | Unstuck")
    expect(page.locator("h1")).to_contain_text("One plan.")
    expect(page.get_by_text(SPOTS_BANNER)).to_be_visible()
    card = page.locator("#plan-card")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("All-Access Plan")
    expect(card).to_contain_text("$11")
    expect(card).to_contain_text("per month")
    expect(card).to_contain_text("Cancel anytime")
    # This server opens every tool and sells nothing (issue 17, item 8): sign up instead.
    expect(page.locator("#free-access-note")).to_contain_text("no subscription needed")
    expect(page.locator("#plan-subscribe")).to_have_text("Sign Up Free")
    expect(page.locator("#benefits")).to_contain_text("Built to get you moving")
    expect(page.locator("#faq")).to_contain_text("Can I cancel anytime?")
    cta = page.locator("#pricing-cta")
    expect(cta.locator("#cta-subscribe")).to_contain_text("Sign Up Free")
    contact = cta.get_by_role("link", name="Contact Sales")
    expect(contact).to_have_attribute("href", "/contact")
    description = page.locator('meta[name="description"]')
    expect(description).to_have_attribute("content", re.compile(r"\$11 per month"))

    contact.scroll_into_view_if_needed()
    contact.click()
    page.wait_for_url(at(live_app, "/contact"))


def test_pricing_cards_reveal_within_100px_of_the_viewport(live_app: LiveApp, page: Page) -> None:
    """P-PRICE-2: off-screen cards wait; within 100 px of the viewport they are revealed."""
    page.goto(live_app.path("/pricing"))
    wait_for_app(page)

    # The plan card starts in view: revealed at once, never hidden.
    expect(page.locator("#plan-card")).to_have_class(re.compile(r"\bis-revealed\b"))
    cta = page.locator("#pricing-cta")
    expect(cta).to_have_class(re.compile(r"\breveal-pending\b"))
    expect(cta).not_to_have_class(re.compile(r"\bis-revealed\b"))

    def put_top_below_viewport(offset: int) -> None:
        page.evaluate(
            """offset => {
                const el = document.getElementById('pricing-cta');
                const top = el.getBoundingClientRect().top + window.scrollY;
                window.scrollTo({top: top - window.innerHeight - offset, behavior: 'instant'});
            }""",
            offset,
        )

    put_top_below_viewport(300)
    next_frames(page)  # the observer has seen the scroll
    expect(cta).to_have_class(re.compile(r"\breveal-pending\b"))

    put_top_below_viewport(50)
    expect(cta).to_have_class(re.compile(r"\bis-revealed\b"))
    expect(cta).not_to_have_class(re.compile(r"\breveal-pending\b"))
    expect(cta).to_have_css("opacity", "1")


def test_pricing_content_stays_visible_with_reduced_motion(live_app: LiveApp, page: Page) -> None:
    """P-PRICE-2: with prefers-reduced-motion nothing is hidden waiting for a scroll."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_app.path("/pricing"))
    wait_for_app(page)

    expect(page.locator("#pricing-cta")).to_have_class(re.compile(r"\bis-revealed\b"))
    expect(page.locator("[data-reveal].reveal-pending")).to_have_count(0)


# --- P-PRICE-3: Subscribe without a configured checkout ---------------------------------------


@pytest.mark.parametrize("button_id", ["plan-subscribe", "cta-subscribe"])
def test_subscribe_on_a_server_that_sells_nothing_leads_to_sign_up(
    live_app: LiveApp, page: Page, button_id: str
) -> None:
    """Issue 17, item 8: every tool is open to signed-in founders and no checkout is set up,
    so Subscribe leads a visitor to sign up, not to 'Checkout link coming soon...' (that toast
    stays where access needs a plan: tests/pages/pricing/test_state.py)."""
    page.goto(live_app.path("/pricing"))
    wait_for_app(page)
    button = page.locator(f"#{button_id}")
    expect(button).to_have_attribute("data-subscribe", "free")
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_url(at(live_app, "/signup"))


# --- Issue 28, item 6: the first paint never contradicts the live page ------------------------

#: Per page, the regions whose words the server decides (its offer, who is signed in).
FIRST_PAINT_REGIONS: dict[str, tuple[str, ...]] = {
    "/pricing": ("#site-header", "#plan-card", "#pricing-cta"),
    "/": ("#site-header", ".hero-text", "#flagship", "#tools"),
    "/subscribe/success": ("#site-header", "#main section"),
}
#: What this server (every tool open, nothing sold) must never paint, first or live.
NEVER_HERE = (
    "Subscribe Now - $11/mo",
    "Subscribe to Access",
    "Every tool for $11/mo",
    "Secure checkout opens in a new tab",
    "not sold here",
    "Checkout link coming soon",
    "Confirming your payment",
)


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


def _region_text(page: Page, selector: str) -> str:
    """The rendered text (`innerText`: nothing hidden) of every element matching `selector`."""
    return "\n".join(page.locator(selector).all_inner_texts())


@pytest.mark.parametrize("route", list(FIRST_PAINT_REGIONS))
def test_the_first_paint_never_contradicts_the_live_page(
    live_app: LiveApp, page: Page, route: str
) -> None:
    """Issue 28, item 6: the prerendered page, as painted before any script runs, holds back
    what the server decides (a placeholder of its size, no words) and says nothing the live
    page does not; on this open server neither ever offers a checkout or a price to pay."""
    first = page.context.new_page()  # a tab of its own that runs no script
    first.route(re.compile(r"\.m?js(\?.*)?$"), lambda route_: route_.abort())
    first.goto(live_app.path(route), wait_until="load")
    painted = {sel: _region_text(first, sel) for sel in FIRST_PAINT_REGIONS[route]}
    assert first.locator(".held-back").count() > 0  # the decided parts keep their room
    header = painted["#site-header"]
    assert "Sign In" not in header and "Sign Up" not in header and "Dashboard" not in header
    first.close()

    page.goto(live_app.path(route))
    wait_for_app(page)
    expect(page.locator("#site-header").get_by_role("link", name="Sign Up")).to_be_visible()
    settled(page)
    for selector, text in painted.items():
        live = _region_text(page, selector)
        for phrase in NEVER_HERE:
            assert phrase not in text and phrase not in live, (selector, phrase)
        # Every line painted first is still said (a held-back part may complete a line).
        missing = {line for line in _lines(text) if line not in live}
        assert missing == set(), f"{route} {selector} painted first, then not: {missing}"
    if route == "/pricing":
        expect(page.locator("#plan-subscribe")).to_have_text("Sign Up Free")
        expect(page.locator("#free-access-note")).to_contain_text("no subscription needed")


# --- P-PRICE-4: success page -------------------------------------------------------------------


def test_success_page_without_a_checkout_thanks_nobody(live_app: LiveApp, page: Page) -> None:
    """P-PRICE-4 with issue 17, item 9: this server sells no subscription (no Stripe, no
    checkout link), so /subscribe/success has nothing to confirm: no "You're All Set!", no
    confetti, nothing granted, the open server's story; the next steps stay one click away.
    The thanks and confetti of a confirmed payment: tests/e2e/test_billing.py."""
    page.goto(live_app.path("/subscribe/success"))
    wait_for_app(page)
    # The story pricing and home tell on this server (issue 28, item 6).
    expect(page.get_by_role("heading", level=1)).to_have_text("No subscription needed")
    expect(page.locator("main")).to_contain_text(
        "On this server every tool is open to signed-in founders: no subscription needed."
    )
    expect(page.locator("main")).not_to_contain_text("not sold")
    expect(page.locator("[data-confetti]")).to_have_count(0)  # nothing to celebrate: no marker
    expect(page.locator("#confetti-canvas")).to_have_count(0)
    targets = {
        "Launch Dashboard": "/dashboard",
        "Try AI Co-Founder": "/ai-cofounder",
        "Explore All Tools": "/tool-explorer",
        "Back to Home": "/",
    }
    for name, href in targets.items():
        expect(page.get_by_role("link", name=name)).to_have_attribute("href", href)
    # The page grants nothing: no subscription flag is written in the browser.
    storage = page.evaluate(
        "JSON.stringify([Object.keys(localStorage), Object.keys(sessionStorage), document.cookie])"
    )
    assert "subscri" not in storage.lower()


# --- P-PRICE-5: canceled page ------------------------------------------------------------------


def test_canceled_page_links(live_app: LiveApp, page: Page) -> None:
    """P-PRICE-5: Return to Pricing (/pricing) and Back Home (/)."""
    page.goto(live_app.path("/subscribe/canceled"))
    wait_for_app(page)

    back_home = page.get_by_role("link", name="Back Home")
    expect(back_home).to_have_attribute("href", "/")
    to_pricing = page.get_by_role("link", name="Return to Pricing")
    expect(to_pricing).to_have_attribute("href", "/pricing")
    to_pricing.click()
    page.wait_for_url(at(live_app, "/pricing"))
    expect(page.get_by_text(SPOTS_BANNER)).to_be_visible()

    page.go_back()
    page.wait_for_url(at(live_app, "/subscribe/canceled"))
    page.get_by_role("link", name="Back Home").click()
    page.wait_for_url(at(live_app, "/"))


# --- P-PRICE-6: /manage-plans ------------------------------------------------------------------


def test_manage_plans_replaces_history_entry(live_app: LiveApp, page: Page) -> None:
    """P-PRICE-6: /manage-plans lands on /pricing and Back skips /manage-plans."""
    page.goto(live_app.path("/"))
    wait_for_app(page)
    page.goto(live_app.path("/manage-plans"))
    page.wait_for_url(at(live_app, "/pricing"))
    expect(page.get_by_text(SPOTS_BANNER)).to_be_visible()

    page.go_back()
    page.wait_for_url(at(live_app, "/"))
    wait_for_app(page)  # loaded and connected: a bounce back would have happened by now
    assert at(live_app, "/").match(page.url)


# --- P-MISC-1: 404 -----------------------------------------------------------------------------


def test_unknown_path_shows_404_and_return_home(live_app: LiveApp, page: Page) -> None:
    """P-MISC-1: 'Page not found'; Return to Home goes to /."""
    page.goto(live_app.path("/definitely/not/a/page"))
    wait_for_app(page)

    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    expect(page).to_have_title("Page not found | Unstuck")
    page.get_by_role("link", name="Return to Home").click()
    page.wait_for_url(at(live_app, "/"))


def test_go_back_with_short_history_goes_home(live_app: LiveApp, page: Page) -> None:
    """P-MISC-1: Go Back when history.length <= 2 navigates to /."""
    page.goto(live_app.path("/no-such-page"))
    wait_for_app(page)
    assert page.evaluate("history.length") <= 2

    page.get_by_role("link", name="Go Back").click()
    page.wait_for_url(at(live_app, "/"))


def test_go_back_with_history_goes_back(live_app: LiveApp, page: Page) -> None:
    """P-MISC-1: Go Back when history.length > 2 calls history.back()."""
    page.goto(live_app.path("/"))
    page.goto(live_app.path("/pricing"))
    wait_for_app(page)
    page.goto(live_app.path("/no-such-page"))
    wait_for_app(page)
    assert page.evaluate("history.length") > 2

    page.get_by_role("link", name="Go Back").click()
    page.wait_for_url(at(live_app, "/pricing"))


# --- P-MISC-2: external URL in a 404 path or query ---------------------------------------------


def _hand_off_waits_for_a_click(live_app: LiveApp, page: Page, route: str, url: str) -> None:
    """The 404 page names `url` and its site; nothing opens or navigates until the click,
    which opens `url` in a new tab cut off from this page."""
    asked = _stub_example_com(page)
    popups: list[Page] = []
    page.on("popup", lambda p: popups.append(p))
    page.goto(live_app.path(route))
    wait_for_app(page)
    fallback = page.locator("[data-external-fallback]")
    expect(fallback).to_be_visible()
    expect(fallback).to_contain_text("another site, example.com")
    link = fallback.get_by_role("link", name=url)
    expect(link).to_have_attribute("href", url)
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    settled(page)  # the fallback is what the page script chose instead of opening the URL
    assert popups == [] and asked == []
    assert page.url == live_app.path(route)

    with page.expect_popup() as popup_info:
        link.click()
    popup = popup_info.value
    popup.wait_for_url(url)
    assert popup.evaluate("window.opener") is None
    assert asked == [url]
    assert page.url == live_app.path(route)


def test_encoded_url_in_path_is_offered_as_a_link(live_app: LiveApp, page: Page) -> None:
    """P-MISC-2 (issue 13, finding 3): /x/https%3A%2F%2Fexample.com%2Fpage names
    https://example.com/page and waits for a click; it never opens by itself."""
    _hand_off_waits_for_a_click(
        live_app, page, "/x/https%3A%2F%2Fexample.com%2Fpage", "https://example.com/page"
    )


def test_url_in_query_is_offered_as_a_link(live_app: LiveApp, page: Page) -> None:
    """P-MISC-2: ?u=https://example.com/from-query is offered the same way."""
    _hand_off_waits_for_a_click(
        live_app, page, "/out?u=https://example.com/from-query", "https://example.com/from-query"
    )


def test_plain_url_path_does_not_forward(live_app: LiveApp, page: Page) -> None:
    """Issue 13, finding 3: /https://example.com/x (the review's open redirect) stays here."""
    _hand_off_waits_for_a_click(live_app, page, "/https://example.com/x", "https://example.com/x")


def test_javascript_url_in_query_opens_nothing(live_app: LiveApp, page: Page) -> None:
    """P-MISC-2: only http(s) is ever opened: ?u=javascript:alert(1) stays on the 404 page."""
    popups: list[Page] = []
    dialogs: list[str] = []
    page.on("popup", lambda p: popups.append(p))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    page.goto(live_app.path("/x?u=javascript:alert(1)"))
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    settled(page)

    assert popups == []
    assert dialogs == []
    assert page.url == live_app.path("/x?u=javascript:alert(1)")
    expect(page.locator("[data-external-fallback]")).to_be_hidden()
