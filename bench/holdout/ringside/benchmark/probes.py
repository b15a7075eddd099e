"""Probes for Ringside's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh duel and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _num(state: dict[str, Any], key: str) -> int:
    try:
        return int(state[key])
    except (KeyError, TypeError, ValueError) as exc:
        raise ProbeInconclusive(f"state has no number {key!r}: {state}") from exc


def _cards(state: dict[str, Any]) -> list[str]:
    return [entry.get("card", "") for entry in state.get("hand", [])]


def _counted(state: dict[str, Any]) -> int:
    pending = 1 if state.get("pendingCard") else 0
    return _num(state, "deckCount") + len(state.get("hand", [])) + _num(state, "discardCount") + pending


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`pile` with an empty discard pile must answer in-game, not crash the server."""
    game = client.new_game()
    if game.observation.state.get("discardCount") != "0":
        raise ProbeInconclusive(f"the discard pile is not empty at the start: {game.observation.state}")
    try:
        answer = client.command(game.game_id, "pile")
    except GameServerError as exc:
        evidence = f"new duel, empty discard pile; `pile` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"new duel, empty discard pile; `pile` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Ember Bolt aimed at the foe deals 3 damage, as the rules say."""
    game = client.new_game()
    start = game.observation.state
    if "Ember Bolt" not in _cards(start) or _num(start, "foeBlock") != 0:
        raise ProbeInconclusive(f"expected Ember Bolt in the opening hand and Bram unguarded: {start}")
    before = _num(start, "foeHealth")
    hit = play_setup(client, game.game_id, ["play ember bolt", "foe"])
    after = _num(hit.state, "foeHealth")
    damage = before - after
    evidence = (
        f"Bram at {before}; `play ember bolt`, `foe` -> {after} ({damage} damage, rules say 3); "
        f"message={hit.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=damage != 3, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Cancelling a target question puts the card back in the hand; no card vanishes."""
    game = client.new_game()
    start = game.observation.state
    if "Ember Bolt" not in _cards(start):
        raise ProbeInconclusive(f"expected Ember Bolt in the opening hand: {_cards(start)}")
    asked = play_setup(client, game.game_id, ["play ember bolt"])
    if asked.state.get("pendingCard") != "Ember Bolt":
        raise ProbeInconclusive(f"Ember Bolt did not ask for a target: {asked.message!r}")
    cancelled = client.command(game.game_id, "cancel")
    if cancelled.state.get("pendingCard"):
        raise ProbeInconclusive(f"`cancel` left the question open: {cancelled.message!r}")
    owned = _num(cancelled.state, "cardsOwned")
    counted = _counted(cancelled.state)
    back = "Ember Bolt" in _cards(cancelled.state)
    evidence = (
        f"`play ember bolt`, `cancel` -> hand {_cards(cancelled.state)}, deck+hand+discard={counted}, "
        f"cardsOwned={owned}; message={cancelled.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=not back or counted != owned, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After a strike soaked by block, the commentary names the health the state shows."""
    game = client.new_game()
    guarded = play_setup(client, game.game_id, ["play guard"])
    if _num(guarded.state, "playerBlock") <= 0:
        raise ProbeInconclusive(f"`play guard` gave no block: {guarded.state}")
    struck = play_setup(client, game.game_id, ["end"])
    said = re.search(r"down to (\d+)", struck.message)
    if said is None:
        raise ProbeInconclusive(f"Bram's strike was not reported with a health: {struck.message!r}")
    health = _num(struck.state, "playerHealth")
    evidence = (
        f"block {guarded.state['playerBlock']} before `end`; message={struck.message!r}; "
        f"state playerHealth={health}"
    )
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != health, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Turning the discard pile into a new deck keeps every card."""
    game = client.new_game()
    owned = _num(game.observation.state, "cardsOwned")
    turned = play_setup(client, game.game_id, ["end", "end"])
    if _num(turned.state, "turn") != 3:
        raise ProbeInconclusive(f"expected turn 3 after two `end`: {turned.state}")
    counted = _counted(turned.state)
    evidence = (
        f"cardsOwned={owned} at the start; after `end`, `end`: deckCount={turned.state.get('deckCount')}, "
        f"hand={_cards(turned.state)}, discardCount={turned.state.get('discardCount')} -> {counted} cards, "
        f"cardsOwned={turned.state.get('cardsOwned')}"
    )
    return ProbeResult(bug_id="BUG-5", present=counted != owned, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """After Bram's first move (strike for 3), foeIntent shows his next one (strike for 2)."""
    game = client.new_game()
    first = game.observation.state.get("foeIntent")
    if first != "strike for 3":
        raise ProbeInconclusive(f"Bram does not open with a strike for 3: foeIntent={first!r}")
    after = play_setup(client, game.game_id, ["end"])
    intent = after.state.get("foeIntent")
    evidence = (
        f"foeIntent {first!r}; `end` -> message={after.message!r}, foeIntent={intent!r} "
        "(next move: strike for 2)"
    )
    return ProbeResult(bug_id="BUG-6", present=intent != "strike for 2", evidence=evidence)
