"""Probes for the Brass Comet's ground-truth bugs: each plays a fresh game through the agent API and answers
"is this bug present in this running build?".

When the game does not let a probe reach the situation it checks (a setup order is refused, the numbers are
not the ones the situation needs), the probe raises ProbeInconclusive instead of guessing.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _credits(state: dict[str, Any]) -> int:
    return int(state["wallet"]["credits"])


def _units(state: dict[str, Any], good: str) -> int:
    return sum(int(row["units"]) for row in state["ship"]["hold"]["cargo"] if row["good"] == good)


def _ask(state: dict[str, Any], good: str) -> int:
    for row in state["port"]["market"]:
        if row["good"] == good:
            return int(row["ask"])
    raise ProbeInconclusive(f"{state['port'].get('name')} lists no {good}: {state['port']['market']}")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Selling machinery at Pallas Deep (which does not trade it) must be refused, not crash the server."""
    game = client.new_game()
    arrived = play_setup(client, game.game_id, ["buy machinery 1", "jump pallas"])
    market = [row["good"] for row in arrived.state["port"]["market"]]
    aboard = _units(arrived.state, "machinery")
    if arrived.state["port"]["id"] != "pallas" or "machinery" in market or aboard != 1:
        where = f"at {arrived.state['port']['id']} (market {market}) with {aboard} machinery"
        raise ProbeInconclusive(f"expected Pallas Deep, which trades no machinery, with 1 aboard; {where}")
    try:
        sold = client.command(game.game_id, "sell machinery")
    except GameServerError as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"at Pallas Deep (market {market}) `sell machinery` -> HTTP {exc.status}: "
            f"{exc.body[:200]}",
        )
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"`sell machinery` at Pallas Deep -> success={sold.success}, message={sold.message!r}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An order of exactly 10 units gets the documented 10% bulk discount."""
    game = client.new_game()
    start = game.observation.state
    ask = _ask(start, "grain")
    bought = client.command(game.game_id, "buy grain 10")
    if not bought.success or _units(bought.state, "grain") != 10:
        raise ProbeInconclusive(f"`buy grain 10` was not carried out: {bought.message!r}")
    paid = _credits(start) - _credits(bought.state)
    full = 10 * ask
    discounted = full - full // 10
    if paid not in (full, discounted):
        raise ProbeInconclusive(f"paid {paid} for 10 grain at {ask}: neither {full} nor {discounted}")
    evidence = f"10 grain at ask {ask}: paid {paid} (should be {discounted}, not {full}); {bought.message!r}"
    return ProbeResult(bug_id="BUG-2", present=paid == full, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """An order cut down to the free hold space charges only for the units loaded."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["buy grain 18"])
    ask = _ask(before.state, "grain")
    if _units(before.state, "grain") != 18:
        raise ProbeInconclusive(f"expected 18 grain aboard: {before.state['ship']['hold']}")
    after = client.command(game.game_id, "buy grain 4")
    if not after.success:
        raise ProbeInconclusive(f"the cut-down order was refused: {after.message!r}")
    loaded = _units(after.state, "grain") - 18
    paid = _credits(before.state) - _credits(after.state)
    fair = loaded * ask  # fewer than 10 units: no bulk discount
    evidence = (
        f"hold had room for 2; `buy grain 4` loaded {loaded} grain at ask {ask} and took {paid} credits "
        f"(fair price {fair}); message={after.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=loaded < 4 and paid > fair, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The sale message must state the balance after the sale, not before it."""
    game = client.new_game()
    bought = play_setup(client, game.game_id, ["buy ore 5"])
    sold = client.command(game.game_id, "sell ore 5")
    if not sold.success:
        raise ProbeInconclusive(f"`sell ore 5` at Vesta Yard was refused: {sold.message!r}")
    before, after = _credits(bought.state), _credits(sold.state)
    if before == after:
        raise ProbeInconclusive("the sale did not change the credits")
    numbers = {int(n) for n in re.findall(r"\d+", sold.message)}
    present = before in numbers and after not in numbers
    evidence = f"credits {before} -> {after} in the state; message={sold.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A jump that flies over day 10 (day 9 -> day 11) must still bring the day-10 interest."""
    game = client.new_game()
    debt = int(game.observation.state["guild"]["debt"])
    arrived = play_setup(client, game.game_id, ["jump hygiea", "jump ceres", "jump vesta"])
    day = int(arrived.state["clock"]["day"])
    if day != 11:
        raise ProbeInconclusive(f"expected day 11 after jumps of 5, 3 and 2 days from day 1, it is day {day}")
    owed = int(arrived.state["guild"]["debt"])
    expected = debt + debt * 10 // 100
    if owed not in (debt, expected):
        raise ProbeInconclusive(f"debt {owed} is neither the untouched {debt} nor {expected} with interest")
    evidence = (
        f"day 9 -> 11 by `jump vesta`: debt {debt} -> {owed} (documented {expected}); {arrived.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=owed == debt, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """After selling, the state's `ship.hold.free` must be capacity minus the units carried."""
    game = client.new_game()
    play_setup(client, game.game_id, ["buy ore 5", "sell ore 5"])
    state = client.state(game.game_id)
    hold = state["ship"]["hold"]
    carried = sum(int(row["units"]) for row in hold["cargo"])
    if carried != 0:
        raise ProbeInconclusive(f"expected an empty hold after selling all the ore: {hold}")
    expected = int(hold["capacity"]) - carried
    evidence = f"after `buy ore 5`, `sell ore 5`: hold={hold}, free should be {expected}"
    return ProbeResult(bug_id="BUG-6", present=int(hold["free"]) != expected, evidence=evidence)
