"""Vintry: a small vineyard through one harvest season."""
