"""CRAWL: a deterministic turn-based dungeon crawl."""
