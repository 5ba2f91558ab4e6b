"""T-AI-5: the saved-result payload and metadata exactly as the spec (summary truncated to 200
characters), HTML sanitising of formatted_content, and download file names."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

import pytest
from pydantic import BaseModel

from startup_toolkit.domain import saved_results as sr
from startup_toolkit.domain.saved_results import SaveRequest

NOW = datetime(2025, 3, 4, 5, 6, 7, 891234, tzinfo=UTC)


def build(content: object, **kwargs: object) -> sr.SavedResultPayload:
    kwargs.setdefault("tool_name", "Startup Oracle")
    kwargs.setdefault("title", "My result")
    return sr.build_payload(SaveRequest(content=content, **kwargs), now=NOW)  # type: ignore[arg-type]


def test_t_ai_5_text_payload_shape() -> None:
    text = "Focus on one **niche** first.\n\nThen expand to adjacent markets."
    p = build(text, formatted_content="<p>Focus on one <strong>niche</strong> first.</p>")
    assert p.kind == "text"
    assert p.content_type == "text"
    assert set(p.content) == {"rawContent", "formattedContent", "summary", "wordCount"}
    assert p.content["rawContent"] == text
    assert p.content["formattedContent"] == "<p>Focus on one <strong>niche</strong> first.</p>"
    assert p.content["formattedContent"] == p.formatted_content
    assert p.content["wordCount"] == 10
    assert p.content["summary"] == "Focus on one niche first. Then expand to adjacent markets."
    assert p.metadata == {
        "savedAt": "2025-03-04T05:06:07.891Z",
        "contentLength": len(text),
        "summary": p.content["summary"],
    }


def test_t_ai_5_chat_payload_shape() -> None:
    messages = [
        {"role": "user", "content": "How should I price my SaaS?"},
        {"role": "assistant", "content": "Start with value-based tiers."},
        {"role": "system", "content": "ignored: only user and assistant turns are kept"},
    ]
    p = build({"messages": messages}, tool_name="AI Co-Founder", title="Pricing chat")
    assert p.kind == "chat"
    assert p.content_type == "chat"
    assert p.content == {"messages": messages[:2], "messageCount": 2}
    assert p.metadata["summary"] == "How should I price my SaaS?"
    assert p.metadata["contentLength"] == len(
        json.dumps(p.content, separators=(",", ":"), ensure_ascii=False)
    )
    # A bare list of messages is a chat too.
    assert build(messages, tool_name="AI Co-Founder").content == p.content


def test_t_ai_5_object_payload_shape_and_caller_metadata() -> None:
    data = {"success": True, "amount": 500000, "analysis": "Strong traction for a seed round."}
    p = build(
        data,
        tool_name="Funding Predictor",
        title="Funding prediction",
        content_type="prediction",
        metadata={"stage": "seed", "summary": "Funding Likely: $500K"},
    )
    assert p.kind == "object"
    assert p.content == {"data": data}
    assert p.content_type == "prediction"
    assert p.metadata == {
        "stage": "seed",
        "summary": "Funding Likely: $500K",  # the caller's summary wins over the derived one
        "savedAt": "2025-03-04T05:06:07.891Z",
        "contentLength": len(json.dumps(data, separators=(",", ":"))),
    }
    assert list(p.metadata)[:2] == ["stage", "summary"]  # {...caller, savedAt, ...}


def test_object_summary_from_known_keys_else_title() -> None:
    assert build({"analysis": "Good market."}).metadata["summary"] == "Good market."
    assert build({"score": 80}, title="Viability Analysis - Score: 80/100").metadata["summary"] == (
        "Viability Analysis - Score: 80/100"
    )


def test_pydantic_models_and_dataclasses_are_stored_as_data() -> None:
    class Model(BaseModel):
        score: int = 65
        verdict: str = "Potentially Viable"

    @dataclass
    class Plain:
        name: str

    assert build(Model()).content == {"data": {"score": 65, "verdict": "Potentially Viable"}}
    assert build(Plain("x")).content == {"data": {"name": "x"}}


@pytest.mark.parametrize("length", [199, 200, 201, 5000])
def test_t_ai_5_summary_truncated_to_200(length: int) -> None:
    text = ("word " * 2000)[:length].strip() + "x"
    p = build(text)
    assert len(p.metadata["summary"]) <= sr.SUMMARY_MAX
    assert p.content["summary"] == p.metadata["summary"]
    if len(text) > 200:
        assert len(p.metadata["summary"]) == 200 or p.metadata["summary"].endswith("…")
        assert p.metadata["summary"].endswith("…")
    else:
        assert p.metadata["summary"] == text


def test_caller_summary_is_truncated_too() -> None:
    p = build({"a": 1}, metadata={"summary": "s" * 500})
    assert p.metadata["summary"] == "s" * 199 + "…"


def test_saved_at_is_iso_utc_from_any_timezone() -> None:
    local = NOW.astimezone(timezone(timedelta(hours=5)))
    p = sr.build_payload(SaveRequest("Startup Oracle", "t", "text"), now=local)
    assert p.metadata["savedAt"] == "2025-03-04T05:06:07.891Z"
    assert datetime.fromisoformat(p.metadata["savedAt"].replace("Z", "+00:00")) == NOW.replace(
        microsecond=891000
    )


@pytest.mark.parametrize("content", ["", "   \n", None, {}, [], {"messages": []}])
def test_nothing_to_save(content: object) -> None:
    with pytest.raises(sr.PayloadError) as err:
        build(content)
    assert err.value.message == sr.NOTHING_TO_SAVE


def test_tool_name_required_and_title_bounded() -> None:
    with pytest.raises(sr.PayloadError):
        build("text", tool_name="  ")
    p = build("text", title="T" * 1000)
    assert len(p.title) == sr.TITLE_MAX
    assert build("text", title="   ").title == "Startup Oracle result"
    assert build("text", title="  Two\n lines ").title == "Two lines"


def test_size_limits() -> None:
    with pytest.raises(sr.PayloadError) as err:
        build("x" * (sr.CONTENT_MAX_BYTES + 1))
    assert err.value.message == sr.TOO_LARGE
    assert "200 KB" in err.value.description
    with pytest.raises(sr.PayloadError):
        build("ok", formatted_content="<p>" + "y" * sr.CONTENT_MAX_BYTES + "</p>")
    with pytest.raises(sr.PayloadError):
        build("ok", metadata={"blob": "z" * (sr.METADATA_MAX_BYTES + 1)})


def test_content_that_is_not_json_is_refused() -> None:
    with pytest.raises(sr.PayloadError) as err:
        build({"when": datetime.now(UTC)})
    assert err.value.message == sr.UNSUPPORTED
    with pytest.raises(sr.PayloadError):
        build({"score": float("nan")})


@pytest.mark.parametrize(
    ("given", "stored"),
    [("analysis", "analysis"), (" Chat ", "chat"), ("<b>", "json"), ("", "json")],
)
def test_content_type(given: str, stored: str) -> None:
    assert build({"a": 1}, content_type=given).content_type == stored


# --- sanitising ---------------------------------------------------------------------------


def test_t_ai_5_sanitize_removes_scripts_handlers_and_bad_links() -> None:
    dirty = (
        '<p onclick="steal()" style="color:red">Hi <b onmouseover="x()">there</b></p>'
        "<script>alert(1)</script><style>p{}</style>"
        '<a href="javascript:alert(1)">js</a>'
        '<a href="data:text/html,evil">data</a>'
        '<a href="/relative">rel</a>'
        '<a href="https://example.com/page" onclick="x()">ok</a>'
        '<iframe src="https://evil.example"></iframe>'
    )
    clean = sr.sanitize_html(dirty)
    for bad in (
        "onclick",
        "onmouseover",
        "style",
        "script",
        "alert",
        "javascript:",
        "data:",
        "/relative",
        "iframe",
    ):
        assert bad not in clean
    assert "<p>Hi <b>there</b></p>" in clean
    assert (
        '<a href="https://example.com/page" target="_blank" rel="noopener noreferrer nofollow">'
        "ok</a>"
    ) in clean


def test_sanitize_removes_every_image() -> None:
    clean = sr.sanitize_html(
        '<p>a<img src="https://cdn.example/x.png" alt="x">b'
        '<img src="x" onerror="alert(1)"><picture><source srcset="https://e/x"></picture></p>'
    )
    assert "img" not in clean and "src" not in clean and "onerror" not in clean
    assert clean == "<p>ab</p>"


def test_sanitize_keeps_safe_formatting() -> None:
    html = (
        "<h2>Plan</h2><ul><li><strong>Week 1</strong>: <em>launch</em></li></ul>"
        "<table><thead><tr><th>Channel</th></tr></thead><tbody><tr><td>SEO</td></tr></tbody></table>"
        "<pre><code>npm run build</code></pre><blockquote>Quote</blockquote>"
    )
    assert sr.sanitize_html(html) == html
    assert sr.sanitize_html(None) == ""


def test_payload_formatted_content_is_sanitised() -> None:
    p = build("text", formatted_content='<p>x<img src="https://e/x.png"><script>1</script></p>')
    assert p.formatted_content == "<p>x</p>"
    assert p.content["formattedContent"] == "<p>x</p>"


# --- file names ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("Go-To-Market Plan", "go-to-market-plan"),
        ("Hello,   World!! 2025", "hello-world-2025"),
        ("  --Café & Co.--  ", "caf-co"),
        ("!!!", "result"),
        ("", "result"),
    ],
)
def test_slugify(title: str, slug: str) -> None:
    assert sr.slugify(title) == slug


def test_download_filename() -> None:
    assert sr.download_filename("Launch Email: Beta", "md") == "launch-email-beta.md"
    assert sr.download_filename("x" * 200, ".TSX") == "x" * 80 + ".tsx"


def test_summary_is_plain_text_from_markdown() -> None:
    text = "## Growth plan\n\n- **Week 1**: launch `beta`\n1. Measure\n> Keep going"
    assert build(text).metadata["summary"] == "Growth plan Week 1: launch beta Measure Keep going"
