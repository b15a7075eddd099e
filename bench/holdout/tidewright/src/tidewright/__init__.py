"""Tidewright: a harbour shipping and logistics sim served over HTTP."""
