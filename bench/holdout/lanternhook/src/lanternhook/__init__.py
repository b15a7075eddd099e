"""Lanternhook: a detective mystery in a fishing town, played over HTTP."""
