"""Every catalogue game keeps the contract CASTLE set: manifest, agent-visible tree, hidden benchmark."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from games.catalogue import list_games, load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game

HIDDEN_WORDS = ("benchmark", "bugs.json", "probe", "gold")
GAMES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "games.md"  # the catalogue's table lives here
NEW_GAMES = ("crawl", "blitz", "logic")


@pytest.fixture(params=NEW_GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    return load_game(request.param)


def test_new_games_are_in_the_catalogue() -> None:
    genres = {game.name: game.manifest.genre for game in list_games()}
    assert {name: genres.get(name) for name in NEW_GAMES} == {
        "crawl": "role-playing",
        "blitz": "action",
        "logic": "puzzle",
    }


def test_manifest_follows_the_castle_contract(game: Game) -> None:
    manifest = game.manifest
    assert manifest.start_command == ["python", "-m", f"{game.name}.server"]
    assert manifest.strip_fields == ["full_state"]
    assert manifest.protected_paths == ["tests/**", "docs/**"]
    assert manifest.won_field == "won"
    assert manifest.test_command == ["python", "-m", "unittest", "discover", "-s", "tests", "-q"]
    for name in [*manifest.qa_docs, manifest.walkthrough, manifest.requirements, "Dockerfile"]:
        assert name and (game.src_dir / name).is_file(), name
    shared = (load_game("castle").src_dir / "requirements.txt").read_text()
    assert (game.src_dir / "requirements.txt").read_text() == shared, "one wheelhouse serves every game"


def test_dockerfile_runs_the_game_unprivileged_from_the_wheelhouse(game: Game) -> None:
    lines = (game.src_dir / "Dockerfile").read_text().splitlines()
    assert "RUN pip install --no-index --find-links /wheelhouse -r requirements.txt" in lines
    assert "USER 10001:10001" in lines
    assert lines[-1] == f'CMD ["python", "-m", "{game.name}.server"]'


def test_nothing_an_agent_sees_mentions_the_hidden_benchmark(game: Game) -> None:
    for path in game.src_dir.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            text = path.read_text(errors="replace").lower()
            found = [word for word in HIDDEN_WORDS if word in text]
            assert not found, f"{path.relative_to(game.src_dir)} mentions {found}"


def test_benchmark_has_four_to_six_bugs_with_a_hard_one_and_patches_on_the_package(game: Game) -> None:
    benchmark = Benchmark(game)
    assert 4 <= len(benchmark.bugs) <= 6
    assert Counter(str(bug.difficulty) for bug in benchmark.bugs)["hard"] >= 1
    assert {"state leak across restart", "crash on legal input"} <= {bug.bug_type for bug in benchmark.bugs}
    for bug in benchmark.bugs:
        assert benchmark.gold_patch(bug).startswith(f"diff --git a/{game.name}/")
        assert callable(benchmark.probe(bug))


def test_the_documented_catalogue_counts_match_the_ground_truth() -> None:
    section = GAMES_PAGE.read_text().split("## The catalogue", 1)[1]
    for game in map(load_game, ("castle", *NEW_GAMES)):
        bugs = json.loads((game.root / "benchmark" / "bugs.json").read_text())
        counts = Counter(bug["difficulty"] for bug in bugs)
        per_difficulty = " / ".join(str(counts[level]) for level in ("easy", "medium", "hard"))
        row = f"| {game.name} | {game.manifest.genre} | {per_difficulty} |"
        assert re.search(re.escape(row), section), row
