"""Prompt templates of the repair agents, kept as data (string.Template files next to this one)."""

from __future__ import annotations

from pathlib import Path
from string import Template

HERE = Path(__file__).parent


def render(name: str, **values: str) -> str:
    """The template `name` (a file here) with `$placeholders` filled; a missing value raises KeyError."""
    return Template((HERE / name).read_text()).substitute(values)
