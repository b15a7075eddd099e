import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game import Game  # noqa: E402
from server import app  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def play(game, *commands):
    result = None
    for command in commands:
        result = game.handle(command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


def walkthrough():
    with open(os.path.join(HERE, "WALKTHROUGH.md")) as f:
        return [line.strip()[3:-1] for line in f if line.startswith("- `")]


class StartTest(unittest.TestCase):
    def test_new_caravan(self):
        state = Game().state
        caravan = state["caravan"]
        self.assertEqual(caravan["day"], 1)
        self.assertEqual(caravan["purse"], 150)
        self.assertEqual(caravan["location"], {"kind": "oasis", "name": "Qarsa", "stop": 0})
        self.assertEqual([c["name"] for c in caravan["camels"]], ["Zahra", "Nadim"])
        self.assertEqual(caravan["camels"][0]["load"], {"water": 6})
        self.assertFalse(state["outcome"]["won"])

    def test_help_has_the_three_situations(self):
        ok, text = Game().handle("help")
        self.assertTrue(ok)
        for heading in ("On the road:", "At an oasis:", "In conversation:"):
            self.assertIn(heading, text)

    def test_unknown_command_is_refused(self):
        ok, _ = Game().handle("dance")
        self.assertFalse(ok)


class TradeTest(unittest.TestCase):
    def test_buy_fills_camels_in_order(self):
        game = Game()
        play(game, "buy 6 salt")
        camels = game.state["caravan"]["camels"]
        self.assertEqual(camels[0]["load"], {"water": 6, "salt": 4})
        self.assertEqual(camels[1]["load"], {"salt": 2})
        self.assertEqual(game.state["caravan"]["purse"], 150 - 6 * 5)

    def test_buy_refused_when_purse_is_short(self):
        game = Game()
        play(game, "buy camel", "buy camel")
        ok, _ = game.handle("buy 15 salt")
        self.assertFalse(ok)
        self.assertEqual(game.state["caravan"]["purse"], 70)
        self.assertFalse(any("salt" in c["load"] for c in game.state["caravan"]["camels"]))

    def test_buy_refused_when_camels_are_full(self):
        game = Game()
        ok, _ = game.handle("buy 15 water")
        self.assertFalse(ok)
        play(game, "buy 14 water")
        self.assertEqual(sum(sum(c["load"].values()) for c in game.state["caravan"]["camels"]), 20)

    def test_good_not_traded_here(self):
        ok, _ = Game().handle("buy 1 incense")
        self.assertFalse(ok)

    def test_sell_one(self):
        game = Game()
        ok, text = game.handle("sell 1 water")
        self.assertTrue(ok)
        self.assertIn("1 dinars", text)
        self.assertEqual(game.state["caravan"]["purse"], 151)
        self.assertEqual(game.state["caravan"]["camels"][0]["load"], {"water": 5})

    def test_sell_all(self):
        game = Game()
        play(game, "buy 8 salt", "sell all salt")
        self.assertEqual(game.state["caravan"]["purse"], 150 - 40 + 8 * 3)
        self.assertFalse(any("salt" in c["load"] for c in game.state["caravan"]["camels"]))

    def test_sell_more_than_carried(self):
        game = Game()
        ok, _ = game.handle("sell 7 water")
        self.assertFalse(ok)

    def test_buy_camel(self):
        game = Game()
        play(game, "buy camel")
        camels = game.state["caravan"]["camels"]
        self.assertEqual(len(camels), 3)
        self.assertEqual(camels[2], {"name": "Samira", "capacity": 10, "load": {}})
        self.assertEqual(game.state["caravan"]["purse"], 110)

    def test_move_between_camels(self):
        game = Game()
        play(game, "move 4 water from Zahra to Nadim")
        camels = game.state["caravan"]["camels"]
        self.assertEqual(camels[0]["load"], {"water": 2})
        self.assertEqual(camels[1]["load"], {"water": 4})

    def test_move_from_unknown_camel(self):
        ok, _ = Game().handle("move 1 water from Fatima to Zahra")
        self.assertFalse(ok)


class RoadTest(unittest.TestCase):
    def test_march_drinks_and_arrives(self):
        game = Game()
        play(game, "depart", "march")
        caravan = game.state["caravan"]
        self.assertEqual(caravan["day"], 2)
        self.assertEqual(caravan["location"]["days_left"], 1)
        self.assertEqual(caravan["camels"][0]["load"], {"water": 4})
        play(game, "march")
        self.assertEqual(caravan["location"], {"kind": "oasis", "name": "Bir Saba", "stop": 1})
        self.assertEqual(caravan["day"], 3)

    def test_no_market_on_the_road(self):
        game = Game()
        play(game, "depart")
        ok, _ = game.handle("buy 1 water")
        self.assertFalse(ok)

    def test_thirst_loses(self):
        game = Game()
        play(game, "sell 6 water", "depart")
        game.handle("march")
        self.assertTrue(game.state["outcome"]["lost"])
        self.assertTrue(game.over)
        ok, _ = game.handle("look")
        self.assertFalse(ok)


class ConversationTest(unittest.TestCase):
    def test_right_argument_wins_a_bargain(self):
        game = Game()
        play(game, "talk", "2", "1", "bye")
        self.assertEqual(game.state["bargain"]["discount"], 20)
        play(game, "buy 5 salt")
        self.assertEqual(game.state["caravan"]["purse"], 150 - 5 * 4)

    def test_wrong_argument_offends(self):
        game = Game()
        play(game, "talk", "2", "3")
        self.assertTrue(game.state["bargain"]["offended"])
        self.assertEqual(game.state["bargain"]["discount"], 0)
        play(game, "2")
        self.assertEqual(game.state["conversation"]["topic"], "main")

    def test_rest_cools_the_merchant(self):
        game = Game()
        play(game, "talk", "2", "3", "bye", "rest")
        self.assertFalse(game.state["bargain"]["offended"])
        self.assertEqual(game.state["caravan"]["purse"], 147)

    def test_choice_out_of_range(self):
        game = Game()
        play(game, "talk")
        ok, _ = game.handle("9")
        self.assertFalse(ok)
        ok, _ = game.handle("march")
        self.assertFalse(ok)
        play(game, "bye")
        self.assertIsNone(game.state["conversation"])


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        game = Game()
        for command in walkthrough():
            game.handle(command)
        self.assertTrue(game.state["outcome"]["won"])
        self.assertGreaterEqual(game.state["caravan"]["purse"], 500)


class ApiTest(unittest.IsolatedAsyncioTestCase):
    async def test_new_command_state(self):
        client = app.test_client()
        response = await client.post("/api/agent/new")
        self.assertEqual(response.status_code, 200)
        body = await response.get_json()
        game_id = body["game_id"]
        self.assertIn("caravan", body["state"])
        response = await client.post("/api/agent/command", json={"game_id": game_id, "command": "look"})
        body = await response.get_json()
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertFalse(body["game_over"])
        response = await client.get(f"/api/agent/state/{game_id}")
        self.assertEqual((await response.get_json())["game_id"], game_id)

    async def test_bad_requests(self):
        client = app.test_client()
        response = await client.post("/api/agent/command", json={"game_id": "nope", "command": "look"})
        self.assertEqual(response.status_code, 404)
        response = await client.post("/api/agent/command", data="not json")
        self.assertEqual(response.status_code, 400)
        response = await client.post("/api/agent/command", json={"game_id": 3})
        self.assertEqual(response.status_code, 400)
        response = await client.get("/api/agent/state/nope")
        self.assertEqual(response.status_code, 404)
        response = await client.get("/healthz")
        self.assertEqual(response.status_code, 200)


if __name__ == "__main__":
    unittest.main()
