"""Benchmarks, run on demand against a running app (`make run`, then `make bench`)."""
