"""Commands of two arguments, on generated games (bench/variation) in the process sandbox: one whose take,
drop, buy and unlock need a particle and whose help lists only the verbs (the explorer learns the particle
from the refusal, `Take what from what?`, and plays `take 5 coins from <place>`), and one whose help spells
`item=<item> qty=<number>` (it types `item=coin qty=3`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.variation.generator import generate
from games.catalogue import load_game
from loop.trace import read_trace
from tests.explorer.conftest import explore

pytestmark = pytest.mark.slow


def _played(result) -> list[tuple[str, bool]]:
    return [
        (event.command, bool(event.observation.get("success")))
        for event in read_trace(result.trace_path)
        if event.command and event.observation
    ]


def test_a_particle_the_game_asks_for_is_learned_and_two_argument_commands_work(tmp_path: Path) -> None:
    game = load_game(generate(4, tmp_path / "variation-4"))  # take/drop/buy/unlock with a particle; bare help
    result = explore(game, tmp_path, steps=800)
    worked = [command for command, success in _played(result) if success and " from " in command]
    assert worked, "no command with 'from' worked"
    assert any(any(w.isdigit() for w in command.split()) for command in worked), worked


def test_key_value_arguments_from_the_help_are_typed_joined(tmp_path: Path) -> None:
    game = load_game(generate(3, tmp_path / "variation-3"))  # `take item=<item> qty=<number>`
    result = explore(game, tmp_path, steps=600)
    worked = [command for command, success in _played(result) if success and "=" in command]
    assert any("item=" in command and "qty=" in command for command in worked), worked[:20]
    assert result.reports, "a game with six injected bugs gave no report"
