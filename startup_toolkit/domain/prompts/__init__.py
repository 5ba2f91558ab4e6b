"""Prompt templates, one module per tool: plain text, easy to read and change."""
