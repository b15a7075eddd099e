import re
import unittest
from pathlib import Path

from ferry import world
from ferry.game import Charter

ROOT = Path(__file__).resolve().parent.parent


class CharterTest(unittest.TestCase):
    def test_opening_state(self):
        state = Charter().state()
        self.assertEqual(state["hour"], 0)
        self.assertEqual(state["tide"], "high")
        self.assertEqual(state["ferry"]["at"], "Saltmarsh")
        self.assertEqual(state["ferry"]["coins"], 30)
        self.assertEqual(state["ferry"]["fuel"], 12)
        self.assertFalse(state["charter"]["won"])

    def test_load_and_sell_salt(self):
        charter = Charter()
        ok, _ = charter.run("load cargo=salt qty=4")
        self.assertTrue(ok)
        self.assertEqual(charter.coins, 22)
        self.assertEqual(charter.state()["ferry"]["hold"], {"salt": 4})
        ok, _ = charter.run("unload cargo=salt qty=4")
        self.assertTrue(ok)
        self.assertEqual(charter.coins, 30)
        self.assertEqual(charter.stock["Saltmarsh"]["salt"], 30)

    def test_passengers_pay_on_arrival(self):
        charter = Charter()
        charter.run("board to=Wexmoor qty=2")
        ok, _ = charter.run("sail to=Wexmoor")
        self.assertTrue(ok)
        self.assertEqual(charter.hour, 3)
        self.assertEqual(charter.fuel, 10)
        self.assertEqual(charter.coins, 42)
        self.assertEqual(charter.state()["ferry"]["passengers"], {})

    def test_low_tide_keeps_you_moored(self):
        charter = Charter()
        charter.run("wait hours=7")
        ok, message = charter.run("sail to=Wexmoor")
        self.assertFalse(ok)
        self.assertIn("low", message)
        self.assertEqual(charter.at, "Saltmarsh")

    def test_tide_schedule(self):
        self.assertEqual([world.tide_at(h) for h in (0, 5, 6, 11, 12, 17, 18)],
                         ["high", "high", "low", "low", "high", "high", "low"])

    def test_unknown_order_is_refused(self):
        ok, message = Charter().run("dance")
        self.assertFalse(ok)
        self.assertIn("manual", message)

    def test_walkthrough_wins(self):
        commands = re.findall(r"`([^`]+)`", (ROOT / "docs" / "walkthrough.md").read_text())
        charter = Charter()
        for command in commands:
            ok, message = charter.run(command)
            self.assertTrue(ok, f"{command}: {message}")
        self.assertTrue(charter.state()["charter"]["won"])


if __name__ == "__main__":
    unittest.main()
