"""The examples of docs/plugins.md, built from the page and installed into this venv while a module runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from docs_examples import pip, write_examples


@pytest.fixture(scope="module")
def docs_examples(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The page's packages installed (offline, as a user's `pip install ./folder` would); their folder."""
    folder = tmp_path_factory.mktemp("docs-examples")
    packages = write_examples(folder)
    assert set(packages) == {"closed-loop-dropcheck", "closed-loop-rewrite"}
    done = pip("install", "--no-deps", "--no-build-isolation", "--no-index", *map(str, packages.values()))
    assert done.returncode == 0, done.stderr
    try:
        yield folder
    finally:
        pip("uninstall", "-y", *packages)
