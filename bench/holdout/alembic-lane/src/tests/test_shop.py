import json
import re
import threading
import unittest
import urllib.request
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

from phrasing import read_order
from server import app
from shop import Shop

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.md"


def walkthrough_commands() -> list[str]:
    return re.findall(r"^\d+\. `([^`]+)`", WALKTHROUGH.read_text(), flags=re.M)


class Quiet(WSGIRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


class DayInTheShop(unittest.TestCase):
    def test_walkthrough_wins_the_day(self) -> None:
        shop = Shop()
        for command in walkthrough_commands():
            reply = shop.play(command)
            self.assertTrue(reply.success, f"{command!r}: {reply.message}")
        self.assertTrue(shop.state()["day"]["won"])
        self.assertTrue(shop.game_over)

    def test_help_is_one_paragraph(self) -> None:
        text = Shop().play("help").message
        self.assertNotIn("\n", text)
        for verb in ("put", "heat", "stir", "pour", "sell", "buy", "empty", "look"):
            self.assertIn(verb, text)

    def test_sentences_are_understood(self) -> None:
        self.assertEqual(read_order("Put two nightshade into the cauldron.").amount, 2)
        self.assertEqual(read_order("buy an empty bottle").thing, "empty bottle")
        self.assertEqual(read_order("heat the cauldron to 60°C").amount, 60)
        self.assertEqual(read_order("stir the cauldron twice").amount, 2)
        self.assertEqual(read_order("sell a bottle of healing tonic to the knight").target, "knight")
        self.assertIsNone(read_order("dance a jig"))

    def test_temperature_stays_in_range(self) -> None:
        shop = Shop()
        self.assertFalse(shop.play("heat the cauldron to 120").success)
        self.assertFalse(shop.play("cool the cauldron to 10").success)
        self.assertEqual(shop.state()["cauldron"]["temperature"], "20°C")

    def test_cauldron_holds_six_measures(self) -> None:
        shop = Shop()
        self.assertTrue(shop.play("put 3 nightshade into the cauldron").success)
        self.assertTrue(shop.play("put 2 marigold into the cauldron").success)
        self.assertFalse(shop.play("put 2 emberroot into the cauldron").success)

    def test_wrong_heat_spoils_a_recipe(self) -> None:
        shop = Shop()
        for command in ("put 2 nightshade into the cauldron", "put 1 moonpetal into the cauldron", "stir 3 times"):
            shop.play(command)
        self.assertEqual(shop.state()["cauldron"]["potion"], "grey sludge")
        self.assertFalse(shop.play("pour the potion into a bottle").success)
        self.assertTrue(shop.play("empty the cauldron").success)

    def test_market_refuses_what_you_cannot_afford(self) -> None:
        shop = Shop()
        self.assertFalse(shop.play("buy 2 emberroot").success)
        self.assertEqual(shop.state()["purse"], "4 coins")


class AgentApi(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = make_server("127.0.0.1", 0, app, handler_class=Quiet)
        cls.base = f"http://127.0.0.1:{cls.server.server_port}"
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()

    def call(self, method: str, path: str, body: object = None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def test_new_command_state(self) -> None:
        status, new = self.call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        game_id = new["game_id"]
        status, reply = self.call("POST", "/api/agent/command", {"game_id": game_id, "command": "look"})
        self.assertEqual(status, 200)
        self.assertTrue(reply["success"])
        status, state = self.call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"]["purse"], "4 coins")

    def test_bad_requests_get_json_errors(self) -> None:
        self.assertEqual(self.call("POST", "/api/agent/command", {"command": "look"})[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": "nope", "command": "look"})[0], 404)
        self.assertEqual(self.call("GET", "/api/agent/state/nope")[0], 404)


if __name__ == "__main__":
    unittest.main()
