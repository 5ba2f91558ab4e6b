"""Unstuck: AI tools, dashboard and resources for startup founders."""
