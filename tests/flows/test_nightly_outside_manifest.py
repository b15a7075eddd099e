"""A team's repository whose manifest is kept outside it runs nightly under the manifest's name."""

from __future__ import annotations

from pathlib import Path

from flows.nightly import game_name
from loop.run.run_id import check_run_id

MANIFEST = """name = "mygame"
title = "My Game"
genre = "trading"
start_command = ["python", "server.py"]
port_env = "PORT"
requirements = ""
"""


def test_a_folder_with_its_manifest_outside_goes_by_the_manifest_name(tmp_path: Path) -> None:
    repository = tmp_path / "mygame"
    repository.mkdir()
    (repository / "server.py").write_text("print('hello')\n")
    manifest = tmp_path / "manifests" / "mygame.toml"
    manifest.parent.mkdir()
    manifest.write_text(MANIFEST)

    name = game_name(str(repository), str(manifest))

    assert name == "mygame"
    assert check_run_id(f"{name}-nightly-20261201") == "mygame-nightly-20261201"
