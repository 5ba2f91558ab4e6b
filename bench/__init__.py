"""Benchmarks, run on demand (`make bench`): Unstuck beside a blank Reflex app."""
