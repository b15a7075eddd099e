"""The regression gate: the game's own test suite (run in the game's sandbox) and its winning walkthrough.

One implementation for the three places that need them: catalogue validation, the repair pipeline's gate and
verification's gate. (A bug that comes back after a verified fix is `regressed`: that is the lifecycle's word,
loop/run/lifecycle.py; this gate is what keeps a patch from breaking what worked.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from loop.contract.game import Game, GameDefinitionError
from loop.contract.game_client import GameClient, GameError
from loop.sandbox import RunningBuild, SandboxError

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


NO_WALKTHROUGH = "the game has no walkthrough: the gate is the game's own tests alone"
MISSING = object()


def run_game_tests(game: Game, build: RunningBuild, timeout: float) -> tuple[bool | None, str]:
    """Run `manifest.test_command` inside `build`'s sandbox: the game's own environment (its venv or its
    container) and its own copy of the tree at the build's commit, never closed-loop's interpreter."""
    command = game.manifest.test_command
    if not command:
        return None, "the game has no test command"
    shown = f"$ {' '.join(command)}  ({build.backend} sandbox)"
    try:
        result = build.run_command(list(command), timeout)
    except SandboxError as exc:
        return False, f"{shown}\ncannot run: {exc}"
    output = result.output[-OUTPUT_TAIL:]
    if result.exit_code is None:
        return False, f"{shown}\ntimed out after {timeout:.0f}s\n{output}"
    return result.exit_code == 0, f"{shown}\nexit {result.exit_code}\n{output}"


def won_value(won_field: str, state: dict[str, Any], response: dict[str, Any]) -> Any:
    """The win condition's value: a dotted path into the state (`flags.game_won`), else into the response
    (`game_over`, or a field a game adds beside `state`)."""
    for source in (state, response):
        value: Any = source
        for part in won_field.split("."):
            if not isinstance(value, dict) or part not in value:
                value = MISSING
                break
            value = value[part]
        if value is not MISSING:
            return value
    return None


def play_walkthrough(game: Game, repo_dir: Path, client: GameClient) -> tuple[bool | None, str]:
    """Play the walkthrough (read from `repo_dir`) in a new game; it wins when the `won_field` is true."""
    try:
        commands = game.walkthrough_commands(repo_dir)
    except GameDefinitionError as exc:
        return False, str(exc)
    if not commands:
        return None, NO_WALKTHROUGH
    won_field = game.manifest.won_field
    lines: list[str] = []
    try:
        new = client.new_game()
        observation = new.observation
        for command in commands:
            observation = client.command(new.game_id, command)
            lines.append(f"> {command}\n{observation.message[:300]}")
    except GameError as exc:
        return False, "\n".join([*lines, f"game error: {type(exc).__name__}: {exc}"])
    value = won_value(won_field, observation.state, observation.model_dump())
    outcome = f"state[{won_field!r}] = {value!r} after {len(commands)} commands"
    return value is True, "\n".join([*lines, outcome])


def play_walkthrough_on(
    game: Game, repo_dir: Path, build: RunningBuild, timeout: float
) -> tuple[bool | None, str]:
    with GameClient(build.url, strip_fields=game.manifest.strip_fields, timeout=timeout) as client:
        return play_walkthrough(game, repo_dir, client)


def run_gate(game: Game, repo_dir: Path, build: RunningBuild, test_timeout: float) -> GateResult:
    tests_passed, tests_detail = run_game_tests(game, build, test_timeout)
    won, walkthrough_detail = play_walkthrough_on(game, repo_dir, build, timeout=10.0)
    return GateResult(
        tests_passed=tests_passed,
        tests_detail=tests_detail,
        walkthrough_won=won,
        walkthrough_detail=walkthrough_detail,
    )


def describe_gate(game: Game) -> str:
    """What the gate runs on this game, in a sentence for the run's report."""
    manifest = game.manifest
    tests = f"the game's own tests (`{' '.join(manifest.test_command)}`)" if manifest.test_command else ""
    walkthrough = (
        f"its walkthrough (`{manifest.walkthrough}`, won when `{manifest.won_field}` is true)"
        if manifest.walkthrough
        else ""
    )
    if tests and walkthrough:
        return f"{tests} and {walkthrough}"
    if tests:
        return f"{tests} alone: the game has no walkthrough"
    if walkthrough:
        return f"{walkthrough} alone: the game names no test command"
    return "nothing: the game names no test command and no walkthrough"
