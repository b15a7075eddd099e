"""Probes for CASTLE's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess:
a bug is counted as fixed only when its absence has been shown.
"""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameError, GameObservation
from loop.contract.models import ProbeResult

FRAGMENT_B_ROUTE = [
    "north", "east", "open drawer", "take small key", "west", "south",
    "unlock storage door", "west", "open toolbox", "take key fragment B", "east",
]  # fmt: skip
FRAGMENT_C_ROUTE = [
    "take matches",
    "take candlestick",
    "light candlestick",
    "down",
    "take key fragment C",
    "up",
]


class ProbeInconclusive(GameError):
    """The probe could not bring the game into the situation it checks."""


def _setup(client: GameClient, game_id: str, commands: list[str]) -> GameObservation:
    observation = None
    for command in commands:
        observation = client.command(game_id, command)
        if not observation.success:
            raise ProbeInconclusive(f"setup step {command!r} was refused: {observation.message[:200]}")
    assert observation is not None
    return observation


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Two fragments must not be enough to forge the iron key."""
    game = client.new_game()
    before = _setup(client, game.game_id, FRAGMENT_B_ROUTE + FRAGMENT_C_ROUTE)
    held = sorted(name for name in before.state.get("inventory", []) if "fragment" in name)
    if len(held) != 2:
        raise ProbeInconclusive(f"expected to carry two fragments, carrying {held}")
    after = client.command(game.game_id, "combine fragments")
    inventory = after.state.get("inventory", [])
    present = after.success or "iron key" in inventory
    evidence = (
        f"carrying only {', '.join(held)}; `combine fragments` -> success={after.success}, "
        f"message={after.message!r}, inventory={inventory}"
    )
    return ProbeResult(bug_id="BUG-1", present=present, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """The bedroom description must not mention the small key while the drawer is closed."""
    game = client.new_game()
    _setup(client, game.game_id, ["north", "east"])
    look = client.command(game.game_id, "look")
    state = look.state
    if state.get("room", {}).get("id") != "bedroom":
        raise ProbeInconclusive(f"expected to stand in the bedroom, in {state.get('room')}")
    description = state.get("room", {}).get("description", "")
    hidden = "small key" not in state.get("visible_items", [])
    taken = client.command(game.game_id, "take small key")
    present = hidden and not taken.success and "small key" in look.message.lower()
    evidence = (
        f"drawer closed; `look` -> {look.message!r}; visible_items={state.get('visible_items')}; "
        f"`take small key` -> success={taken.success}; description={description!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=present, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """An item dropped in another room must be named in that room's description."""
    game = client.new_game()
    _setup(client, game.game_id, ["take matches", "north", "drop matches"])
    look = client.command(game.game_id, "look")
    visible = look.state.get("visible_items", [])
    if "matches" not in visible:
        raise ProbeInconclusive(f"the dropped matches are not in visible_items: {visible}")
    present = "matches" not in look.message
    evidence = f"after `drop matches` in the corridor: visible_items={visible}; `look` -> {look.message!r}"
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)
