"""Probes for Ravensmoor's ground-truth bugs (hold-out set): each plays a fresh game through the agent API."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Once the key is taken, the parlour must stop describing it on the mantel."""
    game = client.new_game()
    play_setup(client, game.game_id, ["north", "take key"])
    look = client.command(game.game_id, "look")
    if "brass key" not in look.state.get("carrying", []):
        raise ProbeInconclusive(f"the key was not taken: {look.state}")
    present = "key glints" in look.message
    return ProbeResult(
        bug_id="BUG-1", present=present, evidence=f"carrying the key; `look` -> {look.message!r}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """`go` with no direction must get an answer, not a server error."""
    game = client.new_game()
    try:
        reply = client.command(game.game_id, "go")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-2", present=True, evidence=f"`go` -> {exc}")
    return ProbeResult(bug_id="BUG-2", present=False, evidence=f"`go` -> {reply.message!r}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """An item put in a container must leave the inventory."""
    game = client.new_game()
    after = play_setup(client, game.game_id, ["take lamp", "east", "open chest", "put lamp in chest"])
    carrying = after.state.get("carrying", [])
    present = "brass lamp" in carrying
    return ProbeResult(
        bug_id="BUG-3", present=present, evidence=f"`put lamp in chest` -> carrying={carrying}"
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A fifth item must be refused (the manual's limit is four)."""
    game = client.new_game()
    setup = ["take lamp", "take newspaper", "north", "take key", "take poker", "south", "east", "open chest"]
    before = play_setup(client, game.game_id, setup)
    if len(before.state.get("carrying", [])) != 4:
        raise ProbeInconclusive(f"expected four items carried: {before.state.get('carrying')}")
    after = client.command(game.game_id, "take coin")
    carrying = after.state.get("carrying", [])
    return ProbeResult(
        bug_id="BUG-4",
        present=len(carrying) > 4,
        evidence=f"carrying four; `take coin` -> success={after.success}, carrying={carrying}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """RESTORE must bring back what a container held at SAVE."""
    game = client.new_game()
    play_setup(client, game.game_id, ["east", "open chest", "save", "take coin", "restore"])
    look = client.command(game.game_id, "examine chest")
    carrying = look.state.get("carrying", [])
    if "silver coin" in carrying:
        raise ProbeInconclusive(f"restore did not restore the inventory: {carrying}")
    present = "silver coin" not in look.message
    return ProbeResult(
        bug_id="BUG-5",
        present=present,
        evidence=f"save, take coin, restore; `examine chest` -> {look.message!r}; carrying={carrying}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A second RESTORE must bring back an item taken after the first one."""
    game = client.new_game()
    play_setup(client, game.game_id, ["save", "restore", "take folded newspaper"])
    if "folded newspaper" not in client.state(game.game_id).get("carrying", []):
        raise ProbeInconclusive("the newspaper could not be taken after a restore")
    after = client.command(game.game_id, "restore").state
    present = "folded newspaper" not in after.get("you_see", []) + after.get("carrying", [])
    return ProbeResult(
        bug_id="BUG-6",
        present=present,
        evidence=f"save, restore, take newspaper, restore -> you_see={after.get('you_see')}, "
        f"carrying={after.get('carrying')}",
    )
