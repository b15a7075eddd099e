"""COLONY and SIEGE keep CASTLE's catalogue contract: manifest, Dockerfile, wheelhouse, hidden benchmark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.catalogue import list_games, load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize

GAMES = {"colony": "simulation", "siege": "strategy"}


@pytest.mark.parametrize(("name", "genre"), GAMES.items())
def test_manifest_names_what_validation_and_repair_need(name: str, genre: str) -> None:
    assert name in [game.name for game in list_games()]
    game = load_game(name)
    manifest = game.manifest
    assert manifest.genre == genre
    assert manifest.start_command == ["python", "-m", f"{name}.server"]
    assert manifest.protected_paths == ["tests/**", "docs/**"]
    assert manifest.strip_fields == ["full_state"]
    assert manifest.won_field == "won"
    assert manifest.test_command == ["python", "-m", "unittest", "discover", "-s", "tests", "-q"]
    for path in [*manifest.qa_docs, manifest.walkthrough]:
        assert (game.src_dir / path).is_file(), path
    assert len(game.walkthrough_commands()) > 10


@pytest.mark.parametrize("name", GAMES)
def test_dockerfile_and_requirements_match_castle(name: str) -> None:
    castle, game = load_game("castle").src_dir, load_game(name).src_dir
    assert (game / "requirements.txt").read_text() == (castle / "requirements.txt").read_text()
    ours = (game / "Dockerfile").read_text().splitlines()
    theirs = (castle / "Dockerfile").read_text().splitlines()
    assert ours[:-1] == theirs[:-1], "same base image, offline wheelhouse install and unprivileged user"
    assert ours[-1] == f'CMD ["python", "-m", "{name}.server"]'


@pytest.mark.parametrize("name", GAMES)
def test_benchmark_spreads_bugs_over_difficulties_and_types(name: str) -> None:
    benchmark = Benchmark(load_game(name))
    bugs = benchmark.bugs
    assert 4 <= len(bugs) <= 6
    difficulties = [bug.difficulty for bug in bugs]
    assert difficulties.count("hard") >= 2 and "easy" in difficulties and "medium" in difficulties
    assert len({bug.bug_type for bug in bugs}) >= 4
    for bug in bugs:
        assert benchmark.gold_patch(bug).startswith(f"diff --git a/{name}/")
        assert callable(benchmark.probe(bug))


@pytest.mark.parametrize("name", GAMES)
def test_nothing_agent_visible_hints_at_the_benchmark(name: str, tmp_path: Path) -> None:
    repo_dir, _ = materialize(load_game(name), tmp_path)
    files = [p for p in repo_dir.rglob("*") if p.is_file() and ".git" not in p.parts]
    assert not any("benchmark" in p.parts or p.suffix == ".diff" for p in files)
    hint = re.compile(r"benchmark|probe|ground truth|BUG-\d|injected", re.IGNORECASE)
    for path in files:
        assert not hint.search(path.read_text(errors="replace")), path
