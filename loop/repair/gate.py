"""The regression gate: the game's own tests in the work tree and the walkthrough on the running build."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from games.catalogue import CatalogueError, Game
from loop.game_client import GameClient, GameError
from loop.repair.protocol import GateResult
from sandboxes.base import RunningBuild

# The gate runs the game's own code: keep its byte-code out of the work tree, which the next attempt stages.
QUIET_ENV = {"PYTHONDONTWRITEBYTECODE": "1"}


def run_game_tests(game: Game, repo_dir: Path, timeout: float) -> tuple[bool | None, str]:
    """Run `manifest.test_command` (with `python` meaning this interpreter) in the work tree."""
    command = game.manifest.test_command
    if not command:
        return None, "the game has no test command"
    argv = [sys.executable if arg == "python" else arg for arg in command]
    try:
        done = subprocess.run(
            argv,
            cwd=repo_dir,
            env={**os.environ, **QUIET_ENV},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        output = (exc.stdout or "") if isinstance(exc.stdout, str) else ""
        return False, f"$ {' '.join(argv)}\ntimed out after {timeout:.0f}s\n{output[-4000:]}"
    except OSError as exc:
        return False, f"$ {' '.join(argv)}\ncannot run: {exc}"
    output = (done.stdout + done.stderr)[-8000:]
    return done.returncode == 0, f"$ {' '.join(argv)}\nexit {done.returncode}\n{output}"


def play_walkthrough(
    game: Game, repo_dir: Path, build: RunningBuild, timeout: float
) -> tuple[bool | None, str]:
    """Play the walkthrough (read from the work tree) in a new game; it must reach `state[won_field]`."""
    try:
        commands = game.walkthrough_commands(repo_dir)
    except CatalogueError as exc:
        return False, str(exc)
    if not commands:
        return None, "the game has no walkthrough"
    won_field = game.manifest.won_field
    lines: list[str] = []
    try:
        with GameClient(build.url, strip_fields=game.manifest.strip_fields, timeout=timeout) as client:
            new = client.new_game()
            state = new.observation.state
            for command in commands:
                observation = client.command(new.game_id, command)
                state = observation.state
                lines.append(f"> {command}\n{observation.message[:300]}")
            state = client.state(new.game_id) or state
    except GameError as exc:
        return False, "\n".join([*lines, f"game error: {exc}"])
    won = state.get(won_field) is True
    verdict = f"state[{won_field!r}] = {state.get(won_field)!r} after {len(commands)} commands"
    return won, "\n".join([*lines, verdict])


def run_gate(game: Game, repo_dir: Path, build: RunningBuild, test_timeout: float) -> GateResult:
    tests_passed, tests_detail = run_game_tests(game, repo_dir, test_timeout)
    won, walkthrough_detail = play_walkthrough(game, repo_dir, build, timeout=10.0)
    return GateResult(
        tests_passed=tests_passed,
        tests_detail=tests_detail,
        walkthrough_won=won,
        walkthrough_detail=walkthrough_detail,
    )
