"""Saltmarsh Ferry: a turn-based logistics game on a four-harbour estuary."""
