"""URL rules for P-PRICE-3 (checkout link) and P-MISC-2 (external URL on the 404 page).

One table of cases for both implementations: the Python rule in
`startup_toolkit/domain/urls.py` and its JavaScript mirror in `assets/js/public.js`
(run under node, when available, by `test_javascript_mirror_agrees`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from startup_toolkit.domain.urls import (
    MAX_URL_LENGTH,
    find_external_url,
    http_url_or_empty,
    is_http_url,
    link_or_empty,
    percent_decode,
)

PUBLIC_JS = Path(__file__).resolve().parents[2] / "assets" / "js" / "public.js"

IS_HTTP_URL_CASES: list[tuple[str, bool]] = [
    ("https://example.com", True),
    ("http://example.com/path?q=1#frag", True),
    ("HTTPS://Example.com/Path", True),
    ("https://example.com:8443/x", True),
    ("https://[::1]:8080/", True),
    ("https://checkout.example.com/c/pay/cs_test_a1b2?x=%41", True),
    ("https://例え.jp/", True),
    ("https://example.com:0/", False),
    ("https://example.com:70000/", False),
    ("https://example.com:/", False),
    ("javascript:alert(1)", False),
    ("JavaScript:alert(1)//https://example.com", False),
    ("data:text/html,<b>hi</b>", False),
    ("vbscript:msgbox(1)", False),
    ("ftp://example.com/file", False),
    ("//example.com", False),
    ("example.com", False),
    ("https://", False),
    ("https:///path", False),
    ("https:example.com", False),
    ("https://user:pass@example.com/", False),
    ("https://example.com@evil.example/", False),
    ("https://exa mple.com", False),
    (" https://example.com", False),
    ("https://example.com/\n", False),
    ("https://example.com/\t", False),
    ("https://example.com\\@evil.example", False),
    ('https://example.com/"onmouseover="x', False),
    ("https://example.com/<script>", False),
    ("http\u017f://example.com", False),  # long s: Python case folding would read "https"
    ("", False),
    ("https://example.com/" + "a" * (MAX_URL_LENGTH - len("https://example.com/")), True),
    ("https://example.com/" + "a" * (MAX_URL_LENGTH + 1 - len("https://example.com/")), False),
]

FIND_EXTERNAL_URL_CASES: list[tuple[str, str | None]] = [
    # plain in the path or the query
    ("/go/https://example.com/a/b", "https://example.com/a/b"),
    ("/x?u=https://example.com", "https://example.com"),
    ("/x?u=HTTP://EXAMPLE.COM/", "HTTP://EXAMPLE.COM/"),
    ("/redirect?to=http://example.org/path?x=1&y=2", "http://example.org/path?x=1&y=2"),
    # percent-encoded, once or twice
    ("/go/https%3A%2F%2Fexample.com%2Fx", "https://example.com/x"),
    ("/x/https%3A%2F%2Fexample.com%2Fpage", "https://example.com/page"),
    ("/x?u=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1", "https://example.com/a?b=1"),
    ("/x/https%253A%252F%252Fexample.com%252Fdeep", "https://example.com/deep"),
    # an invalid UTF-8 run is left alone, the rest still decodes
    ("/x/%FF%FEhttps%3A%2F%2Fexample.com", "https://example.com"),
    # the URL ends at a space or a character URLs never contain
    ("/x/https%3A%2F%2Fexample.com%2Fa%20b", "https://example.com/a"),
    ("/x?u=https://example.com/<script>", "https://example.com/"),
    # a raw URL wins over a decoded one
    ("/x?u=https://example.com/a%20b", "https://example.com/a%20b"),
    # never anything but http(s)
    ("/x?u=javascript:alert(1)", None),
    ("/x?u=javascript%3Aalert(1)", None),
    ("/x?u=data:text/html,%3Cscript%3Ealert(1)%3C/script%3E", None),
    ("/x?u=data%3Atext%2Fhtml%2Chi", None),
    ("/x/ftp://example.com/file", None),
    # nothing usable
    ("/unknown/page", None),
    ("/x?u=https://", None),
    ("/x?u=https%3A%2F%2F", None),
    ("/x?u=https://user@evil.example/", None),
    ("/x?q=%E0%A4%A", None),
    ("", None),
]


@pytest.mark.parametrize(("value", "expected"), IS_HTTP_URL_CASES)
def test_is_http_url(value: str, expected: bool) -> None:
    """P-PRICE-3 / P-MISC-2: only absolute http(s) URLs without credentials pass."""
    assert is_http_url(value) is expected


@pytest.mark.parametrize(("path_and_query", "expected"), FIND_EXTERNAL_URL_CASES)
def test_find_external_url(path_and_query: str, expected: str | None) -> None:
    """P-MISC-2: the first http(s) URL in a 404 path or query, plain or percent-encoded."""
    assert find_external_url(path_and_query) == expected


def test_every_found_url_passes_is_http_url() -> None:
    for path_and_query, _ in FIND_EXTERNAL_URL_CASES:
        found = find_external_url(path_and_query)
        assert found is None or is_http_url(found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("%41%42", "AB"),
        ("%E2%82%AC", "€"),
        ("%FF", "%FF"),
        ("a+b", "a+b"),
        ("100%", "100%"),
        ("%zz", "%zz"),
    ],
)
def test_percent_decode(text: str, expected: str) -> None:
    assert percent_decode(text) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://buy.example.com/plan", "https://buy.example.com/plan"),
        ("  https://buy.example.com/plan\n", "https://buy.example.com/plan"),
        ("", ""),
        (None, ""),
        ("javascript:alert(1)", ""),
        ("buy.example.com/plan", ""),
    ],
)
def test_http_url_or_empty(value: str | None, expected: str) -> None:
    """P-PRICE-3: the checkout link is used only when it is an http(s) URL."""
    assert http_url_or_empty(value) == expected


NODE_SCRIPT = """
const fs = require("fs");
require(process.argv[1]);
const api = globalThis.UnstuckPublic;
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({
  isHttpUrl: cases.isHttpUrl.map((v) => api.isHttpUrl(v)),
  findExternalUrl: cases.findExternalUrl.map((v) => api.findExternalUrl(v)),
  percentDecode: cases.percentDecode.map((v) => api.percentDecode(v)),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_mirror_agrees() -> None:
    """P-MISC-2: public.js applies exactly the same rules to the same table of cases."""
    decode_cases = ["%41%42", "%E2%82%AC", "%FF", "a+b", "100%", "%zz", "%FF%FEhttps%3A%2F%2F"]
    cases = {
        "isHttpUrl": [value for value, _ in IS_HTTP_URL_CASES],
        "findExternalUrl": [value for value, _ in FIND_EXTERNAL_URL_CASES],
        "percentDecode": decode_cases,
    }
    result = subprocess.run(
        ["node", "-e", NODE_SCRIPT, str(PUBLIC_JS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    out = json.loads(result.stdout)
    assert out["isHttpUrl"] == [expected for _, expected in IS_HTTP_URL_CASES]
    assert out["findExternalUrl"] == [expected for _, expected in FIND_EXTERNAL_URL_CASES]
    assert out["percentDecode"] == [percent_decode(text) for text in decode_cases]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (" https://files.example/a.pdf ", "https://files.example/a.pdf"),
        ("http://files.example/a.pdf", "http://files.example/a.pdf"),
        ("/videos/pitch.mp4", "/videos/pitch.mp4"),
        ("/", "/"),
        ("//evil.example/a.pdf", ""),
        ("/\\evil.example/a.pdf", ""),
        ("/a b.pdf", ""),
        ('/a".pdf', ""),
        ("javascript:alert(1)", ""),
        ("files/a.pdf", ""),
        ("https://user:pw@files.example/a.pdf", ""),
        ("/" + "a" * 2048, ""),
        (None, ""),
    ],
)
def test_link_or_empty_takes_web_addresses_and_paths_on_this_site(
    value: object, expected: str
) -> None:
    assert link_or_empty(value) == expected
