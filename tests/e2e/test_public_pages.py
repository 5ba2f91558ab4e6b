"""Browser tests for the public pages: pricing, subscribe success/canceled, /manage-plans, 404.

Checklist IDs: P-PRICE-1..6, P-MISC-1, P-MISC-2. No request leaves 127.0.0.1: the external
site linked from the 404 page is a stub routed inside the browser context. The state behind
them without a browser: tests/pages/pricing/test_state.py, tests/state/test_subscription_access.py,
tests/components/test_first_paint.py, tests/domain/test_urls.py.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import LiveApp, at, next_frames, settled, wait_for_app

SPOTS_BANNER = "Limited Time - Only 100 Spots Left"
REVEALED = re.compile(r"\bis-revealed\b")
PENDING = re.compile(r"\breveal-pending\b")

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


def _first_paint(live_app: LiveApp, page: Page, route: str) -> dict[str, str]:
    """The words of `route`'s server-decided regions as painted before any script runs (in a
    tab of its own, scripts blocked): the decided parts keep their room and say nothing, and
    the header names no visitor."""
    first = page.context.new_page()
    first.route(re.compile(r"\.m?js(\?.*)?$"), lambda route_: route_.abort())
    first.goto(live_app.path(route), wait_until="load")
    painted = {sel: _region_text(first, sel) for sel in FIRST_PAINT_REGIONS[route]}
    assert first.locator(".held-back").count() > 0, route  # the decided parts keep their room
    header = painted["#site-header"]
    assert "Sign In" not in header and "Sign Up" not in header and "Dashboard" not in header
    first.close()
    return painted


def _live_page_keeps_the_first_paint(page: Page, route: str, painted: dict[str, str]) -> None:
    """`page`, now live on `route`, says every line painted first and, like the first paint,
    never offers a checkout or a price to pay on this open server."""
    expect(page.locator("#site-header").get_by_role("link", name="Sign Up")).to_be_visible()
    settled(page)
    for selector, text in painted.items():
        live = _region_text(page, selector)
        for phrase in NEVER_HERE:
            assert phrase not in text and phrase not in live, (route, selector, phrase)
        # Every line painted first is still said (a held-back part may complete a line).
        missing = {line for line in _lines(text) if line not in live}
        assert missing == set(), f"{route} {selector} painted first, then not: {missing}"


# --- P-PRICE-1..3: /pricing ---------------------------------------------------------------------


def test_pricing_page_first_paint_content_reveal_and_sign_up(live_app: LiveApp, page: Page) -> None:
    """P-PRICE-1: hero, one $11/month plan card, banner, benefits, closing CTA, Contact Sales.
    P-PRICE-2: <link rel=canonical href={PUBLIC_BASE_URL}/pricing> ends up in document.head;
    off-screen cards wait and are revealed within 100 px of the viewport; with
    prefers-reduced-motion nothing is hidden waiting for a scroll.
    P-PRICE-3 with issue 17, item 8: every tool is open to signed-in founders and no checkout
    is set up, so both Subscribe buttons lead a visitor to sign up, not to 'Checkout link
    coming soon...' (that toast stays where access needs a plan: tests/pages/pricing/
    test_state.py).
    Issue 28, item 6: the prerendered /pricing, as painted before any script runs, holds back
    what the server decides and says nothing the live page does not."""
    painted = _first_paint(live_app, page, "/pricing")
    page.goto(live_app.path("/pricing"))
    wait_for_app(page)

    # P-PRICE-2: the plan card starts in view: revealed at once, never hidden; the closing
    # CTA, far below, waits.
    expect(page.locator("#plan-card")).to_have_class(REVEALED)
    cta = page.locator("#pricing-cta")
    expect(cta).to_have_class(PENDING)
    expect(cta).not_to_have_class(REVEALED)

    _live_page_keeps_the_first_paint(page, "/pricing", painted)

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
    expect(page.locator("#benefits")).to_contain_text("Built to get you moving")
    expect(page.locator("#faq")).to_contain_text("Can I cancel anytime?")
    description = page.locator('meta[name="description"]')
    expect(description).to_have_attribute("content", re.compile(r"\$11 per month"))
    for button_id in ("plan-subscribe", "cta-subscribe"):
        button = page.locator(f"#{button_id}")
        expect(button).to_have_text("Sign Up Free")
        expect(button).to_have_attribute("data-subscribe", "free")
        expect(button).to_have_attribute("href", "/signup")
    contact = cta.get_by_role("link", name="Contact Sales")
    expect(contact).to_have_attribute("href", "/contact")

    def put_cta_top_below_viewport(offset: int) -> None:
        page.evaluate(
            """offset => {
                const el = document.getElementById('pricing-cta');
                const top = el.getBoundingClientRect().top + window.scrollY;
                window.scrollTo({top: top - window.innerHeight - offset, behavior: 'instant'});
            }""",
            offset,
        )

    put_cta_top_below_viewport(300)
    next_frames(page)  # the observer has seen the scroll
    expect(cta).to_have_class(PENDING)
    put_cta_top_below_viewport(50)
    expect(cta).to_have_class(REVEALED)
    expect(cta).not_to_have_class(PENDING)
    expect(cta).to_have_css("opacity", "1")

    contact.scroll_into_view_if_needed()
    contact.click()
    page.wait_for_url(at(live_app, "/contact"))
    expect(page.get_by_label("Name")).to_be_visible()  # /pricing has left the screen

    # P-PRICE-2 with reduced motion: back to /pricing at the top of the page, the closing CTA
    # far below the viewport is shown at once, and nothing waits for a scroll.
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.locator("#site-header").get_by_role("link", name="Pricing", exact=True).click()
    page.wait_for_url(at(live_app, "/pricing"))
    expect(cta).to_have_class(REVEALED)
    below = page.evaluate(
        "document.getElementById('pricing-cta').getBoundingClientRect().top - window.innerHeight"
    )
    assert below > 100, f"the CTA is only {below}px below the viewport: nothing to wait for"
    expect(page.locator("[data-reveal].reveal-pending")).to_have_count(0)

    subscribe = page.locator("#cta-subscribe")
    subscribe.scroll_into_view_if_needed()
    subscribe.click()
    page.wait_for_url(at(live_app, "/signup"))


# --- P-PRICE-4..6: /, /manage-plans, /subscribe/success, /subscribe/canceled --------------------


def test_home_manage_plans_and_subscribe_pages(live_app: LiveApp, page: Page) -> None:
    """Issue 28, item 6: / and /subscribe/success, as painted before any script runs, hold
    back what the server decides and say nothing their live pages do not.
    P-PRICE-6: /manage-plans lands on /pricing and Back skips /manage-plans.
    P-PRICE-4 with issue 17, item 9: this server sells no subscription (no Stripe, no
    checkout link), so /subscribe/success has nothing to confirm: no "You're All Set!", no
    confetti, nothing granted, the open server's story; the next steps stay one click away
    (the thanks and confetti of a confirmed payment: tests/e2e/test_billing.py).
    P-PRICE-5: the canceled page's Return to Pricing (/pricing) and Back Home (/)."""
    painted = _first_paint(live_app, page, "/")
    page.goto(live_app.path("/"))
    wait_for_app(page)
    _live_page_keeps_the_first_paint(page, "/", painted)

    # P-PRICE-6
    page.goto(live_app.path("/manage-plans"))
    page.wait_for_url(at(live_app, "/pricing"))
    expect(page.get_by_text(SPOTS_BANNER)).to_be_visible()
    page.go_back()
    page.wait_for_url(at(live_app, "/"))
    wait_for_app(page)  # loaded and connected: a bounce back would have happened by now
    assert at(live_app, "/").match(page.url)

    # P-PRICE-4
    painted = _first_paint(live_app, page, "/subscribe/success")
    page.goto(live_app.path("/subscribe/success"))
    wait_for_app(page)
    _live_page_keeps_the_first_paint(page, "/subscribe/success", painted)
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

    # P-PRICE-5
    page.goto(live_app.path("/subscribe/canceled"))
    wait_for_app(page)
    expect(page.get_by_role("link", name="Back Home")).to_have_attribute("href", "/")
    to_pricing = page.get_by_role("link", name="Return to Pricing")
    expect(to_pricing).to_have_attribute("href", "/pricing")
    to_pricing.click()
    page.wait_for_url(at(live_app, "/pricing"))
    expect(page.get_by_text(SPOTS_BANNER)).to_be_visible()
    page.go_back()
    page.wait_for_url(at(live_app, "/subscribe/canceled"))
    page.get_by_role("link", name="Back Home").click()
    page.wait_for_url(at(live_app, "/"))


# --- P-MISC-1 / P-MISC-2: 404 -------------------------------------------------------------------

#: 404 paths naming an external URL (issue 13, finding 3: /https://example.com/x was the
#: review's open redirect), and the URL each names.
HAND_OFFS = (
    ("/x/https%3A%2F%2Fexample.com%2Fpage", "https://example.com/page"),
    ("/out?u=https://example.com/from-query", "https://example.com/from-query"),
    ("/https://example.com/x", "https://example.com/x"),
)


def _stub_example_com(page: Page) -> list[str]:
    """Answer every https://example.com request inside the browser; return the URLs asked."""
    asked: list[str] = []

    def fulfil(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>stub</title>stub")

    page.context.route(re.compile(r"^https?://example\.com/.*"), fulfil)
    return asked


def test_not_found_page_navigation_and_external_urls(live_app: LiveApp, page: Page) -> None:
    """P-MISC-1: 'Page not found'; Go Back goes home when history.length <= 2 and calls
    history.back() when it is > 2; Return to Home goes to /.
    P-MISC-2 (issue 13, finding 3): an http(s) URL in a 404 path (percent-encoded or plain) or
    query is named with its site and waits for a click, which opens it in a new tab cut off
    from this page; nothing opens by itself. Only http(s) is ever opened:
    ?u=javascript:alert(1) stays on the 404 page and offers nothing."""
    asked = _stub_example_com(page)
    popups: list[Page] = []
    dialogs: list[str] = []
    page.on("popup", lambda p: popups.append(p))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    heading = page.get_by_role("heading", name="Page not found")
    fallback = page.locator("[data-external-fallback]")

    page.goto(live_app.path("/definitely/not/a/page"))
    wait_for_app(page)
    expect(heading).to_be_visible()
    expect(page).to_have_title("Page not found | Unstuck")
    expect(fallback).to_be_hidden()
    assert page.evaluate("history.length") <= 2
    page.get_by_role("link", name="Go Back").click()
    page.wait_for_url(at(live_app, "/"))
    page.go_back()
    page.wait_for_url(at(live_app, "/definitely/not/a/page"))
    page.get_by_role("link", name="Return to Home").click()
    page.wait_for_url(at(live_app, "/"))

    for route, url in HAND_OFFS:
        popups.clear()
        asked.clear()
        page.goto(live_app.path(route))
        wait_for_app(page)
        expect(fallback).to_be_visible()
        expect(fallback).to_contain_text("another site, example.com")
        link = fallback.get_by_role("link", name=url)
        expect(link).to_have_attribute("href", url)
        expect(link).to_have_attribute("rel", "noopener noreferrer")
        settled(page)  # the fallback is what the page script chose instead of opening the URL
        assert popups == [] and asked == [], route
        assert page.url == live_app.path(route)

        with page.expect_popup() as popup_info:
            link.click()
        popup = popup_info.value
        popup.wait_for_url(url)
        assert popup.evaluate("window.opener") is None
        assert asked == [url]
        assert page.url == live_app.path(route)
        popup.close()

    popups.clear()
    script_url = "/x?u=javascript:alert(1)"
    page.goto(live_app.path(script_url))
    wait_for_app(page)
    expect(heading).to_be_visible()
    settled(page)
    assert popups == []
    assert dialogs == []
    assert page.url == live_app.path(script_url)
    expect(fallback).to_be_hidden()

    # With history to go back to, Go Back goes back: to the last 404 page, not home.
    assert page.evaluate("history.length") > 2
    page.get_by_role("link", name="Go Back").click()
    page.wait_for_url(at(live_app, HAND_OFFS[-1][0]))
    expect(fallback.get_by_role("link", name=HAND_OFFS[-1][1])).to_be_visible()
    settled(page)
    assert popups == [] and dialogs == []
