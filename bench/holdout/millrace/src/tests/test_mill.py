import re
import unittest
from pathlib import Path

from litestar.testing import TestClient

from mill import Mill, money
from server import app

ROOT = Path(__file__).resolve().parents[1]


def walkthrough() -> list[str]:
    text = (ROOT / "WALKTHROUGH.md").read_text()
    return re.findall(r"^- `([^`]+)`$", text, flags=re.MULTILINE)


def sacks(mill: Mill, good: str) -> int:
    return next(row["sacks"] for row in mill.state()["stock"] if row["good"] == good)


class MoneyTest(unittest.TestCase):
    def test_shillings_and_pence(self):
        self.assertEqual(money(0), "0s 0d")
        self.assertEqual(money(90), "7s 6d")
        self.assertEqual(money(1200), "100s 0d")
        self.assertEqual(money(-13), "-1s 1d")


class OrdersTest(unittest.TestCase):
    def setUp(self):
        self.mill = Mill()

    def order(self, text: str) -> str:
        ok, message = self.mill.order(text)
        self.assertTrue(ok, message)
        return message

    def refused(self, text: str) -> str:
        ok, message = self.mill.order(text)
        self.assertFalse(ok, message)
        self.assertTrue(message.startswith("REFUSED"), message)
        return message

    def test_new_season(self):
        state = self.mill.state()
        self.assertEqual(state["week"], 1)
        self.assertEqual(state["purse"], 1200)
        self.assertEqual([row["good"] for row in state["stock"]],
                         ["wheat", "rye", "oats", "flour", "ryemeal", "oatmeal"])
        self.assertEqual(state["mill"], {"river": "high", "wheel": 100, "capacity": 12, "ground": 0})
        self.assertEqual(sum(entry["pence"] for entry in state["ledger"]), 1200)

    def test_help_is_a_table(self):
        text = self.order("help")
        self.assertIn("| ORDER", text)
        self.assertIn("GRIND", text)

    def test_buy_lower_case(self):
        self.assertIn("BOUGHT 4 SACKS WHEAT @ 4s 0d = 16s 0d", self.order("buy:wheat,4"))
        self.assertEqual(sacks(self.mill, "wheat"), 4)
        self.assertEqual(self.mill.purse, 1200 - 192)

    def test_farmers_bring_ten_a_week(self):
        self.order("BUY:OATS,10")
        self.refused("BUY:OATS,1")
        self.order("BUY:RYE,10")

    def test_bad_orders_refused(self):
        self.refused("BUY:BARLEY,2")
        self.refused("BUY:WHEAT,none")
        self.refused("BUY:WHEAT,0")
        self.refused("BUY:WHEAT")
        self.refused("DANCE")
        self.refused("")
        self.refused("SELL:FLOUR,1")
        self.assertEqual(self.mill.purse, 1200)

    def test_grind_and_sell(self):
        self.order("BUY:WHEAT,6")
        self.assertIn("GROUND 6 SACKS WHEAT TO 6 SACKS FLOUR", self.order("GRIND:WHEAT,6"))
        self.assertEqual(sacks(self.mill, "wheat"), 0)
        self.assertEqual(sacks(self.mill, "flour"), 6)
        self.assertEqual(self.mill.wheel, 70)
        self.assertEqual(self.mill.state()["mill"]["ground"], 6)
        self.order("SELL:FLOUR,6")
        self.assertEqual(self.mill.purse, 1200 - 6 * 48 + 6 * 84)

    def test_bakers_take_eight(self):
        self.order("BUY:WHEAT,9")
        self.order("GRIND:WHEAT,9")
        self.order("SELL:FLOUR,8")
        self.refused("SELL:FLOUR,1")
        self.assertEqual(sacks(self.mill, "flour"), 1)

    def test_wages_once_a_week(self):
        self.order("PAY")
        self.refused("PAY")
        self.assertEqual(self.mill.purse, 1200 - 72)
        self.order("CLOSE")
        self.assertEqual(self.mill.purse, 1200 - 72)
        self.order("pay:wages")

    def test_close_opens_next_week(self):
        self.order("BUY:WHEAT,10")
        self.order("PAY")
        message = self.order("CLOSE")
        self.assertIn("WK 2 OPENS", message)
        state = self.mill.state()
        self.assertEqual(state["week"], 2)
        self.assertFalse(state["wages_paid"])
        self.assertTrue(all(row["traded"] == 0 for row in state["market"]))
        self.order("BUY:WHEAT,10")

    def test_river_follows_the_season(self):
        self.order("PAY")
        self.order("CLOSE")
        self.order("PAY")
        self.order("CLOSE")
        self.assertEqual(self.mill.state()["mill"]["river"], "fair")
        self.assertEqual(self.mill.state()["mill"]["capacity"], 8)

    def test_repair(self):
        self.order("BUY:WHEAT,4")
        self.order("GRIND:WHEAT,4")
        self.order("REPAIR:10")
        self.assertEqual(self.mill.wheel, 90)
        self.assertEqual(self.mill.purse, 1200 - 4 * 48 - 10)
        self.order("REPAIR:10")
        self.refused("REPAIR:5")

    def test_walkthrough_wins_and_ledger_balances(self):
        for command in walkthrough():
            self.order(command)
        state = self.mill.state()
        self.assertTrue(state["season_over"])
        self.assertTrue(state["won"])
        self.assertGreaterEqual(state["purse"], 3000)
        self.assertEqual(sum(entry["pence"] for entry in state["ledger"]), state["purse"])
        self.refused("BUY:WHEAT,1")
        self.order("LEDGER:3")


class ApiTest(unittest.TestCase):
    def test_agent_api(self):
        with TestClient(app=app) as client:
            self.assertEqual(client.get("/api/health").status_code, 200)
            new = client.post("/api/agent/new")
            self.assertEqual(new.status_code, 200)
            game_id = new.json()["game_id"]
            reply = client.post("/api/agent/command", json={"game_id": game_id, "command": "BUY:WHEAT,2"})
            self.assertEqual(reply.status_code, 200)
            body = reply.json()
            self.assertTrue(body["success"])
            self.assertEqual(body["turn"], 1)
            self.assertFalse(body["game_over"])
            state = client.get(f"/api/agent/state/{game_id}").json()["state"]
            self.assertEqual(state["purse"], 1200 - 96)

    def test_bad_requests(self):
        with TestClient(app=app) as client:
            self.assertEqual(client.get("/api/agent/state/nope").status_code, 404)
            self.assertEqual(
                client.post("/api/agent/command", json={"game_id": "nope", "command": "HELP"}).status_code, 404
            )
            self.assertEqual(client.post("/api/agent/command", json={"command": "HELP"}).status_code, 400)
            self.assertEqual(client.post("/api/agent/command", content=b"{not json").status_code, 400)


if __name__ == "__main__":
    unittest.main()
