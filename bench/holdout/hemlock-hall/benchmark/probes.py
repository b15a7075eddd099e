"""Probes for Hemlock Hall's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh case and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

CLOCK = re.compile(r"^(\d{1,2}):(\d{2}) (am|pm)$")


def _minutes_after_nine(state: dict[str, Any]) -> int:
    """The state's `Time` as minutes after 9:00 pm (12:00 am is 180)."""
    found = CLOCK.match(str(state.get("Time", "")))
    if not found:
        raise ProbeInconclusive(f"the state's Time is not a clock reading: {state.get('Time')!r}")
    hour, minute, half = int(found.group(1)) % 12, int(found.group(2)), found.group(3)
    total = hour * 60 + minute + (12 * 60 if half == "pm" else 0)
    return (total - 21 * 60) % (24 * 60)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Showing the empty tin to Miss Ashcombe is answered in-game, not with a server error."""
    game = client.new_game()
    ready = play_setup(
        client,
        game.game_id,
        ["go to the kitchen", "go to the garden", "search the shed", "go to the conservatory"],
    )
    if "Empty tin" not in ready.state.get("Pocket", []):
        raise ProbeInconclusive(f"expected the empty tin in our pocket: {ready.state.get('Pocket')}")
    try:
        answer = client.command(game.game_id, "show the empty tin to the niece")
    except GameServerError as exc:
        evidence = f"`show the empty tin to the niece` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    except GameUnavailable as exc:
        evidence = f"`show the empty tin to the niece` -> no answer: {exc}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"`show the empty tin to the niece` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Walking into a neighbouring room takes 5 minutes, as the rules say."""
    game = client.new_game()
    before = _minutes_after_nine(game.observation.state)
    walked = play_setup(client, game.game_id, ["go to the library"])
    if walked.state.get("Location") != "Library":
        raise ProbeInconclusive(f"expected to be in the Library: {walked.state.get('Location')!r}")
    spent = _minutes_after_nine(walked.state) - before
    evidence = (
        f"Time {game.observation.state.get('Time')!r} -> `go to the library` -> {walked.state.get('Time')!r} "
        f"({spent} minutes, rules say 5)"
    )
    return ProbeResult(bug_id="BUG-2", present=spent != 5, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """The greatcoat holds 2 coins once: a second search of it finds nothing."""
    game = client.new_game()
    start = int(game.observation.state.get("Coins", -1))
    first = play_setup(client, game.game_id, ["search the coat"])
    after_first = int(first.state.get("Coins", -1))
    if after_first != start + 2:
        raise ProbeInconclusive(f"expected the first search to add 2 coins: {start} -> {after_first}")
    second = play_setup(client, game.game_id, ["search the coat"])
    after_second = int(second.state.get("Coins", -1))
    evidence = (
        f"Coins {start}; `search the coat` -> {after_first}; again -> {after_second} "
        f"(rules: 2 coins in the coat, once); message={second.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=after_second != after_first, evidence=evidence)


PURSE = re.compile(r"purse now holds (\d+) coins?")


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After giving coins, the message's purse count is the state's Coins."""
    game = client.new_game()
    start = int(game.observation.state.get("Coins", -1))
    given = play_setup(client, game.game_id, ["give 2 coins to the butler"])
    coins = int(given.state.get("Coins", -1))
    if coins != start - 2:
        raise ProbeInconclusive(f"expected Coins to drop by 2: {start} -> {coins}")
    said = PURSE.search(given.message)
    if not said:
        raise ProbeInconclusive(f"the message names no purse count: {given.message!r}")
    evidence = (
        f"Coins {start}; `give 2 coins to the butler` -> state Coins {coins}; message={given.message!r}"
    )
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != coins, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """When the clock reaches 12:00 am the case is lost and the game is over."""
    game = client.new_game()
    question = "ask the butler about the brandy"
    late = play_setup(client, game.game_id, [question] * 17)
    if _minutes_after_nine(late.state) != 170 or late.game_over:
        raise ProbeInconclusive(f"expected 11:50 pm with the case open after 17 questions: {late.state}")
    last = client.command(game.game_id, question)
    if _minutes_after_nine(last.state) != 180:
        raise ProbeInconclusive(f"expected the 18th question to bring the clock to 12:00 am: {last.state}")
    present = not last.game_over and last.state.get("Case") != "Lost"
    evidence = (
        f"18 questions from 9:00 pm -> Time {last.state.get('Time')!r}, Case {last.state.get('Case')!r}, "
        f"game_over={last.game_over}; message={last.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Questioning the butler twice lists him once in Suspects met."""
    game = client.new_game()
    asked = play_setup(
        client, game.game_id, ["ask the butler about the key", "ask the butler about the door"]
    )
    met = asked.state.get("Suspects met", [])
    if not met:
        raise ProbeInconclusive(f"expected the butler in Suspects met: {asked.state}")
    evidence = f"two questions to the butler -> Suspects met {met}"
    return ProbeResult(bug_id="BUG-6", present=len(met) != len(set(met)), evidence=evidence)
