"""What a result page shows of its evidence (issue 15), as rows of its typed result view: the
pages read (the Sources panel, `SourceRow`) and each figure's checked citation (`CitedRow`);
`EvidenceView` is the part every result view has (whether research happened, the pages read).
The checking is `domain/research.check_citation`; here it is only turned into rows."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from startup_toolkit.domain import research as rules
from startup_toolkit.domain.research import Evidence, Source


@dataclasses.dataclass
class SourceRow:
    """A page read, as the Sources panel lists it."""

    number: int = 0
    title: str = ""
    url: str = ""
    site: str = ""
    read_on: str = ""  # YYYY-MM-DD (UTC)


@dataclasses.dataclass
class EvidenceView:
    """What a result view shows of its evidence: whether live research happened (`research`'s
    ON, OFF or FAILED) and the pages read (the Sources panel). Result views extend it."""

    research: str = rules.OFF
    sources: list[SourceRow] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class CitedRow:
    """A figure, trend or fact with its citation: `state` verified (a link to `url` titled
    `label`), unverified or none (then `label` says so and `url` is '')."""

    text: str = ""
    state: str = rules.NONE
    label: str = rules.NO_SOURCE
    url: str = ""


def cited_row(
    text: str, numbers: Sequence[int], source: str, sources: Sequence[Source]
) -> CitedRow:
    citation = rules.check_citation(numbers, source, sources)
    return CitedRow(text, citation.state, citation.label, citation.url)


def source_rows(evidence: Evidence) -> list[SourceRow]:
    return [
        SourceRow(s.number, s.title, s.url, s.site, s.read_at[:10])
        for s in evidence.sources
        if s.url
    ]
