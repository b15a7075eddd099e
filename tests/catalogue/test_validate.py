"""`closed-loop games validate`: the whole proof on real builds of a catalogue game, or of all of them with a
summary and exit 1 when any fails."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import games.catalogue
from flows.cli import main
from games.catalogue import load_game
from loop.contract.benchmark import Benchmark

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", ["blitz", "colony", "crawl", "logic", "siege"])
def test_validate_proves_every_bug_both_ways(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", name, "--backend", "process"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for bug in Benchmark(load_game(name)).bugs:
        assert f"[shipped] probe {bug.id}: present" in out
        row = next(line for line in lines if line.startswith(f"{bug.id} "))
        assert row.endswith("present  absent   absent   ok"), row
    assert "walkthrough: shipped wins, all gold wins  ok" in lines
    assert f"{name}: valid (backend process)" in lines


def test_validate_all_summarises_and_fails_when_one_game_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = load_game("logic").root
    shutil.copytree(source, tmp_path / "logic", ignore=shutil.ignore_patterns("__pycache__"))
    broken = tmp_path / "logic-broken"
    shutil.copytree(source, broken, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = broken / "game.toml"
    manifest.write_text(manifest.read_text().replace('name = "logic"', 'name = "logic-broken"'))
    walkthrough = broken / "src" / "docs" / "walkthrough.txt"
    walkthrough.write_text("\n".join(walkthrough.read_text().splitlines()[:-1]) + "\n")
    monkeypatch.setattr(games.catalogue, "CATALOGUE_DIR", tmp_path)

    assert main(["games", "validate", "--all", "--backend", "process"]) == 1
    out = capsys.readouterr().out
    assert "logic: valid (backend process)" in out
    assert "logic-broken: NOT valid (backend process)" in out
    summary = out[out.rindex("game ") :]
    assert "logic        puzzle            6  valid" in summary
    assert "logic-broken puzzle            6  NOT valid" in summary
    assert "1 of 2 games valid" in summary


def test_validate_needs_a_game_or_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", "--backend", "process"]) == 2
    assert "give either a game or --all" in capsys.readouterr().err
    assert main(["games", "validate", "logic", "--all", "--backend", "process"]) == 2
