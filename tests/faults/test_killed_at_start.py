"""The orchestrator killed while a run is being created (its folder and workspace made, no run.json yet): the
same run id starts the run again instead of failing on the folder forever (found by bench.soak)."""

from __future__ import annotations

from pathlib import Path

import pytest
from loop_driver import offline_config

from flows.assembly import open_run
from games.catalogue import load_game
from loop.contract.game import materialize


def test_a_run_killed_before_its_first_run_json_starts_again(tmp_path: Path):
    half_made = tmp_path / "castle-killed-at-start"
    materialize(load_game("castle"), half_made / "workspace")  # what the killed start left

    run = open_run(offline_config(), run_id=half_made.name, runs_dir=tmp_path)

    assert (half_made / "run.json").is_file()
    assert run.record.base_commit == run.record.head_commit
    assert sorted(p.name for p in half_made.iterdir()) == ["run.json", "run.lock", "workspace"]


def test_a_folder_with_more_than_a_workspace_is_never_removed(tmp_path: Path):
    taken = tmp_path / "castle-taken"
    (taken / "notes").mkdir(parents=True)
    with pytest.raises(FileExistsError):
        open_run(offline_config(), run_id=taken.name, runs_dir=tmp_path)
    assert (taken / "notes").is_dir()
