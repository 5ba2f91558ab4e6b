"""/dashboard in a real browser against the production build (P-DASH-1..9).

A fresh account (welcome notification and activity, Start Your Journey), then an account with
seeded rows: favourites add/remove/navigate (P-DASH-2), Quick Stats (P-DASH-3), Resume card
(P-DASH-4), saved-result detail modal and delete (P-DASH-5), legacy documents (P-DASH-6),
recent activity (P-DASH-7), notifications mark-all and dismiss (P-DASH-8), Profile modal
Manage -> /profile (P-DASH-9); screenshots at 1280 and 390 px.
"""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import Page, expect
from sqlmodel import select

from startup_toolkit.domain.catalog import AI_COFOUNDER, GROWTH_ENGINE
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.models import SavedResult, UserActivity, UserDocument, UserFavorite
from startup_toolkit.models.base import utcnow
from startup_toolkit.services import activity, saved_results
from tests.e2e.auth_helpers import app_db, sign_in_user, sign_up, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import LiveApp, at, at_phone_width, screenshot, toast


def seed(live_app: LiveApp, user_id: str) -> list[int]:
    """Seven saved results, a few documents, notifications and a recent AI Co-Founder run."""
    ids = []
    with app_db(live_app) as db:
        for i in range(7):
            outcome = saved_results.save_result(
                db,
                user_id,
                SaveRequest(
                    GROWTH_ENGINE.name,
                    f"Growth plan {i}",
                    "Plain body",
                    formatted_content=(
                        "<h2>Week one</h2><p>Ship the <strong>landing page</strong>.</p>"
                    ),
                    metadata={"summary": f"Summary of plan {i}"},
                ),
            )
            assert outcome.ok and outcome.result_id
            ids.append(outcome.result_id)
        now = utcnow()
        for i, (size, fmt) in enumerate([("1.5MB", "PDF"), ("2KB", "DOCX"), ("2048", "PDF")]):
            db.add(
                UserDocument(
                    user_id=user_id,
                    name=f"Pitch deck v{i}",
                    file_size=size,
                    file_format=fmt,
                    created_at=now + timedelta(seconds=i),
                )
            )
        db.commit()
        activity.create_notification(db, user_id, "warning", "Your trial ends in 3 days")
        activity.log_activity(db, user_id, AI_COFOUNDER.name, "Chatted about pricing")
    return ids


def test_fresh_dashboard_is_empty_but_welcoming(live_app: LiveApp, page: Page) -> None:
    """P-DASH-1 (name, email, plan badge), P-DASH-4 (Start Your Journey), empty states; the
    signed-in footer (issue 17, item 7)."""
    email = unique_email("dash")
    sign_up_and_sign_in(live_app, page, email=email)
    expect(page.get_by_role("heading", name="Welcome back, Ada Lovelace!")).to_be_visible()
    expect(page.get_by_text(email)).to_be_visible()
    # Issue 17, item 6: the badge says what the founder gets; the sign-in that created the
    # account sends no "New sign-in" beside the welcome.
    expect(page.locator("#plan-badge")).to_have_text("Free Plan · All AI tools included")
    expect(
        page.get_by_text("Welcome to Unstuck! Your dashboard is ready", exact=False)
    ).to_be_visible()
    expect(page.locator("#notifications-card")).not_to_contain_text("New sign-in")
    expect(page.get_by_text("Account created and dashboard initialized")).to_be_visible()
    resume = page.locator("#resume-card")
    expect(resume.get_by_role("link", name="Start Your Journey")).to_have_attribute(
        "href", "/ai-cofounder"
    )
    expect(page.get_by_text("No saved results yet", exact=False)).to_be_visible()
    expect(page.get_by_text("No documents yet.")).to_be_visible()
    expect(page.get_by_text("No favorite tools yet.")).to_be_visible()
    expect(page.get_by_role("link", name="Explore New Tools")).to_have_attribute(
        "href", "/tool-explorer"
    )
    screenshot(page, "dashboard-empty")
    # Issue 17, item 7: no Sign In / Sign Up in the footer once signed in; the dashboard and
    # profile instead.
    footer = page.locator("footer")
    expect(footer.get_by_role("link", name="Dashboard")).to_have_attribute("href", "/dashboard")
    expect(footer.get_by_role("link", name="Profile")).to_have_attribute("href", "/profile")
    expect(footer.get_by_role("link", name="Sign In")).to_have_count(0)
    expect(footer.get_by_role("link", name="Sign Up")).to_have_count(0)


def test_dashboard_with_data(live_app: LiveApp, page: Page) -> None:
    """P-DASH-3..8 with seeded rows, P-DASH-2 favourites, P-DASH-5 detail and delete, P-DASH-4
    Resume, P-DASH-9 the profile modal; the saved results at 390 px."""
    user_id = sign_up(live_app)
    ids = seed(live_app, user_id)
    sign_in_user(live_app, page, user_id)

    # P-DASH-4: the latest activity's tool.
    expect(page.get_by_text("Continue with AI Co-Founder")).to_be_visible()
    # P-DASH-5: first 6 of 7, count badge.
    expect(page.locator(".saved-result")).to_have_count(6)
    expect(page.locator("#saved-count")).to_have_text("7")
    # P-DASH-6: PDF is a Document, other formats Articles; sizes by the display rule.
    docs = page.locator("#legacy-documents")
    expect(docs.locator(".legacy-document")).to_have_count(3)
    expect(docs.get_by_text("1.50 MB")).to_be_visible()
    expect(docs.get_by_text("Article")).to_have_count(1)
    # P-DASH-3
    stats = page.locator("#quick-stats")
    expect(stats).to_contain_text("Tools Used2")
    # P-DASH-7: at most 10, numbered, relative labels.
    with app_db(live_app) as db:
        logged = db.exec(select(UserActivity).where(UserActivity.user_id == user_id)).all()
    assert len(logged) >= 9  # seven saves, the welcome entry, the AI Co-Founder run
    items = page.locator("#recent-activity .activity-item")
    expect(items).to_have_count(min(10, len(logged)))
    expect(items.first.locator("span, p").first).to_have_text("1")
    expect(items.first).to_contain_text("Chatted about pricing")
    expect(items.first).to_contain_text("Just now")
    screenshot(page, "dashboard-data")

    # P-DASH-5: detail modal with body, summary, badges; delete closes it.
    page.locator(".saved-open").first.click()
    detail = page.locator("#result-detail")
    expect(detail.get_by_role("heading", name="Growth plan 6")).to_be_visible()
    expect(detail.get_by_text("Summary of plan 6")).to_be_visible()
    expect(detail.locator("strong", has_text="landing page")).to_be_visible()
    screenshot(page, "dashboard-result-detail")
    detail.get_by_role("button", name="Delete").click()
    # Issue 14: Delete asks first, naming the result.
    confirm = page.get_by_role("alertdialog")
    expect(confirm).to_contain_text("Growth plan 6")
    confirm.get_by_role("button", name="Delete").click()
    expect(toast(page, "Result deleted successfully")).to_be_visible()
    expect(detail).to_have_count(0)
    expect(page.locator("#saved-count")).to_have_text("6")
    with app_db(live_app) as db:
        assert db.get(SavedResult, ids[-1]) is None
    # Per-item delete from the grid.
    page.get_by_role("button", name="Delete Growth plan 5").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete").click()
    expect(page.locator("#saved-count")).to_have_text("5")
    # Issue 14: Undo, offered by the toast for a few seconds, puts it back.
    toast(page, "Result deleted successfully").get_by_role("button", name="Undo").click()
    expect(toast(page, "Result restored")).to_be_visible(timeout=15_000)  # a write and a reload
    expect(page.locator("#saved-count")).to_have_text("6")
    expect(page.get_by_role("button", name="Growth plan 5", exact=True)).to_be_visible()

    # P-DASH-8: dismiss one, then mark all read.
    notes = page.locator("#notifications-card")
    badge = page.locator("#unread-badge")
    unread_before = int(badge.inner_text().split()[0])
    notes.get_by_role("button", name="Dismiss notification").first.click()
    if unread_before > 1:
        expect(badge).to_have_text(f"{unread_before - 1} new")
    notes.get_by_role("button", name="Mark all read").click()
    expect(toast(page, "All notifications marked as read")).to_be_visible()
    expect(badge).to_have_count(0)
    notes.get_by_role("button", name="Mark all read").click()
    expect(toast(page, "No notifications to clear")).to_be_visible()

    # The saved results at 390 px; P-DASH-9 the profile modal, read-only.
    at_phone_width(page, "dashboard-mobile", ".saved-result")
    edit = page.get_by_role("button", name="Edit Profile")
    edit.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_label("Full name")).to_be_disabled()
    expect(dialog.get_by_label("Full name")).to_have_value("Ada Lovelace")
    expect(dialog.get_by_label("Email")).to_be_disabled()
    dialog.get_by_role("button", name="Close").first.click()
    expect(dialog).to_have_count(0)

    # P-DASH-4: Resume goes to the tool.
    page.locator("#resume-button").click()
    expect(page).to_have_url(at(live_app, AI_COFOUNDER.path))
    expect(edit).to_have_count(0)  # the tool's page is the one on screen
    page.go_back()
    expect(page.locator("#saved-count")).to_have_text("6")

    # P-DASH-2: add from the modal, remove from the list, navigate from a favourite.
    page.get_by_role("button", name="Add Favorites").click()
    page.get_by_role("button", name=f"Add {GROWTH_ENGINE.name} to favorites").click()
    expect(toast(page, "Added to favorites")).to_be_visible()
    page.get_by_role("button", name=f"Add {AI_COFOUNDER.name} to favorites").click()
    expect(page.get_by_role("button", name=f"Remove {AI_COFOUNDER.name}")).to_be_visible()
    screenshot(page, "dashboard-favorites-modal")
    page.get_by_role("button", name="Done").click()
    fav = page.locator("#favorites-card")
    expect(fav.locator(".fav-open")).to_have_count(2)
    fav.get_by_role("button", name=f"Remove {GROWTH_ENGINE.name} from favorites").click()
    expect(toast(page, "Removed from favorites")).to_be_visible()
    expect(fav.locator(".fav-open")).to_have_count(1)
    with app_db(live_app) as db:
        rows = db.exec(select(UserFavorite).where(UserFavorite.user_id == user_id)).all()
        assert [r.tool_name for r in rows] == [AI_COFOUNDER.name]
    fav.locator(".fav-open").click()
    expect(page).to_have_url(at(live_app, AI_COFOUNDER.path))
    with app_db(live_app) as db:
        logged = db.exec(
            select(UserActivity).where(
                UserActivity.user_id == user_id,
                UserActivity.action == "Opened AI Co-Founder from favorites",
            )
        ).all()
        assert len(logged) == 1

    # P-DASH-9: the profile modal's Manage leads to /profile.
    page.go_back()
    expect(page.locator("#saved-count")).to_have_text("6")
    edit.click()
    page.get_by_role("dialog").get_by_role("button", name="Manage").click()
    expect(page).to_have_url(at(live_app, "/profile"), timeout=20_000)
