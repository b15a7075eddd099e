"""The catalogue: CASTLE's manifest loads, its source tree becomes a clean git repository with nothing of the
hidden benchmark in it, and broken games give clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import git
import pytest

from games.catalogue import list_games, load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import GameDefinitionError, materialize, read_manifest

HIDDEN_WORDS = ("benchmark", "bugs.json", "probe", "gold")


def test_castle_is_in_the_catalogue_with_its_manifest() -> None:
    assert "castle" in [game.name for game in list_games()]
    manifest = load_game("castle").manifest
    assert manifest.title == "CASTLE" and manifest.genre == "adventure"
    assert manifest.start_command == ["python", "-m", "castle.server"]
    assert manifest.strip_fields == ["full_state"]
    assert manifest.won_field == "won"
    assert manifest.protected_paths == ["tests/**", "docs/**"]
    assert manifest.test_command == ["python", "-m", "unittest", "discover", "-s", "tests", "-q"]


def test_castle_files_named_by_the_manifest_exist() -> None:
    game = load_game("castle")
    for name in [*game.manifest.qa_docs, game.manifest.walkthrough, game.manifest.requirements, "Dockerfile"]:
        assert (game.src_dir / name).is_file(), name


def test_walkthrough_commands_skip_comments_and_blank_lines() -> None:
    commands = load_game("castle").walkthrough_commands()
    assert commands[0] == "take matches"
    assert commands[-1] == "unlock door"
    assert not any(c.startswith("#") or not c for c in commands)


def test_materialize_makes_one_commit_repo_without_hidden_assets(tmp_path: Path) -> None:
    repo_dir, commit = materialize(load_game("castle"), tmp_path)
    repo = git.Repo(repo_dir)
    assert repo.head.commit.hexsha == commit
    assert len(list(repo.iter_commits())) == 1
    assert not repo.is_dirty(untracked_files=True)
    tracked = repo.git.ls_files().splitlines()
    assert "castle/server.py" in tracked and "docs/walkthrough.txt" in tracked
    assert not any(part in path for path in tracked for part in ("benchmark", "bugs.json", "probes", "gold"))


def test_nothing_an_agent_sees_mentions_the_hidden_benchmark() -> None:
    src_dir = load_game("castle").src_dir
    for path in src_dir.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            text = path.read_text(errors="replace").lower()
            found = [word for word in HIDDEN_WORDS if word in text]
            assert not found, f"{path.relative_to(src_dir)} mentions {found}"


def test_materialize_refuses_a_used_workspace(tmp_path: Path) -> None:
    materialize(load_game("castle"), tmp_path)
    with pytest.raises(GameDefinitionError, match="exists already"):
        materialize(load_game("castle"), tmp_path)


def test_castle_benchmark_has_three_bugs_with_probes_and_gold_patches() -> None:
    benchmark = Benchmark(load_game("castle"))
    assert [(b.id, b.bug_type, b.difficulty) for b in benchmark.bugs] == [
        ("BUG-1", "logic error", "easy"),
        ("BUG-2", "description flaw", "easy"),
        ("BUG-3", "data inconsistency", "medium"),
    ]
    for bug in benchmark.bugs:
        assert callable(benchmark.probe(bug))
        assert benchmark.gold_patch(bug).startswith("diff --git a/castle/")


def test_unknown_game_names_the_catalogue() -> None:
    with pytest.raises(GameDefinitionError, match=r"unknown game 'chess'.*castle"):
        load_game("chess")


def test_broken_manifest_says_which_field(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    shutil.copytree(load_game("castle").root, folder, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = folder / "game.toml"
    manifest.write_text(manifest.read_text() + 'colour = "red"\n')
    with pytest.raises(GameDefinitionError, match="broken manifest: colour"):
        load_game(folder)
    manifest.write_text("name = [unclosed")
    with pytest.raises(GameDefinitionError, match="not valid TOML"):
        read_manifest(manifest)


def test_missing_probe_and_missing_gold_patch_are_catalogue_errors(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    shutil.copytree(load_game("castle").root, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "benchmark" / "gold" / "BUG-3.diff").unlink()
    probes = folder / "benchmark" / "probes.py"
    probes.write_text(probes.read_text().replace("def probe_bug_1(", "def probe_one("))
    benchmark = Benchmark(load_game(folder))
    with pytest.raises(GameDefinitionError, match="probe_bug_1"):
        benchmark.probe(benchmark.bug("BUG-1"))
    with pytest.raises(GameDefinitionError, match="gold patch for BUG-3 missing"):
        benchmark.gold_patch(benchmark.bug("BUG-3"))


def test_castle_dockerfile_builds_offline_and_runs_unprivileged() -> None:
    lines = (load_game("castle").src_dir / "Dockerfile").read_text().splitlines()
    assert lines[:2] == ["ARG BASE_IMAGE=python:3.12-slim", "FROM ${BASE_IMAGE}"]
    assert "RUN pip install --no-index --find-links /wheelhouse -r requirements.txt" in lines
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and not users[-1].startswith(("root", "0")), "the game must not run as root"
    assert lines[-1] == 'CMD ["python", "-m", "castle.server"]'
