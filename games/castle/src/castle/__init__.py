"""CASTLE: a deterministic text adventure in a haunted manor."""
