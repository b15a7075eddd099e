"""Limelight: a theatre's box office and stage management over one season, behind the GBQA agent API."""
