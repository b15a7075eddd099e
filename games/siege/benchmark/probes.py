"""Probes for SIEGE's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess:
a bug is counted as fixed only when its absence has been shown.
"""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

ARCHER_COST = 12  # docs/design.md, Units
SUPPLY_CAP = 6

# Six units by round 5; each time someone steps aside so that the next unit has a free tile at the base.
SIX_UNITS = [
    "move u1 b3", "move u2 c1", "train soldier", "end",
    "move u3 b2", "train knight", "end",
    "move u4 a2", "train soldier", "end",
    "move u5 b1", "train soldier", "end",
    "move u5 d1",
]  # fmt: skip


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Training an archer must cost the documented 12 gold."""
    game = client.new_game()
    gold_before = game.observation.state["gold"]
    trained = play_setup(client, game.game_id, ["train archer"])
    paid = gold_before - trained.state["gold"]
    present = paid != ARCHER_COST
    evidence = (
        f"`train archer` -> {trained.message!r}; gold {gold_before} -> {trained.state['gold']} (paid {paid}, "
        f"design.md says {ARCHER_COST}); state costs={trained.state.get('costs')}"
    )
    return ProbeResult(bug_id="BUG-1", present=present, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Undoing a training must also take back its cooldown."""
    game = client.new_game()
    trained = play_setup(client, game.game_id, ["train knight"])
    if trained.state["cooldowns"].get("knight", 0) == 0:
        raise ProbeInconclusive(f"training a knight set no cooldown: {trained.state['cooldowns']}")
    undone = play_setup(client, game.game_id, ["undo"])
    if undone.state["gold"] != game.observation.state["gold"] or undone.state["supply"]["used"] != 2:
        raise ProbeInconclusive(f"undo did not take the training back: {undone.state}")
    again = client.command(game.game_id, "train knight")
    present = undone.state["cooldowns"]["knight"] != 0 or not again.success
    evidence = (
        f"`train knight`, `undo`: gold {undone.state['gold']}, cooldowns {undone.state['cooldowns']}; "
        f"`train knight` again -> success={again.success}, {again.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=present, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Training while the base and the tiles next to it are all taken must be refused, not crash."""
    game = client.new_game()
    first = play_setup(client, game.game_id, ["train soldier"])
    taken = sorted(unit["at"] for unit in first.state["units"])
    if taken != ["a1", "a2", "b1"]:
        raise ProbeInconclusive(f"expected units on a1, a2 and b1: {taken}")
    try:
        reply = client.command(game.game_id, "train knight")
    except GameServerError as exc:
        evidence = f"units on a1, a2, b1; `train knight` -> HTTP {exc.status}: {exc.body[:200]}"
        return ProbeResult(bug_id="BUG-3", present=True, evidence=evidence)
    evidence = f"units on a1, a2, b1; `train knight` -> success={reply.success}, {reply.message!r}"
    return ProbeResult(bug_id="BUG-3", present=False, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """With six units in the field a seventh must not be trained."""
    game = client.new_game()
    six = play_setup(client, game.game_id, SIX_UNITS)
    if len(six.state["units"]) != SUPPLY_CAP or six.state["gold"] < 10:
        units, gold = six.state["units"], six.state["gold"]
        raise ProbeInconclusive(f"expected six units and 10 gold: {units}, gold {gold}")
    seventh = client.command(game.game_id, "train soldier")
    units = seventh.state["units"]
    present = seventh.success or len(units) > SUPPLY_CAP
    evidence = (
        f"six units, supply {six.state['supply']}; `train soldier` -> success={seventh.success}, "
        f"{seventh.message!r}; now {len(units)} units, supply {seventh.state['supply']}"
    )
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A village taken in one game must not belong to the player at the start of a new game."""
    first = client.new_game()
    taken = play_setup(client, first.game_id, ["move u1 b3", "end", "move u1 c3"])
    if taken.state["villages"].get("c3") != "you":
        raise ProbeInconclusive(f"the first game did not take c3: {taken.state['villages']}")
    second = client.new_game()
    villages = second.observation.state["villages"]
    present = any(owner is not None for owner in villages.values())
    evidence = (
        f"game 1 took c3; a new game starts with villages={villages}, "
        f"income={second.observation.state.get('income')}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)
