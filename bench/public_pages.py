"""Latency and weight of the public pages: the HTML, plus every script and stylesheet it loads.

Requests go only to the given app (loopback by default), a bounded number of times.
"""

from __future__ import annotations

import re
import statistics
import time
from urllib.parse import urljoin

import httpx

ROUTES = ("/", "/pricing", "/contact", "/subscribe/success", "/subscribe/canceled", "/no-such-page")
_ASSET = re.compile(r'(?:src|href)="(/[^"]+\.(?:js|css|woff2))"')


def _page_weight(client: httpx.Client, base: str, html: str) -> int:
    total = len(html.encode())
    for path in sorted(set(_ASSET.findall(html))):
        total += len(client.get(urljoin(base, path)).content)
    return total


def run(base: str, requests: int) -> None:
    print(f"{'route':<22}{'p50 ms':>9}{'p95 ms':>9}{'weight KiB':>12}")
    with httpx.Client(timeout=10, follow_redirects=True) as client:
        for route in ROUTES:
            times = []
            html = ""
            for _ in range(requests):
                start = time.perf_counter()
                resp = client.get(base + route)
                times.append((time.perf_counter() - start) * 1000)
                html = resp.text
            times.sort()
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            weight = _page_weight(client, base, html) / 1024
            print(f"{route:<22}{statistics.median(times):>9.1f}{p95:>9.1f}{weight:>12.1f}")
