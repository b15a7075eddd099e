"""Probes for Crumbwick's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

ROOM_LEFT = re.compile(r"room for (\d+) more")


def _pence(text: str) -> int:
    found = re.match(r"^£(\d+)\.(\d{2})", str(text))
    if not found:
        raise ProbeInconclusive(f"not an amount of money: {text!r}")
    return int(found.group(1)) * 100 + int(found.group(2))


def _cash(state: dict[str, Any]) -> int:
    return _pence(state.get("shopfront", {}).get("cashOnHand", ""))


def _count(text: str) -> int:
    found = re.match(r"^(\d+)", str(text))
    if not found:
        raise ProbeInconclusive(f"not a count: {text!r}")
    return int(found.group(1))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Baking a recipe not learned yet must be refused in-game, not crash the server."""
    game = client.new_game()
    known = game.observation.state.get("shopfront", {}).get("recipesKnown", [])
    if "cake" in known:
        raise ProbeInconclusive(f"a new game already knows the cake recipe: {known}")
    try:
        answer = client.command(game.game_id, "bake 2 cake")
    except GameServerError as exc:
        evidence = f"recipes known {known}; `bake 2 cake` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    except GameUnavailable as exc:
        evidence = f"`bake 2 cake` dropped the connection: {exc}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"recipes known {known}; `bake 2 cake` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=answer.success, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """5 kg of flour in one purchase gets the 10% bulk discount: £5.40, not £6.00."""
    game = client.new_game()
    before = _cash(game.observation.state)
    bought = play_setup(client, game.game_id, ["buy 5 kg flour"])
    flour = bought.state.get("pantry", {}).get("flour")
    if flour != "5 kg":
        raise ProbeInconclusive(f"expected 5 kg of flour in the pantry, found {flour!r}")
    paid = before - _cash(bought.state)
    evidence = f"`buy 5 kg flour` took {paid}p from the till (rules: 540p); message={bought.message!r}"
    return ProbeResult(bug_id="BUG-2", present=paid != 540, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Four loaves on the shelf sell at most four loaves' worth, though ten customers come."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["buy 2 kg flour", "bake 4 loaf"])
    shopfront = ready.state.get("shopfront", {})
    on_shelf = _count(shopfront.get("shelf", {}).get("loaf", ""))
    price = _pence(shopfront.get("prices", {}).get("loaf", ""))
    if on_shelf != 4 or price != 250:
        raise ProbeInconclusive(f"expected 4 loaves at £2.50 on the shelf: {shopfront}")
    before = _cash(ready.state)
    opened = play_setup(client, game.game_id, ["open shop"])
    gained = _cash(opened.state) - before
    takings = _pence(opened.state.get("lastClose", {}).get("takings", ""))
    present = gained > on_shelf * price or takings > on_shelf * price
    evidence = (
        f"4 loaves at £2.50 on the shelf, till {before}p; `open shop` -> till +{gained}p, takings {takings}p "
        f"(at most 1000p possible); message={opened.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After a second bake, Pip's 'room for N more' matches the oven count in the state."""
    game = client.new_game()
    play_setup(client, game.game_id, ["buy 3 kg flour", "bake 4 loaf"])
    second = play_setup(client, game.game_id, ["bake 2 loaf"])
    oven = second.state.get("shopfront", {}).get("ovenToday", "")
    used = _count(oven)
    if used != 6:
        raise ProbeInconclusive(f"expected 6 items baked today after 4 + 2 loaves, state says {oven!r}")
    said = ROOM_LEFT.search(second.message)
    if not said:
        raise ProbeInconclusive(f"the bake message names no room left: {second.message!r}")
    evidence = f"state ovenToday={oven!r}; second bake says {second.message!r}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != 12 - used, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The rent on day 14 is £40.00, like on day 7."""
    game = client.new_game()
    for _ in range(5):
        play_setup(client, game.game_id, ["buy 5 kg flour", "bake 10 loaf", "open shop"])
    morning = play_setup(client, game.game_id, ["open shop"] * 8)
    calendar = morning.state.get("calendar", {})
    before = _cash(morning.state)
    if calendar.get("today") != "day 14" or before < 8000 or morning.game_over:
        raise ProbeInconclusive(f"expected day 14 with £80+ in the till: {calendar}, till {before}p")
    closing = client.command(game.game_id, "open shop")
    if not closing.success:
        raise ProbeInconclusive(f"`open shop` on day 14 was refused: {closing.message!r}")
    paid = before - _cash(closing.state)
    rent = closing.state.get("lastClose", {}).get("rentPaid")
    evidence = (
        f"day 14 with nothing baked, till {before}p; `open shop` -> till -{paid}p, rentPaid={rent!r} "
        f"(rules: £40.00); message={closing.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=paid != 4000 or rent != "£40.00", evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Eggs bought on day 1 keep 7 days: their batch's use-by day is day 7."""
    game = client.new_game()
    bought = play_setup(client, game.game_id, ["buy 6 eggs"])
    batches = [b for b in bought.state.get("pantry", {}).get("batches", []) if b.get("ingredient") == "eggs"]
    if len(batches) != 1 or batches[0].get("boughtOn") != "day 1":
        raise ProbeInconclusive(f"expected one egg batch bought on day 1: {batches}")
    use_by = batches[0].get("useBy")
    evidence = f"eggs bought on day 1 show useBy={use_by!r} (rules: day 7); batch={batches[0]}"
    return ProbeResult(bug_id="BUG-6", present=use_by != "day 7", evidence=evidence)
