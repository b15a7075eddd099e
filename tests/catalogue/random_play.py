"""Long seeded random play on a catalogue game, checked step by step against the rules its design states."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from loop.contract.game_client import GameClient, GameObservation, GameServerError

OpenClient = Callable[[str, str], GameClient]
State = dict[str, Any]


class Rules(Protocol):
    def start(self, state: State) -> list[str]:
        """What breaks the rules in a new game's state; forgets what the game before did."""
        ...

    def next_command(self, rng: random.Random, state: State) -> str: ...

    def breaks(self, command: str, before: State, after: GameObservation) -> list[str]:
        """What breaks the rules in the step `command` took from `before`."""
        ...


def play(client: GameClient, rules: Rules, *, seed: int, games: int, commands_per_game: int) -> list[str]:
    """Every rule break seen, an HTTP error ending its game; [] when the game kept all its rules."""
    rng, found = random.Random(seed), []
    for _ in range(games):
        game = client.new_game()
        state = game.observation.state
        found += rules.start(state)
        for _ in range(commands_per_game):
            command = rules.next_command(rng, state)
            try:
                after = client.command(game.game_id, command)
            except GameServerError as exc:
                found.append(f"{command!r}: HTTP {exc.status}")
                break
            found += rules.breaks(command, state, after)
            state = after.state
            if after.game_over:
                break
    return found
