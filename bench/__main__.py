"""Run every benchmark: `python -m bench [--url http://localhost:3000]`."""

from __future__ import annotations

import argparse

from bench import dashboard, public_pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://localhost:3000", help="address of a running app")
    parser.add_argument("--requests", type=int, default=20, help="requests per page")
    parser.add_argument(
        "--dashboard", action="store_true", help="only the dashboard query benchmark (no app)"
    )
    args = parser.parse_args()
    if not args.dashboard:
        public_pages.run(args.url.rstrip("/"), args.requests)
    dashboard.run()


if __name__ == "__main__":
    main()
