"""Lighthouse (npm, mobile profile by default) against Debian's chromium: performance and
accessibility scores and LCP of one page."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCAL = ROOT / ".tools/node_modules/.bin/lighthouse"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@dataclass
class Scores:
    """Lighthouse category scores (0-100) and largest contentful paint (s)."""

    performance: float
    accessibility: float
    lcp_seconds: float


def executable() -> str | None:
    """The lighthouse command (.tools first, then PATH), or None when not installed."""
    if LOCAL.exists():
        return str(LOCAL)
    return shutil.which("lighthouse")


def audit(url: str, timeout: float = 240) -> Scores:
    """Run Lighthouse once on `url` and read its JSON report."""
    command = executable()
    if command is None:
        raise RuntimeError("lighthouse is not installed (make bench installs it into .tools)")
    done = subprocess.run(
        [
            command,
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            "--only-categories=performance,accessibility",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"lighthouse failed on {url}: {done.stderr[-2000:]}")
    report = json.loads(done.stdout)
    categories = report["categories"]
    lcp = report["audits"].get("largest-contentful-paint", {}).get("numericValue") or 0.0
    return Scores(
        performance=round(100 * (categories["performance"]["score"] or 0)),
        accessibility=round(100 * (categories["accessibility"]["score"] or 0)),
        lcp_seconds=lcp / 1000,
    )
