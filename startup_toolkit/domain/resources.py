"""The Solutions Hub library: categories, types, tabs, filtering, search, sort, the table of
contents of a resource, the saved-record shape, the Quick Tips and the texts of the content
generator (the seed library is in resources_library.py).

Pure logic: no I/O, no Reflex (spec platform "Solutions Hub", P-HUB-1..3, P-HUB-5, P-HUB-7,
P-HUB-8).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar
from urllib.parse import parse_qs, urlsplit

from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts
from startup_toolkit.domain.urls import http_url_or_empty, link_or_empty

CATEGORIES: tuple[str, ...] = ("Finance", "Growth", "Marketing", "Product", "Fundraising", "Legal")
TYPES: tuple[str, ...] = ("Article", "Video", "Document")
ALL = "All"

#: (tab value, label, the type it shows; "" = every type)
TABS: tuple[tuple[str, str, str], ...] = (
    ("all", "All Resources", ""),
    ("articles", "Articles", "Article"),
    ("videos", "Videos", "Video"),
    ("documents", "Documents", "Document"),
)
TAB_TYPES: dict[str, str] = {value: kind for value, _, kind in TABS}

SORT_NEWEST = "newest"
SORT_POPULAR = "popular"
SORTS: tuple[tuple[str, str], ...] = ((SORT_NEWEST, "Newest"), (SORT_POPULAR, "Most Popular"))
SORT_VALUES = frozenset(value for value, _ in SORTS)

POPULAR_LIMIT = 3
TIP_SECONDS = 10
QUERY_MAX = 200

#: Saved-record format label by resource type (spec: PDF, Article, Video).
FORMAT_LABELS: dict[str, str] = {"Document": "PDF", "Article": "Article", "Video": "Video"}

#: Icon (lucide) and gradient per type: the cards use these instead of remote images.
TYPE_ICONS: dict[str, str] = {
    "Article": "newspaper",
    "Video": "circle-play",
    "Document": "file-text",
}
TYPE_GRADIENTS: dict[str, str] = {
    "Article": "linear-gradient(135deg, var(--violet-9), var(--indigo-9))",
    "Video": "linear-gradient(135deg, var(--crimson-9), var(--orange-9))",
    "Document": "linear-gradient(135deg, var(--teal-9), var(--cyan-9))",
}

SAVE_SIGN_IN = "You must be logged in to save this."
SAVE_FAILED = "Failed to save."
SAVED = "Saved to your dashboard"
CONTENT_FAILED = "Failed to load content. Please try again later."

_HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_INLINE_MARKUP = re.compile(r"[*_`]|\[([^\]]*)\]\([^)]*\)")


class ResourceLike(Protocol):
    """What filtering needs of a resource (a table row or a view)."""

    id: int | None
    title: str
    description: str
    type: str
    category: str
    popular: bool


R = TypeVar("R", bound=ResourceLike)


def clean_choice(value: object, allowed: Iterable[str], default: str = ALL) -> str:
    """`value` when it is one of `allowed`, else `default` (browser input is untrusted)."""
    return value if isinstance(value, str) and value in set(allowed) else default


def clean_query(value: object) -> str:
    """The search text as typed, capped; non-strings become empty."""
    return value[:QUERY_MAX] if isinstance(value, str) else ""


def matches_query(resource: ResourceLike, query: str) -> bool:
    """Every word of the query appears in the title, description, category or type."""
    words = query.lower().split()
    if not words:
        return True
    haystack = " ".join(
        (resource.title, resource.description, resource.category, resource.type)
    ).lower()
    return all(word in haystack for word in words)


def sort_resources(items: Iterable[R], sort: str) -> list[R]:
    """Newest: id descending. Most Popular: popular-flagged first, then newest."""
    newest = sorted(items, key=lambda r: r.id or 0, reverse=True)
    if sort == SORT_POPULAR:
        return sorted(newest, key=lambda r: not r.popular)
    return newest


def filter_resources(
    items: Iterable[R],
    *,
    tab: str = "all",
    category: str = ALL,
    type_: str = ALL,
    query: str = "",
    sort: str = SORT_NEWEST,
) -> list[R]:
    """The resources the grid shows for the tab, filters, search text and sort."""
    tab_type = TAB_TYPES.get(tab, "")
    kept = [
        r
        for r in items
        if (not tab_type or r.type == tab_type)
        and (category == ALL or r.category == category)
        and (type_ == ALL or r.type == type_)
        and matches_query(r, query)
    ]
    return sort_resources(kept, sort)


def popular_resources(items: Iterable[R], limit: int = POPULAR_LIMIT) -> list[R]:
    """The first `limit` popular-flagged resources in library order (P-HUB-5)."""
    return [r for r in sorted(items, key=lambda r: r.id or 0) if r.popular][:limit]


@dataclass(frozen=True)
class Heading:
    level: int  # 2 or 3
    text: str


def _plain_heading(text: str) -> str:
    return _INLINE_MARKUP.sub(lambda m: m.group(1) or "", text).strip()


def table_of_contents(markdown: str) -> list[Heading]:
    """The `##` and `###` headings of a markdown text, in order (code blocks skipped)."""
    out: list[Heading] = []
    in_fence = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = _HEADING.match(line)
        if m:
            text = _plain_heading(m.group(2))
            if text:
                out.append(Heading(level=len(m.group(1)), text=text))
    return out


#: Where the embedded players live (the pages' Content-Security-Policy allows only these frames).
VIDEO_PLAYER_ORIGINS = (
    "https://www.youtube-nocookie.com",
    "https://player.vimeo.com",
    "https://www.loom.com",
)
_YOUTUBE_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
_VIMEO_PATH = re.compile(r"^/(?:video/)?(\d{1,12})/?$")
_LOOM_PATH = re.compile(r"^/(?:share|embed)/([0-9a-f]{32})/?$")


def _youtube_id(host: str, path: str, query: str) -> str:
    if host == "youtu.be":
        return path.strip("/")
    if host not in ("youtube.com", "youtube-nocookie.com"):
        return ""
    if path == "/watch":
        return parse_qs(query).get("v", [""])[0]
    parts = path.strip("/").split("/")
    return parts[1] if len(parts) == 2 and parts[0] in ("embed", "shorts", "live") else ""


def video_embed_url(url: str) -> str:
    """The player address for a video page on YouTube (privacy-enhanced), Vimeo or Loom; ''
    for any other address: other sites are linked to, never framed."""
    try:
        parts = urlsplit((url or "").strip())
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https"):
        return ""
    host = (parts.hostname or "").lower().removeprefix("www.").removeprefix("m.")
    youtube = _youtube_id(host, parts.path, parts.query)
    if _YOUTUBE_ID.match(youtube):
        return f"https://www.youtube-nocookie.com/embed/{youtube}"
    vimeo = _VIMEO_PATH.match(parts.path) if host in ("vimeo.com", "player.vimeo.com") else None
    if vimeo:
        return f"https://player.vimeo.com/video/{vimeo.group(1)}"
    loom = _LOOM_PATH.match(parts.path) if host == "loom.com" else None
    if loom:
        return f"https://www.loom.com/embed/{loom.group(1)}"
    return ""


def video_player(
    resource_type: str, video_file_url: str, video_url: str
) -> tuple[Literal["file", "embed", ""], str]:
    """P-HUB-6: how a Video resource plays: its own file in the native player, else its
    video page in a frame; ('', '') when it has neither (it opens the detail dialog)."""
    if resource_type != "Video":
        return "", ""
    src = link_or_empty(video_file_url)
    if src:
        return "file", src
    embed = video_embed_url(video_url)
    return ("embed", embed) if embed else ("", "")


def format_label(resource_type: str) -> str:
    """The saved record's format label: PDF for documents, else the type."""
    return FORMAT_LABELS.get(resource_type, "Article")


def resource_link(resource_id: int, download_url: str, url: str, video_url: str) -> str:
    """The saved record's link: the download or video address, else the resource's own page
    in the hub (which opens its detail dialog)."""
    for candidate in (download_url, video_url, url):
        if http_url_or_empty(candidate):
            return candidate.strip()
    return f"/solutions?resource={resource_id}"


def word_count(text: str) -> int:
    return len(re.findall(r"\w+", text))


def reading_minutes(text: str, words_per_minute: int = 220) -> int:
    """Minutes to read (at least 1)."""
    return max(1, round(word_count(text) / words_per_minute))


@dataclass(frozen=True)
class ResourceText:
    """What every form of a library resource states: its id, its card's texts, its text."""

    id: int
    title: str
    description: str
    type: str
    category: str
    popular: bool
    content: str


@dataclass(frozen=True)
class ResourceView(ResourceText):
    """One resource of the library: a seed of the built-in library, or a row as the hub
    shows it."""

    file_size: str = ""
    url: str = ""
    video_url: str = ""
    video_file_url: str = ""
    download_url: str = ""
    image: str = ""

    @property
    def player(self) -> tuple[Literal["file", "embed", ""], str]:
        """How it plays in the hub's player (P-HUB-6); ('', '') when it does not."""
        return video_player(self.type, self.video_file_url, self.video_url)

    @property
    def watch_url(self) -> str:
        """Where 'Watch' goes: the video page, or a Video's own address; '' for none."""
        if video := http_url_or_empty(self.video_url):
            return video
        return http_url_or_empty(self.url) if self.type == "Video" else ""

    @property
    def download_link(self) -> str:
        """The file its card offers: an http(s) address or a file this site serves."""
        return link_or_empty(self.download_url)

    @property
    def is_script(self) -> bool:
        """A Video with nothing to play: what it offers is its script, and it says so."""
        return self.type == "Video" and not self.player[0]


# --- Quick Tips (P-HUB-3) ----------------------------------------------------------------------

TIPS: tuple[str, ...] = (
    "Talk to five customers this week before you write another line of code.",
    "Know your runway in months, not dollars, and review it every month.",
    "Pick one growth channel and go deep before you add a second one.",
    "Write down the one metric that matters this quarter and share it with the team.",
    "Put every agreement with a co-founder in writing, vesting included.",
    "Ask investors for advice early; ask them for money once you have traction.",
    "Charge from day one: a paying customer teaches more than ten free ones.",
    "Ship small, ship weekly, and keep a changelog your users can read.",
)


# --- Generate content (P-HUB-8) ----------------------------------------------------------------

GENERATE_FAILED = (
    "We're currently experiencing technical difficulties generating this {type} content. "
    "Please try again later."
)
SIGN_IN_TO_GENERATE = "Please log in to generate content"
NO_ACCESS = "A subscription is needed to generate content"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_NOTE = "Sample content: AI generation is not configured, so this is the library's own text."
GENERATED = "Content generated"
VERSION_KEPT = "Kept as your new version; the original is one click away."
SAMPLE_SHOWN = "Sample content shown"


#: The fewest words a generated text of each kind is kept with (issue 28, item 11): the prompt
#: asks for 1000-1500 words (articles, documents) and 5-10 minutes of speaking (a script); a
#: reply well short of it is no such text, whatever the model calls it.
MIN_WORDS: dict[str, int] = {"Article": 700, "Document": 500, "Video": 450}
TOO_SHORT = "The new {type} was too short"


def _written_kind(kind: str) -> str:
    """What the generator writes for a resource of type `kind`: 'article', 'video script'."""
    generated = generator_kind(kind)
    return "video script" if generated == "Video" else generated.lower()


def length_problems(kind: str, text: str) -> list[str]:
    """Why a generated text of type `kind` is too short to keep ([] when it is long enough;
    an empty one too: writing nothing is the generator's plain failure)."""
    need, words = MIN_WORDS[generator_kind(kind)], word_count(text)
    if words >= need or words == 0:
        return []
    name = _written_kind(kind)
    a = "an" if name[0] in "aeiou" else "a"
    return [f"It had {words:,} words; {a} {name} needs at least {need:,}. Please try again."]


def generator_kind(kind: str) -> str:
    """The generator's kind for a resource type: unknown types write an article."""
    return kind if kind in TYPES else "Article"


def content_texts(kind: str) -> RunTexts:
    """The generator's failure texts for a resource of type `kind`; a spent daily budget
    reads like any other failure."""
    failed = Notice(GENERATE_FAILED.format(type=kind.lower()))
    too_short = Notice(TOO_SHORT.format(type=_written_kind(kind)), AI_REASON, AI_REASON)
    return RunTexts(
        failed=failed,
        no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL),
        budget=failed,
        unreadable=too_short,
    )
