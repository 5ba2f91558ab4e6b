"""Every table of the app; importing this package registers them all with SQLModel."""

from startup_toolkit.models.accounts import User, UserSession
from startup_toolkit.models.activity import UserActivity, UserFavorite, UserNotification, UserStats
from startup_toolkit.models.ai import AiRunLease, AiUsage
from startup_toolkit.models.arena import ArenaEntry, ArenaJoin, ArenaLike, ArenaPost
from startup_toolkit.models.billing import Invoice, StripeEvent, Subscription
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.models.resources import Resource, ResourceVersion
from startup_toolkit.models.results import SavedResult, UserDocument
from startup_toolkit.models.security import (
    LoginAttempt,
    SignInTicket,
    UserRecoveryCode,
    UserTotp,
)
from startup_toolkit.models.settings import (
    Profile,
    UserAiSettings,
    UserPreferences,
    UserSecuritySettings,
)
from startup_toolkit.models.watch import IdeaWatch, WatchCheck, WatchDigest
from startup_toolkit.models.workspace import Idea, ShareLink, ToolRunRecord

__all__ = [
    "AiRunLease",
    "AiUsage",
    "ArenaEntry",
    "ArenaJoin",
    "ArenaLike",
    "ArenaPost",
    "ContactMessage",
    "Idea",
    "IdeaWatch",
    "Invoice",
    "LoginAttempt",
    "PasswordReset",
    "Profile",
    "Resource",
    "ResourceVersion",
    "SavedResult",
    "ShareLink",
    "SignInTicket",
    "StripeEvent",
    "Subscription",
    "ToolRunRecord",
    "User",
    "UserActivity",
    "UserAiSettings",
    "UserDocument",
    "UserFavorite",
    "UserNotification",
    "UserPreferences",
    "UserRecoveryCode",
    "UserSecuritySettings",
    "UserSession",
    "UserStats",
    "UserTotp",
    "WatchCheck",
    "WatchDigest",
]
