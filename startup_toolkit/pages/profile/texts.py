"""What the settings tabs show for each choice: option labels, hints and the lists offered."""

from __future__ import annotations

from typing import NamedTuple

from startup_toolkit.domain.profile import SESSION_TIMEOUT_DAYS

#: Each settings card's heading (its icon, title and the line under it), by the card's id.
SECTION_HEADINGS: dict[str, tuple[str, str, str]] = {
    "profile-card": (
        "id-card",
        "Profile",
        "How you appear across Unstuck and in your AI results.",
    ),
    "preferences-card": (
        "sliders-horizontal",
        "Preferences",
        "Notifications, privacy and display.",
    ),
    "danger-zone": (
        "triangle-alert",
        "Delete Account",
        "Permanently remove your account and all of its data.",
    ),
    "ai-card": (
        "sparkles",
        "AI Personalization",
        "Tailor every AI tool's answers to you and your startup.",
    ),
    "security-card": (
        "shield-check",
        "Security",
        "Protect your account and control sessions.",
    ),
}
AI_OPTION_LABELS: dict[str, dict[str, str]] = {
    "response_style": {"concise": "Concise", "detailed": "Detailed", "balanced": "Balanced"},
    "expertise_level": {
        "beginner": "Beginner",
        "intermediate": "Intermediate",
        "advanced": "Advanced",
        "expert": "Expert",
    },
    "industry_focus": {
        "technology": "Technology",
        "healthcare": "Healthcare",
        "finance": "Finance",
        "ecommerce": "E-commerce",
        "saas": "SaaS",
        "other": "Other",
    },
    "communication_tone": {
        "professional": "Professional",
        "friendly": "Friendly",
        "casual": "Casual",
        "formal": "Formal",
    },
    "detail_level": {
        "minimal": "Minimal",
        "moderate": "Moderate",
        "comprehensive": "Comprehensive",
    },
}
AI_HINTS = {
    "response_style": "How long answers are.",
    "expertise_level": "How much the tools explain the basics.",
    "industry_focus": "Examples and benchmarks from your industry ('Other' keeps them general).",
    "communication_tone": "The voice the tools write in.",
    "detail_level": "How deep the analysis goes.",
}
PREFERENCE_TEXTS: dict[str, tuple[str, str]] = {
    "email_notifications": ("Email notifications", "Important account updates by email."),
    "push_notifications": ("Push notifications", "Alerts in the app while you work."),
    "marketing_emails": ("Product news", "New tools, tips and offers, now and then."),
    "weekly_reports": ("Weekly reports", "A summary of your progress every week."),
    "ai_personalization": (
        "AI personalization",
        "Tailor AI answers with your AI settings and activity.",
    ),
    "data_collection": ("Usage analytics", "Share anonymous usage data to improve the tools."),
}
THEME_LABELS = {"dark": "Dark", "light": "Light", "system": "Match my device"}
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
    "pt": "Português",
}
COMMON_TIMEZONES: tuple[str, ...] = (
    "UTC",
    "America/Los_Angeles",
    "America/Denver",
    "America/Chicago",
    "America/New_York",
    "America/Sao_Paulo",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Africa/Lagos",
    "Africa/Johannesburg",
    "Asia/Dubai",
    "Asia/Kolkata",
    "Asia/Singapore",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
)
SESSION_TIMEOUT_LABELS = {
    str(d): f"{d} day" if d == 1 else f"{d} days" for d in SESSION_TIMEOUT_DAYS
}


class DialogText(NamedTuple):
    """What a settings form dialog says: its title, the line under it, the form's accessible
    name, and its confirm button (label, label while busy, icon, id)."""

    title: str
    description: str
    aria_label: str
    submit: str
    busy_label: str
    icon: str
    submit_id: str


#: Each settings form dialog's texts, by its name (what ProfileState's `busy` and `dialog`
#: hold for it).
FORM_DIALOGS: dict[str, DialogText] = {
    "password_dialog": DialogText(
        "Change Password",
        "Enter your current password and choose a new one (at least 8 characters). You will "
        "stay signed in here; other devices are signed out.",
        "Change password",
        "Update Password",
        "Updating...",
        "key-round",
        "password-submit",
    ),
    "totp_setup": DialogText(
        "Turn on two-factor authentication",
        "Scan the QR code with an authenticator app (such as Google Authenticator, 1Password or "
        "Authy), then enter the 6-digit code it shows.",
        "Turn on two-factor authentication",
        "Verify and turn on",
        "Verifying...",
        "shield-check",
        "totp-confirm",
    ),
    "totp_disable": DialogText(
        "Turn off two-factor authentication",
        "Confirm it's you with a current code from your authenticator app or your account "
        "password.",
        "Turn off two-factor authentication",
        "Turn off",
        "Checking...",
        "shield-off",
        "totp-disable-confirm",
    ),
    "recovery_codes_new": DialogText(
        "Create new recovery codes",
        "Your current recovery codes stop working and ten new ones are shown once. Confirm "
        "with your account password.",
        "Create new recovery codes",
        "Create new codes",
        "Creating...",
        "refresh-cw",
        "recovery-codes-new-confirm",
    ),
    "notifications_off": DialogText(
        "Turn off login notifications",
        "Confirm it's you with your account password (or, with two-factor on, a current code "
        "from your authenticator app).",
        "Turn off login notifications",
        "Turn off",
        "Checking...",
        "bell-off",
        "notifications-off-confirm",
    ),
    "delete_dialog": DialogText(
        "Delete your account?",
        "This permanently deletes your account and everything in it: profile, settings, saved "
        "results, favorites, activity and notifications. It cannot be undone. Confirm with "
        "your email and your password (or, with two-factor on, a current code).",
        "Delete account",
        "Delete Account",
        "Deleting...",
        "trash-2",
        "delete-confirm",
    ),
}
