"""Probes for Menagerie's ground-truth bugs. Each plays from a new game over the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _animal(state: dict[str, Any], name: str) -> dict[str, Any]:
    for enclosure in state.get("enclosures", {}).values():
        for animal in enclosure.get("animals", []):
            if animal.get("name") == name:
                return animal
    raise ProbeInconclusive(f"no animal {name!r} in the state")


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "move(animal=pip, to=aviary)")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"move to an unknown enclosure: {exc}",
        )
    pond = [a["name"] for a in observation.state["enclosures"]["pond"]["animals"]]
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:120]!r}; pond {pond}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    feed = ["feed(animal=pip, kg=2)", "feed(animal=wren, kg=2)"]
    observation = play_setup(client, game_id, [*feed, "end_day()", *feed, "end_day()"])
    pond = observation.state["enclosures"]["pond"]
    if pond["cleanliness"] != 60:
        raise ProbeInconclusive(f"pond cleanliness is {pond['cleanliness']}, not 60")
    well = sum(1 for a in pond["animals"] if a["health"] == "well")
    observation = play_setup(client, game_id, ["open_gates()"])
    drawn = observation.state["enclosures"]["pond"]["visitors_today"]
    return ProbeResult(
        bug_id="BUG-2",
        present=drawn != 4 * well,
        evidence=f"pond at cleanliness 60 with {well} well animals drew {drawn} visitors (rules: {4 * well})",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    new = client.new_game()
    before = new.observation.state["stores_kg"]["meat"]
    observation = play_setup(client, new.game_id, ["feed(animal=ember, kg=6)"])
    after = observation.state["stores_kg"]["meat"]
    eaten = _animal(observation.state, "ember")["fed_today_kg"]
    return ProbeResult(
        bug_id="BUG-3",
        present=before - after != eaten,
        evidence=f"meat store {before} -> {after} kg while Ember ate {eaten} kg",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["send(animal=fig)"])
    funds = observation.state["funds"]
    match = re.search(r"Funds:\s*(\d+)", observation.message)
    said = int(match.group(1)) if match else None
    present = said != funds if said is not None else str(funds) not in observation.message
    return ProbeResult(
        bug_id="BUG-4",
        present=present,
        evidence=f"message {observation.message[:160]!r}; state funds {funds}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["end_day()", "feed(animal=ember, kg=4)", "end_day()"])
    if _animal(observation.state, "ember")["fed_today_kg"] != 0:
        raise ProbeInconclusive("the ration did not reset overnight")
    observation = play_setup(client, game_id, ["end_day()"])
    ember = _animal(observation.state, "ember")
    return ProbeResult(
        bug_id="BUG-5",
        present=ember["health"] != "well" or ember["hunger"] != 1,
        evidence=f"hungry, fed, hungry: Ember hunger {ember['hunger']}, health {ember['health']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["end_day()", "end_day()"])
    if _animal(observation.state, "ember")["health"] != "sick":
        raise ProbeInconclusive("Ember did not fall sick after two hungry nights")
    observation = play_setup(client, game_id, ["vet(animal=ember)"])
    ember = _animal(observation.state, "ember")
    return ProbeResult(
        bug_id="BUG-6",
        present=ember["health"] != "well",
        evidence=f"after the vet: {observation.message[:100]!r}; state health {ember['health']}",
    )
