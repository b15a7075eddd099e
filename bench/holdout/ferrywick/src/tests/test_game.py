import re
import unittest
from pathlib import Path

from werkzeug.test import Client

from server import FerrywickApp

ROOT = Path(__file__).resolve().parents[1]


class FerrywickTestCase(unittest.TestCase):
    def setUp(self):
        self.client = Client(FerrywickApp())
        reply = self.client.post("/api/agent/new").get_json()
        self.game_id = reply["game_id"]
        self.state = reply["state"]

    def cmd(self, command, ok=True):
        reply = self.client.post(
            "/api/agent/command", json={"game_id": self.game_id, "command": command}
        ).get_json()
        self.state = reply["state"]
        if ok is not None:
            self.assertEqual(reply["success"], ok, f"{command}: {reply['message']}")
        return reply

    def cmds(self, *commands):
        for command in commands:
            self.cmd(command)


class StartTest(FerrywickTestCase):
    def test_first_morning(self):
        self.assertEqual(self.state["day"], 1)
        self.assertEqual(self.state["clock"], "06:00")
        self.assertEqual(self.state["purse"], 20)
        self.assertEqual(self.state["ferry"]["at"], "Ferrywick")
        self.assertEqual(self.state["ferry"]["fuel"], 6)
        self.assertEqual(self.state["quays"]["Ferrywick"], {"foot": 6, "cycle": 2, "car": 2, "lorry": 1})
        self.assertEqual(self.state["quays"]["Otterholm"], {"foot": 4, "cycle": 1, "car": 1, "lorry": 0})
        self.assertFalse(self.state["won"])

    def test_help_and_unknown(self):
        self.assertIn("board", self.cmd("help")["message"])
        self.cmd("dance", ok=False)
        self.cmd("", ok=False)

    def test_tides_table(self):
        message = self.cmd("tides")["message"]
        self.assertIn("09:00-10:30  low water", message)
        self.assertIn("06:00-07:30  high water", message)


class BoardingTest(FerrywickTestCase):
    def test_off_peak_fares(self):
        reply = self.cmd("board 3 foot")
        self.assertIn("6 coins", reply["message"])
        self.assertEqual(self.state["purse"], 26)
        self.assertEqual(self.state["ledger"]["fares"], 6)
        self.assertEqual(self.state["quays"]["Ferrywick"]["foot"], 3)
        self.assertEqual(self.state["ferry"]["deck"]["foot"], 3)
        self.assertEqual(self.state["ferry"]["seats_free"], 9)

    def test_peak_fares_are_double(self):
        self.cmds("wait", "wait")
        self.assertEqual(self.state["clock"], "07:00")
        self.cmd("board 1 car")
        self.assertEqual(self.state["purse"], 36)

    def test_lorry_takes_two_lanes(self):
        self.cmds("board lorry", "board car")
        self.assertEqual(self.state["ferry"]["lanes_free"], 0)

    def test_cannot_board_more_than_wait(self):
        self.cmd("board 7 foot", ok=False)
        self.cmd("board 2 lorries", ok=False)
        self.cmd("board 0 foot", ok=False)
        self.cmd("board 2 unicorns", ok=False)
        self.assertEqual(self.state["purse"], 20)

    def test_seats_limit(self):
        self.cmds("wait", "wait")
        self.assertEqual(self.state["quays"]["Ferrywick"]["foot"], 12)
        self.cmd("board 12 foot")
        self.cmd("board cycle", ok=False)

    def test_offload_refunds_and_requeues(self):
        self.cmd("board 4 foot")
        reply = self.cmd("offload 2 foot")
        self.assertIn("4 coins", reply["message"])
        self.assertEqual(self.state["purse"], 24)
        self.assertEqual(self.state["quays"]["Ferrywick"]["foot"], 4)
        self.assertEqual(self.state["ferry"]["deck"]["foot"], 2)
        self.cmd("offload 3 foot", ok=False)


class CrossingTest(FerrywickTestCase):
    def test_crossing_lands_everyone(self):
        self.cmds("board lorry", "board 2 foot")
        reply = self.cmd("cross")
        self.assertIn("lands", reply["message"])
        self.assertEqual(self.state["ferry"]["at"], "Otterholm")
        self.assertEqual(self.state["ferry"]["fuel"], 4)
        self.assertEqual(self.state["clock"], "06:30")
        self.assertEqual(self.state["ferry"]["deck"], {"foot": 0, "cycle": 0, "car": 0, "lorry": 0})
        self.assertEqual(self.state["carried"]["lorry"], 1)
        self.assertEqual(self.state["quays"]["Otterholm"]["foot"], 6)

    def test_no_sailing_at_low_water(self):
        for _ in range(6):
            self.cmd("wait")
        self.assertEqual(self.state["clock"], "09:00")
        self.assertEqual(self.state["tide"], "low water")
        self.cmd("cross", ok=False)

    def test_ledger_after_a_crossing(self):
        self.cmds("board 4 foot", "cross")
        message = self.cmd("ledger")["message"]
        self.assertIn("fares 8 coins", message)
        self.assertIn("8 coins a crossing", message)


class FuelTest(FerrywickTestCase):
    def test_fill_the_tank(self):
        reply = self.cmd("refuel")
        self.assertIn("4 units", reply["message"])
        self.assertEqual(self.state["ferry"]["fuel"], 10)
        self.assertEqual(self.state["purse"], 8)
        self.cmd("refuel", ok=False)

    def test_refuel_exact_amount(self):
        self.cmd("refuel 2")
        self.assertEqual(self.state["ferry"]["fuel"], 8)
        self.assertEqual(self.state["purse"], 14)
        self.assertEqual(self.state["ledger"]["fuel"], 6)

    def test_only_at_ferrywick(self):
        self.cmd("cross")
        self.cmd("refuel 1", ok=False)

    def test_cannot_afford(self):
        self.cmd("refuel 2")
        self.cmd("refuel 2")
        self.cmd("refuel 1", ok=False)


class NightTest(FerrywickTestCase):
    def test_moor_pays_dues_and_starts_a_new_day(self):
        self.cmds("board 6 foot", "cross", "board 4 foot", "cross")
        reply = self.cmd("moor")
        self.assertIn("10 coins", reply["message"])
        self.assertEqual(self.state["day"], 2)
        self.assertEqual(self.state["clock"], "06:00")
        self.assertEqual(self.state["purse"], 20 + 12 + 8 - 10)
        self.assertEqual(self.state["ledger"]["fares"], 0)
        self.assertEqual(self.state["quays"]["Ferrywick"]["foot"], 6)

    def test_moor_needs_an_empty_deck(self):
        self.cmd("board foot")
        self.cmd("moor", ok=False)

    def test_impounded_without_dues(self):
        self.cmd("refuel 4")
        reply = self.cmd("moor")
        self.assertTrue(reply["game_over"])
        self.assertEqual(self.state["status"], "lost")
        self.cmd("look", ok=False)

    def test_walkthrough_wins(self):
        text = (ROOT / "WALKTHROUGH.md").read_text()
        for command in re.findall(r"^- `([^`]+)`$", text, re.MULTILINE):
            self.cmd(command)
        self.assertTrue(self.state["won"])


class ApiTest(unittest.TestCase):
    def setUp(self):
        self.client = Client(FerrywickApp())

    def test_health(self):
        self.assertEqual(self.client.get("/healthz").status_code, 200)

    def test_bad_requests(self):
        self.assertEqual(self.client.post("/api/agent/command", data="nope").status_code, 400)
        self.assertEqual(self.client.post("/api/agent/command", json={"game_id": "x"}).status_code, 400)
        reply = self.client.post("/api/agent/command", json={"game_id": "x", "command": "look"})
        self.assertEqual(reply.status_code, 404)
        self.assertEqual(self.client.get("/api/agent/state/nope").status_code, 404)
        self.assertEqual(self.client.get("/api/agent/new").status_code, 405)

    def test_state_endpoint(self):
        game_id = self.client.post("/api/agent/new").get_json()["game_id"]
        reply = self.client.get(f"/api/agent/state/{game_id}").get_json()
        self.assertEqual(reply["game_id"], game_id)
        self.assertEqual(reply["state"]["clock"], "06:00")


if __name__ == "__main__":
    unittest.main()
