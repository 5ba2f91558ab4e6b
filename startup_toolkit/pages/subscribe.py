"""In progress."""
