"""COLONY: a deterministic trading and colony simulation over twenty days (GBQA agent API)."""
