"""Foxglove's own tests: the parser, the rules in docs/RULES.md, and the agent API."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

SRC = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SRC))

import server  # noqa: E402
from django.test import Client  # noqa: E402

WALKTHROUGH = [
    line.strip() for line in (SRC / "docs" / "walkthrough.txt").read_text().splitlines() if line.strip()
]


def ids(items: list[dict]) -> list[str]:
    return [item["id"] for item in items]


class GameTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.game = server.Game()

    def play(self, *commands: str) -> server.Reply:
        reply = None
        for command in commands:
            reply = self.game.handle(command)
            self.assertTrue(reply.ok, f"{command!r} was refused: {reply.text}")
        return reply

    def room(self, room_id: str) -> list[str]:
        return ids(self.game.state["rooms"][room_id]["items"])

    def carried(self) -> list[str]:
        return ids(self.game.state["player"]["inventory"])


class WalkthroughTest(GameTestCase):
    def test_the_walkthrough_cures_her_ladyship(self) -> None:
        reply = self.play(*WALKTHROUGH)
        self.assertTrue(self.game.state["flags"]["won"])
        self.assertIn("story is over", reply.text)

    def test_nothing_more_happens_after_the_end(self) -> None:
        self.play(*WALKTHROUGH)
        self.assertFalse(self.game.handle("look").ok)


class ParserTest(GameTestCase):
    def test_help_is_a_paragraph_of_prose(self) -> None:
        reply = self.play("help")
        self.assertIn("under-gardener", reply.text)
        self.assertNotIn("\n-", reply.text)
        self.assertNotIn("*", reply.text)

    def test_articles_and_synonyms(self) -> None:
        self.play("pick up the trowel", "drop the trowel", "get trowel", "put down the trowel")
        self.assertEqual(self.room("shed").count("trowel"), 1)

    def test_directions_and_room_names(self) -> None:
        self.play("north", "go east", "go west", "go to the kitchen", "leave")
        self.assertEqual(self.game.state["player"]["room"], "garden")

    def test_unknown_verb_is_refused_without_time_passing(self) -> None:
        reply = self.game.handle("juggle the trowel")
        self.assertFalse(reply.ok)
        self.assertEqual(self.game.state["player"]["turns"], 0)

    def test_no_exit(self) -> None:
        self.assertFalse(self.game.handle("go west").ok)
        self.assertEqual(self.game.state["player"]["room"], "shed")


class RulesTest(GameTestCase):
    def test_looking_costs_no_time(self) -> None:
        self.play("look", "inventory", "examine the trowel", "look at the pot", "read the recipe", "help")
        self.assertEqual(self.game.state["player"]["turns"], 0)

    def test_acting_costs_a_quarter_hour(self) -> None:
        self.play("take the trowel", "north", "look at the sundial")
        self.assertEqual(self.game.state["player"]["turns"], 2)
        self.assertIn("half past eight", self.game.handle("look at the sundial").text)

    def test_five_things_can_be_carried(self) -> None:
        self.play("take all")
        self.assertEqual(len(self.carried()), 5)
        self.assertEqual(self.room("shed"), [])

    def test_feverfew_needs_the_trowel(self) -> None:
        self.play("north")
        self.assertFalse(self.game.handle("take the feverfew").ok)
        self.play("south", "take the trowel", "north", "take the feverfew")
        self.assertIn("feverfew", self.carried())

    def test_sowing_seeds_you_hold(self) -> None:
        self.play("take the pot", "take the seeds", "put the seeds in the pot")
        pot = self.game.state["player"]["inventory"][0]
        self.assertEqual(ids(pot["contents"]), ["seeds"])
        self.assertEqual(self.carried(), ["pot"])

    def test_only_seeds_go_in_the_pot(self) -> None:
        self.play("take the trowel", "take the pot")
        self.assertFalse(self.game.handle("put the trowel in the pot").ok)
        self.assertFalse(self.game.handle("put the trowel in the watering can").ok)

    def test_the_can_holds_three_measures_and_watering_uses_one(self) -> None:
        self.play("take the can", "take the pot", "take the seeds", "put the seeds in the pot", "north")
        self.play("fill the watering can at the pump")
        can = self.game.state["player"]["inventory"][0]
        self.assertEqual(can["water"], 3)
        self.play("water the pot")
        self.assertEqual(can["water"], 2)
        self.assertFalse(self.game.handle("water the pot").ok)

    def test_chamomile_flowers_after_three_turns_in_the_glasshouse(self) -> None:
        self.play("take the can", "take the pot", "take the seeds", "put the seeds in the pot", "north")
        self.play("fill the can", "east", "drop the pot", "water the pot", "wait")
        pot = self.game.state["rooms"]["glasshouse"]["items"][0]
        self.assertEqual(ids(pot["contents"]), ["seeds"])
        reply = self.play("wait")
        self.assertEqual(ids(pot["contents"]), ["chamomile"])
        self.assertIn("bursts into flower", reply.text)

    def test_wait_takes_a_number(self) -> None:
        self.play("wait 3")
        self.assertEqual(self.game.state["player"]["turns"], 3)
        self.play("wait for two turns")
        self.assertEqual(self.game.state["player"]["turns"], 5)
        self.assertFalse(self.game.handle("wait 11").ok)
        self.assertEqual(self.game.state["player"]["turns"], 5)

    def test_the_cook_wants_mint_first(self) -> None:
        self.play("take the can", "north", "fill the can", "take the mint", "take the foxglove", "west")
        self.assertFalse(self.game.handle("pour the water into the kettle").ok)
        self.play("give the mint to the cook")
        self.assertEqual(sorted(self.carried()), ["can", "foxglove", "honey"])
        self.assertFalse(self.game.handle("put the foxglove in the kettle").ok)
        self.play("pour the water into the kettle", "pour water into kettle")
        self.assertFalse(self.game.handle("pour the water into the kettle").ok)

    def test_brewing_needs_the_whole_recipe(self) -> None:
        self.play("take the can", "north", "fill the can", "take the mint", "west", "give the mint to the cook")
        self.play("put the honey in the kettle", "pour the water into the kettle", "pour the water into the kettle")
        reply = self.game.handle("brew the draught")
        self.assertFalse(reply.ok)
        self.assertIn("feverfew", reply.text)

    def test_undo_takes_back_a_take(self) -> None:
        self.play("take the trowel", "undo")
        self.assertEqual(self.carried(), [])
        self.assertIn("trowel", self.room("shed"))
        self.assertFalse(self.game.handle("undo").ok)


class ApiTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client = Client()

    def post(self, url: str, payload=None, raw: bytes | None = None):
        body = raw if raw is not None else json.dumps(payload or {})
        return self.client.post(url, data=body, content_type="application/json")

    def test_a_game_round_trip(self) -> None:
        started = self.post("/api/agent/new")
        self.assertEqual(started.status_code, 200)
        game_id = started.json()["game_id"]
        self.assertIn("Potting Shed", started.json()["message"])
        answer = self.post("/api/agent/command", {"game_id": game_id, "command": "take the trowel"}).json()
        self.assertEqual(set(answer), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(answer["success"])
        self.assertEqual(answer["turn"], 1)
        state = self.client.get(f"/api/agent/state/{game_id}").json()["state"]
        self.assertEqual(ids(state["player"]["inventory"]), ["trowel"])

    def test_bad_requests_are_4xx(self) -> None:
        self.assertEqual(self.post("/api/agent/command", raw=b"not json").status_code, 400)
        self.assertEqual(self.post("/api/agent/command", raw=b"[1, 2]").status_code, 400)
        self.assertEqual(self.post("/api/agent/command", {"command": "look"}).status_code, 400)
        self.assertEqual(self.post("/api/agent/command", {"game_id": "nope", "command": "look"}).status_code, 404)
        self.assertEqual(self.client.get("/api/agent/state/nope").status_code, 404)
        self.assertEqual(self.client.get("/api/agent/new").status_code, 405)

    def test_health(self) -> None:
        self.assertEqual(self.client.get("/healthz").status_code, 200)


if __name__ == "__main__":
    unittest.main()
