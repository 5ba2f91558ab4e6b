"""The state tests share the fixtures of tests/conftest.py."""
