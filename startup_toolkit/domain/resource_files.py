"""The Solutions Hub library's files: a resource is a Markdown file with a front matter
(`key: value` lines between two `---` lines) followed by its text; templates, documents and
video scripts are files under `assets/library/`. This module reads the text of such a file and
states what a resource must have: its fields, its length, its download. No I/O.

Front matter keys: id, title, description, type, category (required); popular (true/false);
download (a site path under /library/ to the file the card offers); video_url or
video_file_url (a playable source of a Video: without one, a Video is its script)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from startup_toolkit.domain.resources import CATEGORIES, TYPES, ResourceText, word_count

REQUIRED = ("id", "title", "description", "type", "category")
OPTIONAL = ("popular", "download", "video_url", "video_file_url")

#: Words of a resource's text, by type: an article of 800-1,500 words; a video script of 5-10
#: minutes spoken (about 130-150 words a minute); a document's guide to its download.
LENGTH_RULES: dict[str, tuple[int, int]] = {
    "Article": (800, 1500),
    "Video": (600, 1500),
    "Document": (250, 1000),
}
#: Words a presenter speaks in a minute (a video script's running time).
SPOKEN_WORDS_PER_MINUTE = 130

DOWNLOAD_PREFIX = "/library/files/"
SCRIPT_PREFIX = "/library/scripts/"
IMAGE_PREFIX = "/library/img/"
#: What a download's extension is called on a card.
FILE_FORMATS: dict[str, str] = {
    "md": "Markdown",
    "csv": "CSV",
    "xlsx": "Excel",
    "docx": "Word",
}

_DELIMITER = "---"
_KEY_LINE = re.compile(r"^([a-z_]+):\s*(.*?)\s*$")
_SLUG = re.compile(r"^\d+-([a-z0-9-]+)$")


class ResourceFileError(ValueError):
    """A resource file that cannot be read as one."""


def parse_front_matter(text: str) -> tuple[dict[str, str], str]:
    """The front matter's fields and the text after it."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != _DELIMITER:
        raise ResourceFileError("no front matter: the file must start with '---'")
    try:
        end = next(i for i, line in enumerate(lines[1:], 1) if line.strip() == _DELIMITER)
    except StopIteration:
        raise ResourceFileError("the front matter has no closing '---'") from None
    fields: dict[str, str] = {}
    for line in lines[1:end]:
        if not line.strip():
            continue
        m = _KEY_LINE.match(line)
        if m is None:
            raise ResourceFileError(f"not a 'key: value' line: {line!r}")
        key, value = m.groups()
        if key in fields:
            raise ResourceFileError(f"'{key}' appears twice")
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        fields[key] = value
    return fields, "\n".join(lines[end + 1 :]).strip() + "\n"


def slug_of(file_stem: str) -> str:
    """The resource's name from its file's name: '03-first-100-users' -> 'first-100-users'."""
    m = _SLUG.match(file_stem)
    if m is None:
        raise ResourceFileError(f"file name {file_stem!r} is not 'NN-name'")
    return m.group(1)


def script_path(slug: str) -> str:
    """Where a Video's script is offered for download."""
    return f"{SCRIPT_PREFIX}{slug}-script.md"


def category_image(category: str) -> str:
    """The category's own picture (a local SVG)."""
    return f"{IMAGE_PREFIX}{category.lower()}.svg"


def file_format(path: str) -> str:
    """'Excel' for a '.xlsx' download; '' for none."""
    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    return FILE_FORMATS.get(ext, ext.upper())


def format_size(size: int) -> str:
    """A file's size as a card shows it: '812 B', '3.4 KB', '27 KB', '1.2 MB'."""
    if size < 1024:
        return f"{size} B"
    for unit, scale in (("KB", 1024), ("MB", 1024**2)):
        value = size / scale
        if value < 1024 or unit == "MB":
            return f"{value:.1f} {unit}" if value < 10 else f"{round(value)} {unit}"
    return f"{size} B"  # pragma: no cover


def spoken_minutes(text: str) -> int:
    """Minutes a script takes to present (at least 1)."""
    return max(1, round(word_count(text) / SPOKEN_WORDS_PER_MINUTE))


def _bool(value: str, key: str) -> bool:
    if value not in ("true", "false"):
        raise ResourceFileError(f"'{key}' must be true or false, not {value!r}")
    return value == "true"


@dataclass(frozen=True)
class ResourceFile(ResourceText):
    """A resource as its file states it; `slug` is its file's name without the number."""

    slug: str
    download: str = ""
    video_url: str = ""
    video_file_url: str = ""

    @property
    def is_script(self) -> bool:
        """A Video with nothing to play: its text is the presenter's script."""
        return self.type == "Video" and not (self.video_url or self.video_file_url)

    @property
    def offered_file(self) -> str:
        """The download on its card: the document's file, or a script's own file."""
        if self.download:
            return self.download
        return script_path(self.slug) if self.is_script else ""


def read_resource(file_stem: str, text: str) -> ResourceFile:
    """A resource from its file's name and text; ResourceFileError says what is wrong."""
    fields, body = parse_front_matter(text)
    missing = [k for k in REQUIRED if not fields.get(k)]
    if missing:
        raise ResourceFileError(f"missing {', '.join(missing)}")
    unknown = sorted(set(fields) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise ResourceFileError(f"unknown field(s) {', '.join(unknown)}")
    if not fields["id"].isdigit() or int(fields["id"]) < 1:
        raise ResourceFileError(f"id must be a positive whole number, not {fields['id']!r}")
    if fields["type"] not in TYPES:
        raise ResourceFileError(f"type must be one of {', '.join(TYPES)}")
    if fields["category"] not in CATEGORIES:
        raise ResourceFileError(f"category must be one of {', '.join(CATEGORIES)}")
    download = fields.get("download", "")
    if download and not download.startswith(DOWNLOAD_PREFIX):
        raise ResourceFileError(f"download must be a file under {DOWNLOAD_PREFIX}")
    return ResourceFile(
        id=int(fields["id"]),
        slug=slug_of(file_stem),
        title=fields["title"],
        description=fields["description"],
        type=fields["type"],
        category=fields["category"],
        popular=_bool(fields.get("popular", "false"), "popular"),
        content=body,
        download=download,
        video_url=fields.get("video_url", ""),
        video_file_url=fields.get("video_file_url", ""),
    )


def length_problem(resource: ResourceFile) -> str:
    """Why the text's length breaks its type's rule ('' when it does not)."""
    low, high = LENGTH_RULES[resource.type]
    words = word_count(resource.content)
    if low <= words <= high:
        return ""
    return f"{resource.title}: {words} words, a {resource.type} needs {low}-{high}"


def script_file(resource: ResourceFile) -> str:
    """The text of a Video's downloadable script: its title, then its text."""
    return f"# {resource.title}\n\n{resource.description}\n\n{resource.content}"


def check_library(resources: Mapping[int, ResourceFile]) -> list[str]:
    """What is wrong with the library as a whole ('' items: none)."""
    problems = [p for r in resources.values() if (p := length_problem(r))]
    for kind in TYPES:
        if not any(r.type == kind for r in resources.values()):
            problems.append(f"no resource of type {kind}")
    for category in CATEGORIES:
        if not any(r.category == category for r in resources.values()):
            problems.append(f"no resource in {category}")
    return problems
