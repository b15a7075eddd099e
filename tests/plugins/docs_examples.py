"""The plug-in examples of docs/plugins.md, taken from the page as it is written: every code block whose first
line is a comment naming a file (`# closed-loop-dropcheck/dropcheck.py`) is that file."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"
CODE_BLOCK = re.compile(r"^```(?:toml|python)\n(?P<body>.*?)^```", re.M | re.S)
FILE_LINE = re.compile(r"# (?P<path>[\w./-]+\.(?:py|toml))\n")


def example_files() -> dict[str, str]:
    """The page's files by their path, each as the page shows it (the naming comment included)."""
    files = {}
    for block in CODE_BLOCK.finditer(DOCS.read_text()):
        named = FILE_LINE.match(block["body"])
        if named:
            files[named["path"]] = block["body"]
    return files


def write_examples(folder: Path) -> dict[str, Path]:
    """Every example written under `folder`; the packages (folders with a pyproject.toml) by their name."""
    packages = {}
    for path, text in example_files().items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        if target.name == "pyproject.toml":
            packages[target.parent.name] = target.parent
    return packages


def pip(*args: str) -> subprocess.CompletedProcess:
    """pip of the venv the tests run in, offline."""
    return subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
