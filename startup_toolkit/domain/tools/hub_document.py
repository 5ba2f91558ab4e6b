"""The Solutions Hub's document generator (P-HUB-8): its spec and its run, which writes
long-form content on a resource's topic tailored by the founder's journey, streamed; in demo
mode, the resource's own text. A document is read on the Solutions page: it does not reopen."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from startup_toolkit.domain import resources as rules
from startup_toolkit.domain import workspace
from startup_toolkit.domain.prompts import solutions as prompts
from startup_toolkit.domain.report_tools_other import hub_document_doc
from startup_toolkit.domain.tool_run import ToolRun
from startup_toolkit.domain.tools.spec import ToolSpec

KEY = "hub-document"
TOOL_NAME = "Solutions Hub"
GENERATE_MAX_TOKENS = 3000


@dataclass(frozen=True)
class DocumentForm:
    """What a document is written on: the resource's title and kind, its own text (the demo
    mode's document) and the founder's journey (None: a visitor's)."""

    title: str
    kind: str
    own_text: str
    journey: prompts.Journey | None = None


def document_run(form: DocumentForm, idea_id: int | None = None) -> ToolRun[str]:
    """The generator's run; a text well short of its kind's length is no version (issue 28,
    item 11: `resources.length_problems`)."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompts.SYSTEM,
        prompt=prompts.generator_prompt(form.title, rules.generator_kind(form.kind), form.journey),
        texts=rules.content_texts(form.kind),
        sample=lambda: form.own_text,
        max_tokens=GENERATE_MAX_TOKENS,
        finish=str.strip,
        check=partial(rules.length_problems, form.kind),
        keep=workspace.KeepRun(KEY, {"title": form.title, "kind": form.kind}),
    )


SPEC: ToolSpec[DocumentForm, str] = ToolSpec(
    key=KEY,
    label="Solutions Hub document",
    timeline_label="Solutions Hub",
    stem="solutions-document",
    make_run=document_run,
    example=lambda: DocumentForm("Pricing your first product", "Guide", "Start with value."),
    reopens=False,
    report=hub_document_doc,
)
