"""First-load weight of a page: the JS and CSS headless chromium fetched for it.

Sizes are gzip (level 6) of each file's body, so apps that serve uncompressed files compare
fairly; `served` is what actually crossed the wire (encoded bodies of every response).
"""

from __future__ import annotations

import gzip
import os
from dataclasses import dataclass, field

from playwright.async_api import Response, async_playwright

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless=new", "--disable-gpu", "--no-first-run"]


@dataclass
class Weight:
    """Kilobytes (gzip) and file counts of JS and CSS, and kilobytes served in total."""

    js_kb: float = 0.0
    js_files: int = 0
    css_kb: float = 0.0
    css_files: int = 0
    served_kb: float = 0.0
    seen: set[str] = field(default_factory=set)


async def _count(weight: Weight, response: Response) -> None:
    kind = response.request.resource_type
    try:
        body = await response.body()
        sizes = await response.request.sizes()
    except Exception:  # redirects and aborted requests have no body
        return
    weight.served_kb += sizes.get("responseBodySize", 0) / 1024
    if kind not in ("script", "stylesheet") or response.url in weight.seen:
        return
    weight.seen.add(response.url)
    packed = len(gzip.compress(body, 6)) / 1024
    if kind == "script":
        weight.js_kb, weight.js_files = weight.js_kb + packed, weight.js_files + 1
    else:
        weight.css_kb, weight.css_files = weight.css_kb + packed, weight.css_files + 1


async def first_load(url: str) -> Weight:
    """Open `url` in a fresh headless chromium and weigh what it loaded until network idle."""
    weight = Weight()
    pending = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page()
            page.on("response", lambda r: pending.append(_count(weight, r)))
            await page.goto(url, wait_until="networkidle", timeout=60_000)
            for job in pending:
                await job
        finally:
            await browser.close()
    return weight
