"""A minimal Reflex app: the baseline of `make bench`."""
