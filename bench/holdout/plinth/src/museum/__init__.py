"""Plinth: run a small museum through the GBQA agent API."""
