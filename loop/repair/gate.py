"""The regression gate: the game's own tests in the work tree and the walkthrough on the running build."""

from __future__ import annotations

from pathlib import Path

from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.regression import QUIET_ENV, GateResult, play_walkthrough, run_game_tests
from loop.sandbox import RunningBuild

__all__ = ["QUIET_ENV", "GateResult", "play_walkthrough_on", "run_game_tests", "run_gate"]


def play_walkthrough_on(
    game: Game, repo_dir: Path, build: RunningBuild, timeout: float
) -> tuple[bool | None, str]:
    with GameClient(build.url, strip_fields=game.manifest.strip_fields, timeout=timeout) as client:
        return play_walkthrough(game, repo_dir, client)


def run_gate(game: Game, repo_dir: Path, build: RunningBuild, test_timeout: float) -> GateResult:
    tests_passed, tests_detail = run_game_tests(game, repo_dir, test_timeout)
    won, walkthrough_detail = play_walkthrough_on(game, repo_dir, build, timeout=10.0)
    return GateResult(
        tests_passed=tests_passed,
        tests_detail=tests_detail,
        walkthrough_won=won,
        walkthrough_detail=walkthrough_detail,
    )
