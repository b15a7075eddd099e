"""SIEGE: a small deterministic turn-based strategy game against a scripted opponent (GBQA agent API)."""
