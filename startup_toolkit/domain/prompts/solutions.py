"""Prompt of the Solutions Hub's document-style generator (ai-tools section 7, P-HUB-8): an
article, a working document or a video script on a resource's topic, in Markdown, citing
recent sources or saying there are none."""

from __future__ import annotations

NO_RECENT_SOURCE = "No recent data/source available"

SYSTEM = (
    "You are an experienced startup advisor who writes clear, practical material for founders. "
    "Write in Markdown with ## and ### headings, short paragraphs and lists. Do not use HTML or "
    "images."
)


def generator_prompt(topic: str, kind: str) -> str:
    """The document-style generator's prompt for a topic and a kind (Article, Document, Video)."""
    if kind == "Video":
        shape = (
            "Write a video script of 5-10 minutes of speaking time on the topic below, with "
            "timed sections (for example '0:00 Intro'), what the presenter says, and on-screen "
            "notes."
        )
    elif kind == "Document":
        shape = (
            "Write a practical working document (template, checklist or worksheet) of "
            "1000-1500 words on the topic below, ready for a founder to fill in and use."
        )
    else:
        shape = "Write an article of 1000-1500 words on the topic below."
    return (
        f"{shape}\n\nTopic: {topic}\n\n"
        "Cite sources published in the last 1-2 years in a final '## Sources' section, with "
        f"links. If you have none, write '{NO_RECENT_SOURCE}' there instead of inventing any."
    )
