"""Probes for SALTMARSH STILL's ground-truth bugs: each plays a fresh game through the agent API and answers
whether its bug is present in the running build. A setup the game refuses makes the probe inconclusive."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _count(rows: list, name: str) -> int:
    return next((row[1] for row in rows if row[0] == name), 0)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Mixing the same herb twice must be refused, not crash the server."""
    game = client.new_game()
    if _count(game.observation.state.get("inventory", []), "SALT") < 2:
        raise ProbeInconclusive(f"expected 2+ SALT at the start: {game.observation.state.get('inventory')}")
    try:
        reply = client.command(game.game_id, "mix salt salt")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"`mix salt salt` -> HTTP {exc.status}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"`mix salt salt` -> success={reply.success}, message={reply.message!r}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Three units are below the bulk threshold (4): three ROSEMARY at 2c must cost 6."""
    game = client.new_game()
    before = game.observation.state.get("purse")
    after = play_setup(client, game.game_id, ["buy rosemary 3"])
    paid = before - after.state.get("purse")
    return ProbeResult(
        bug_id="BUG-2",
        present=paid != 6,
        evidence=f"`buy rosemary 3` with purse {before} -> paid {paid} (rules: 6); message={after.message!r}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Selling two doses must take exactly two doses off the shelves."""
    game = client.new_game()
    brewed = play_setup(client, game.game_id, ["mix rosemary salt", "heat 2", "bottle"])
    held = _count(brewed.state.get("shelves", []), "CALM DRAUGHT")
    if held != 2:
        shelves = brewed.state.get("shelves")
        raise ProbeInconclusive(f"expected 2 CALM DRAUGHT on the shelves, shelves={shelves}")
    sold = play_setup(client, game.game_id, ["sell calm draught 2"])
    left = _count(sold.state.get("shelves", []), "CALM DRAUGHT")
    gained = sold.state.get("purse") - brewed.state.get("purse")
    return ProbeResult(
        bug_id="BUG-3",
        present=left != 0,
        evidence=f"2 CALM DRAUGHT held; `sell calm draught 2` -> purse +{gained}, {left} left on the shelves",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The sleep reply must name the purse the state holds after rent."""
    game = client.new_game()
    slept = play_setup(client, game.game_id, ["sleep"])
    found = re.search(r"purse (\d+)c", slept.message, re.IGNORECASE)
    if found is None:
        raise ProbeInconclusive(f"the sleep reply names no purse: {slept.message!r}")
    said, held = int(found.group(1)), slept.state.get("purse")
    return ProbeResult(
        bug_id="BUG-4",
        present=said != held,
        evidence=f"`sleep` -> message={slept.message!r}; state purse={held}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A bare `heat` at the top of the flame must not push the flame past flame_max."""
    game = client.new_game()
    hot = play_setup(client, game.game_id, ["mix rosemary salt", "heat 5"])
    top = hot.state.get("flame_max", 5)
    if hot.state.get("flame") != top:
        raise ProbeInconclusive(f"expected flame at its maximum {top}, flame={hot.state.get('flame')}")
    reply = client.command(game.game_id, "heat")
    flame = reply.state.get("flame")
    return ProbeResult(
        bug_id="BUG-5",
        present=flame > top,
        evidence=(
            f"flame {top}/{top}; bare `heat` -> success={reply.success}, "
            f"message={reply.message!r}, flame={flame}"
        ),
    )
