"""CASTLE played over HTTP, as a QA agent would, on the shipped build (process backend, loopback)."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from loop.contract.game import Game
from loop.contract.game_client import GameClient, GameObservation

pytestmark = pytest.mark.slow

STATE_KEYS = {
    "room",
    "visible_items",
    "fixtures",
    "inventory",
    "flags",
    "turn",
    "visibility",
    "won",
    "game_over",
}


def play(client: GameClient, commands: list[str]) -> tuple[str, list[GameObservation]]:
    game = client.new_game()
    return game.game_id, [client.command(game.game_id, command) for command in commands]


def test_walkthrough_wins_on_shipped_castle(shipped: GameClient, castle: Game) -> None:
    _, observations = play(shipped, castle.walkthrough_commands())
    assert all(o.success for o in observations), [o.message for o in observations if not o.success]
    assert observations[-1].state["won"] is True
    assert observations[-1].game_over is True


def test_player_carries_at_most_six_items(shipped: GameClient) -> None:
    commands = [
        "take matches",
        "take candlestick",
        "east",
        "take bucket",
        "take ladder",
        "west",
        "north",
        "east",
        "take diary",
        "open drawer",
        "take small key",
        "west",
        "west",
        "take scroll",
    ]
    _, observations = play(shipped, commands)
    refused = observations[-1]
    assert len(observations[-2].state["inventory"]) == 6
    assert refused.success is False
    assert "six" in refused.message
    assert len(refused.state["inventory"]) == 6
    assert "scroll" in refused.state["visible_items"]


def test_basement_is_dark_until_a_lit_light_is_carried(shipped: GameClient) -> None:
    _, dark = play(shipped, ["down", "take key fragment C"])
    assert dark[0].state["visibility"] == "dark"
    assert dark[0].state["visible_items"] == []
    assert "key fragment C" not in dark[0].state["room"]["description"]
    assert dark[1].success is False

    _, unlit = play(shipped, ["take candlestick", "light candlestick"])
    assert unlit[1].success is False, "a candlestick cannot be lit without the matches"

    _, lit = play(
        shipped, ["take matches", "take candlestick", "light candlestick", "down", "take key fragment C"]
    )
    assert lit[3].state["visibility"] == "lit"
    assert "key fragment C" in lit[3].state["visible_items"]
    assert lit[4].success is True


def test_every_response_carries_the_full_state_shape(shipped: GameClient) -> None:
    game = shipped.new_game()
    assert game.observation.state.keys() >= STATE_KEYS
    observation = shipped.command(game.game_id, "look")
    assert observation.state.keys() >= STATE_KEYS
    assert {"id", "name", "description", "exits"} <= observation.state["room"].keys()
    assert observation.message == observation.state["room"]["description"]
    assert shipped.state(game.game_id)["room"]["id"] == "hall"


def test_turn_counter_counts_every_command(shipped: GameClient) -> None:
    _, observations = play(shipped, ["look", "dance", "", "north", "take unicorn", "help"])
    assert [o.turn for o in observations] == [1, 2, 3, 4, 5, 6]
    assert [o.state["turn"] for o in observations] == [1, 2, 3, 4, 5, 6]


def test_unknown_verb_is_an_in_game_refusal_with_help(shipped: GameClient) -> None:
    _, observations = play(shipped, ["dance wildly", "help"])
    assert observations[0].success is False
    assert "help" in observations[0].message
    for verb in (
        "look",
        "take",
        "drop",
        "open",
        "unlock",
        "examine",
        "read",
        "light",
        "place",
        "combine",
        "say",
    ):
        assert verb in observations[1].message


def test_api_errors_are_json_4xx(shipped_build) -> None:
    with httpx.Client(base_url=shipped_build.url, timeout=5) as http:
        unknown = http.post("/api/agent/command", json={"game_id": "no-such-game", "command": "look"})
        assert unknown.status_code == 404 and "error" in unknown.json()
        assert http.get("/api/agent/state/no-such-game").status_code == 404
        missing = http.post("/api/agent/command", json={"command": "look"})
        assert missing.status_code == 400 and "error" in missing.json()
        garbage = http.post(
            "/api/agent/command", content=b"{not json", headers={"Content-Type": "application/json"}
        )
        assert garbage.status_code == 400 and "error" in garbage.json()
        assert http.get("/api/health").json() == {"status": "ok"}


def test_no_input_up_to_200_characters_gives_a_server_error(shipped: GameClient) -> None:
    rng = random.Random(7)
    alphabet = "abcdefghijklmnopqrstuvwxyz     '\"\\/%{}[]<>;:!?\u00e9\u4e2d\u0000\n\t0123456789"
    commands = [
        "",
        " ",
        "take",
        "take " + "x" * 195,
        "x" * 200,
        "go",
        "go nowhere",
        "say",
        "say ''",
        "unlock",
        "place",
        "combine the moon",
        "light",
        "drop all",
        "open open",
        "examine examine",
        "\u0000",
        "🦇 " * 50,
        "take the the",
        "read",
    ]
    commands += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 200))) for _ in range(60)]
    game = shipped.new_game()
    for turn, command in enumerate(commands, start=1):
        observation = shipped.command(game.game_id, command[:200])
        assert observation.turn == turn


def test_web_page_plays_the_same_game_without_the_network(shipped_build) -> None:
    with httpx.Client(base_url=shipped_build.url, timeout=5) as http:
        page = http.get("/")
        assert page.status_code == 200
        assert "<form" in page.text and "/static/app.js" in page.text
        script = http.get("/static/app.js")
        assert script.status_code == 200
        assert "/api/agent/command" in script.text and "/api/agent/new" in script.text
        for text in (page.text, script.text):
            assert "http://" not in text and "https://" not in text, "the page must not load anything remote"


def test_hidden_full_state_never_reaches_the_client(shipped: GameClient, castle: Game) -> None:
    game = shipped.new_game()
    returned = [
        game.model_dump(),
        shipped.command(game.game_id, "look").model_dump(),
        shipped.state(game.game_id),
    ]
    dumped = json.dumps(returned)
    assert "full_state" not in dumped
    assert "nocturne" not in dumped.lower(), "the chest password is only in the hidden full_state"
    with httpx.Client(base_url=shipped.base_url, timeout=5) as http:
        raw = http.post("/api/agent/new").json()
    assert "nocturne" in json.dumps(raw["full_state"]), (
        "the server does send it: the client is what strips it"
    )
