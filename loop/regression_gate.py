"""The regression gate: the game's own test suite and its winning walkthrough.

One implementation for the three places that need them: catalogue validation, the repair pipeline's gate and
verification's gate. (A bug that comes back after a verified fix is `regressed`: that is the lifecycle's word,
loop/lifecycle.py; this gate is what keeps a patch from breaking what worked.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pydantic import BaseModel, Field

from loop.contract.game import Game, GameDefinitionError
from loop.contract.game_client import GameClient, GameError
from loop.sandbox import RunningBuild

# The checks run the game's own code: keep its byte-code out of the work tree, which a repair attempt stages.
QUIET_ENV = {"PYTHONDONTWRITEBYTECODE": "1"}
OUTPUT_TAIL = 8000


class GateResult(BaseModel):
    """The regression gate on a build: the game's own tests and the winning walkthrough."""

    tests_passed: bool | None = Field(default=None, description="None when the game has no test command")
    tests_detail: str = ""
    walkthrough_won: bool | None = Field(default=None, description="None when the game has no walkthrough")
    walkthrough_detail: str = ""

    @property
    def passed(self) -> bool:
        return self.tests_passed is not False and self.walkthrough_won is not False


def run_game_tests(game: Game, repo_dir: Path, timeout: float) -> tuple[bool | None, str]:
    """Run `manifest.test_command` (with `python` meaning this interpreter) in `repo_dir`."""
    command = game.manifest.test_command
    if not command:
        return None, "the game has no test command"
    argv = [sys.executable if arg == "python" else arg for arg in command]
    shown = f"$ {' '.join(argv)}"
    try:
        done = subprocess.run(
            argv, cwd=repo_dir, env={**os.environ, **QUIET_ENV}, stdin=subprocess.DEVNULL,
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout if isinstance(exc.stdout, str) else ""
        return False, f"{shown}\ntimed out after {timeout:.0f}s\n{output[-OUTPUT_TAIL:]}"
    except OSError as exc:
        return False, f"{shown}\ncannot run: {exc}"
    output = (done.stdout + done.stderr)[-OUTPUT_TAIL:]
    return done.returncode == 0, f"{shown}\nexit {done.returncode}\n{output}"


def play_walkthrough(game: Game, repo_dir: Path, client: GameClient) -> tuple[bool | None, str]:
    """Play the walkthrough (read from `repo_dir`) in a new game; it wins when `state[won_field]` is true."""
    try:
        commands = game.walkthrough_commands(repo_dir)
    except GameDefinitionError as exc:
        return False, str(exc)
    if not commands:
        return None, "the game has no walkthrough"
    won_field = game.manifest.won_field
    lines: list[str] = []
    try:
        new = client.new_game()
        state = new.observation.state
        for command in commands:
            observation = client.command(new.game_id, command)
            state = observation.state
            lines.append(f"> {command}\n{observation.message[:300]}")
    except GameError as exc:
        return False, "\n".join([*lines, f"game error: {type(exc).__name__}: {exc}"])
    won = state.get(won_field) is True
    return won, "\n".join(
        [*lines, f"state[{won_field!r}] = {state.get(won_field)!r} after {len(commands)} commands"]
    )


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
