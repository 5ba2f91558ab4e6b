"""Pure logic: no I/O and no Reflex."""
