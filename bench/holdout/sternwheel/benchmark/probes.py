"""Probes for Sternwheel's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh night and plays it through the agent API only. The shoe is dealt in a fixed order,
so each probe first checks that the cards it relies on came out; when they did not (or a setup step is
refused), it raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

SHOE_SIZE = 104
NUMBER_WORDS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    "twenty-one",
]  # fmt: skip


def _cards_counted(state: dict[str, Any]) -> int:
    hand = state.get("Hand", [])
    dealer = state.get("DealerHand", [])
    return int(state.get("ShoeLeft", 0)) + int(state.get("Discards", 0)) + len(hand) + len(dealer)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`insurance` with no hand dealt is refused in-game, not a crash."""
    game = client.new_game()
    if game.observation.state.get("Phase") != "Betting":
        raise ProbeInconclusive(f"a new night is not in the betting phase: {game.observation.state}")
    try:
        answer = client.command(game.game_id, "insurance")
    except GameServerError as exc:
        evidence = f"new night, no hand dealt; `insurance` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"new night, no hand dealt; `insurance` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A blackjack on a bet of 20 pays 3 to 2: 30 chips won, 50 handed back."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["bet 10", "hit", "stand"]).state
    if before.get("Phase") != "Betting":
        raise ProbeInconclusive(f"the first hand did not end after `stand`: {before}")
    chips = int(before["Chips"])
    dealt = play_setup(client, game.game_id, ["bet 20"]).state
    hand = dealt.get("Hand", [])
    if len(hand) != 2 or dealt.get("HandTotal") != 21 or dealt.get("LastOutcome") != "blackjack":
        raise ProbeInconclusive(f"the second hand was not a settled blackjack: {dealt}")
    won = int(dealt["Chips"]) - chips
    evidence = (
        f"bet 20 on hand {hand}: Chips {chips} -> {dealt['Chips']} ({won:+d}, rules say +30), "
        f"LastPayout={dealt.get('LastPayout')}"
    )
    return ProbeResult(bug_id="BUG-2", present=won != 30, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A double takes its card out of the shoe: the 104 cards are each counted once afterwards."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["bet 10", "hit", "stand", "bet 10", "bet 10"]).state
    if ready.get("Phase") != "Playing" or len(ready.get("Hand", [])) != 2:
        raise ProbeInconclusive(f"expected a fresh two-card hand to double on: {ready}")
    if _cards_counted(ready) != SHOE_SIZE:
        raise ProbeInconclusive(f"the cards did not add up to {SHOE_SIZE} before the double: {ready}")
    doubled = client.command(game.game_id, "double")
    if not doubled.success:
        raise ProbeInconclusive(f"`double` was refused: {doubled.message!r}")
    after = doubled.state
    drawn = len(after.get("Hand", [])) - 2 + len(after.get("DealerHand", [])) - 2
    shoe_drop = int(ready["ShoeLeft"]) - int(after.get("ShoeLeft", 0))
    counted = _cards_counted(after)
    present = counted != SHOE_SIZE or shoe_drop != drawn
    evidence = (
        f"before `double`: ShoeLeft={ready['ShoeLeft']}, Hand={ready['Hand']}; "
        f"after: Hand={after.get('Hand')}, "
        f"DealerHand={after.get('DealerHand')}, ShoeLeft={after.get('ShoeLeft')} ({drawn} cards drawn, shoe "
        f"went down {shoe_drop}), cards counted {counted} of {SHOE_SIZE}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After a hit the dealer announces the same total the state shows (a soft 18 is 'eighteen')."""
    game = client.new_game()
    dealt = play_setup(client, game.game_id, ["bet 10"]).state
    if "AS" not in dealt.get("Hand", []) or dealt.get("Phase") != "Playing":
        raise ProbeInconclusive(f"expected the first hand to hold the ace of spades: {dealt}")
    hit = client.command(game.game_id, "hit")
    total = hit.state.get("HandTotal")
    if not hit.success or not isinstance(total, int) or total > 21 or hit.state.get("Phase") != "Playing":
        raise ProbeInconclusive(f"`hit` did not leave a live hand: {hit.message!r}, {hit.state}")
    word = NUMBER_WORDS[total]
    said = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", hit.message, re.IGNORECASE) is not None
    evidence = f"Hand={hit.state.get('Hand')}, HandTotal={total}; `hit` -> {hit.message!r}"
    return ProbeResult(bug_id="BUG-4", present=not said, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The night has 10 hands: after the tenth, a bet is refused."""
    game = client.new_game()
    state: dict[str, Any] = game.observation.state
    for _ in range(10):
        state = play_setup(client, game.game_id, ["bet 10"]).state
        if state.get("Phase") == "Playing":
            state = play_setup(client, game.game_id, ["stand"]).state
    if state.get("HandsLeft") != 0 or state.get("Phase") != "Betting" or int(state.get("Chips", 0)) < 10:
        raise ProbeInconclusive(f"expected ten settled hands and chips to bet: {state}")
    extra = client.command(game.game_id, "bet 10")
    after = extra.state
    present = extra.success or int(after.get("HandsLeft", 0)) < 0 or after.get("HandsPlayed", 0) > 10
    evidence = (
        f"after ten hands HandsLeft=0, HandsPlayed={state.get('HandsPlayed')}; `bet 10` -> "
        f"success={extra.success}, HandsLeft={after.get('HandsLeft')}, "
        f"HandsPlayed={after.get('HandsPlayed')}, "
        f"Phase={after.get('Phase')}: {extra.message[:160]!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """While a hand is played the state shows the dealer's hole card as '??'."""
    game = client.new_game()
    dealt = client.command(game.game_id, "bet 10")
    if not dealt.success or dealt.state.get("Phase") != "Playing":
        raise ProbeInconclusive(f"`bet 10` did not leave a hand in play: {dealt.message!r}")
    dealer = dealt.state.get("DealerHand", [])
    if len(dealer) != 2:
        raise ProbeInconclusive(f"expected two dealer cards on the felt: {dealer}")
    evidence = f"Phase=Playing, DealerShows={dealt.state.get('DealerShows')}, DealerHand={dealer}"
    return ProbeResult(bug_id="BUG-6", present=dealer[1] != "??", evidence=evidence)
