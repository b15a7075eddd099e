"""Starwatch: one observing season at a small hill-top observatory."""

__version__ = "1.2.0"
