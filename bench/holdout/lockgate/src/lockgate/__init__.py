"""Lockgate: a canal lock-keeper's season, served over the GBQA agent API."""
