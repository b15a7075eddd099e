"""Cairnline: a mountaineering expedition over the GBQA agent API."""
