"""Run the side-by-side benchmark and print its table: `python -m bench [--smoke]`.

`--pages URL` and `--dashboard` run the older single benchmarks instead; `--ai-runs N[,N...]`
the AI-runs scenario (bench/ai_runs.py).
"""

from __future__ import annotations

from bench import options


def main() -> None:
    """Parse the command line and run what it asks for."""
    args = options.parser().parse_args()
    if args.pages:
        from bench import public_pages

        public_pages.run(args.pages.rstrip("/"), args.requests)
        return
    if args.dashboard:
        from bench import dashboard

        dashboard.run()
        return
    if args.ai_runs:
        from bench import ai_runs

        ai_runs.main(args)
        return
    from bench import run, table

    opts = options.from_args(args)
    print(table.render(run.run(opts), opts), flush=True)


if __name__ == "__main__":
    main()
