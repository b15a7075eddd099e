"""Probes for Quillmoor's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a new game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

HERBS = ("moonwort", "dewcap", "fenberry", "ashroot")


def _num(state: dict[str, Any], key: str) -> int:
    return int(state.get(key, 0) or 0)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`sell <remedy> x0` is refused in-game, never an HTTP 500."""
    game = client.new_game()
    play_setup(client, game.game_id, ["go village"])
    try:
        answer = client.command(game.game_id, "sell calm draught x0")
    except GameServerError as exc:
        evidence = f"in the village `sell calm draught x0` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"in the village `sell calm draught x0` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A fresh cauldron brews 4 remedies in one brew, as the rules say."""
    game = client.new_game()
    setup = ["go meadow", "gather moonwort x8", "gather dewcap x4", "go cottage"]
    ready = play_setup(client, game.game_id, setup).state
    if (_num(ready, "inv_moonwort"), _num(ready, "inv_dewcap"), _num(ready, "cauldron_left")) != (8, 4, 4):
        raise ProbeInconclusive(f"expected 8 MOONWORT, 4 DEWCAP and an empty cauldron: {ready}")
    brew = client.command(game.game_id, "brew calm draught x4")
    brewed = _num(brew.state, "shelf_calm_draught")
    evidence = (
        f"cauldron_left 4, herbs for 4; `brew calm draught x4` -> success={brew.success}, "
        f"shelf_calm_draught={brewed}, message={brew.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=not brew.success or brewed != 4, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Delivering the MILLER's order of 2 CALM DRAUGHT takes 2 from the shelf."""
    game = client.new_game()
    gathered = ["go meadow", "gather moonwort x4", "gather dewcap x2", "go cottage"]
    setup = [*gathered, "brew calm draught x2", "go village"]
    before = play_setup(client, game.game_id, setup).state
    held = _num(before, "shelf_calm_draught")
    order = next((o for o in before.get("orders", []) if o.get("who") == "MILLER"), None)
    if held != 2 or not order or order.get("qty") != 2 or order.get("want") != "calm_draught":
        raise ProbeInconclusive(f"expected 2 CALM DRAUGHT and the MILLER's order of 2: {held}, {order}")
    deliver = client.command(game.game_id, "deliver miller")
    if not deliver.success:
        raise ProbeInconclusive(f"`deliver miller` was refused: {deliver.message!r}")
    after = _num(deliver.state, "shelf_calm_draught")
    evidence = (
        f"shelf_calm_draught {held}, MILLER wants 2; `deliver miller` -> shelf_calm_draught {after}, "
        f"coin {_num(before, 'coin')} -> {_num(deliver.state, 'coin')}; message={deliver.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=after != held - 2, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Asking for more DEWCAP than grows: the reply names the number actually picked."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["go meadow"]).state
    growing = _num(before, "patch_meadow_dewcap")
    if not 0 < growing < 6:
        raise ProbeInconclusive(f"expected fewer than 6 DEWCAP in the meadow: {growing}")
    gather = client.command(game.game_id, "gather dewcap x6")
    if not gather.success:
        raise ProbeInconclusive(f"`gather dewcap x6` was refused: {gather.message!r}")
    picked = _num(gather.state, "inv_dewcap") - _num(before, "inv_dewcap")
    said = re.search(r"pick (\d+) DEWCAP", gather.message, re.IGNORECASE)
    if said is None:
        raise ProbeInconclusive(f"the reply does not say how many were picked: {gather.message!r}")
    evidence = f"{growing} DEWCAP grow; `gather dewcap x6` -> inv_dewcap +{picked}: {gather.message!r}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != picked, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """At the dawn of day 4 both orders due day 3 are withdrawn."""
    game = client.new_game()
    dawn = play_setup(client, game.game_id, ["sleep", "sleep", "sleep"])
    day = _num(dawn.state, "day")
    if day != 4:
        raise ProbeInconclusive(f"expected day 4 after three sleeps: day {day}")
    late = [o for o in dawn.state.get("orders", []) if int(o.get("due", day)) < day]
    evidence = f"day {day}, late orders still open: {late}; last dawn said {dawn.message!r}"
    return ProbeResult(bug_id="BUG-5", present=bool(late), evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """After a brew the state's satchel_used is still the sum of the herbs carried."""
    game = client.new_game()
    setup = ["go meadow", "gather moonwort x2", "gather dewcap", "go cottage", "brew calm draught"]
    brewed = play_setup(client, game.game_id, setup).state
    if _num(brewed, "shelf_calm_draught") != 1:
        raise ProbeInconclusive(f"expected one CALM DRAUGHT brewed: {brewed}")
    carried = sum(_num(brewed, f"inv_{herb}") for herb in HERBS)
    used = _num(brewed, "satchel_used")
    evidence = f"after `brew calm draught`: satchel_used={used}, herbs carried (sum of inv_*)={carried}"
    return ProbeResult(bug_id="BUG-6", present=used != carried, evidence=evidence)
