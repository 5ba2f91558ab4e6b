"""/brief (issue 30): the founder's one-click brief."""
