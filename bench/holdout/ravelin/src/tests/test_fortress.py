import re
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fortress import Fortress  # noqa: E402


def walkthrough() -> list[str]:
    text = (ROOT / "docs" / "WALKTHROUGH.md").read_text()
    return re.findall(r"^- `([^`]+)`", text, flags=re.MULTILINE)


class FortressTest(unittest.TestCase):
    def setUp(self):
        self.f = Fortress()

    def ok(self, command):
        accepted, message = self.f.order(command)
        self.assertTrue(accepted, f"{command!r} refused: {message}")
        return message

    def refused(self, command):
        accepted, message = self.f.order(command)
        self.assertFalse(accepted, f"{command!r} accepted: {message}")
        return message

    def test_starting_position(self):
        s = self.f.state
        self.assertEqual(s["day"], 1)
        self.assertEqual(s["crowns"], 150)
        self.assertEqual(s["stores"], {"grain": 24, "stone": 12, "timber": 10, "arrows": 30})
        self.assertEqual(s["keep"], {"militia": 8, "archers": 4})
        self.assertEqual({n: w["integrity"] for n, w in s["walls"].items()},
                         {"north": 24, "east": 30, "south": 20, "west": 16})
        self.assertEqual(self.f.garrison(), 12)

    def test_help_and_unknown_orders(self):
        self.assertIn("hire", self.ok("help"))
        self.assertIn("half price", self.ok("help market"))
        self.refused("help dragons")
        self.refused("dance")
        self.refused("")

    def test_scout_names_tonights_walls(self):
        message = self.ok("scout")
        self.assertIn("5 at the north wall", message)
        self.assertIn("4 at the south wall", message)

    def test_hire_charges_wages(self):
        self.ok("hire 2 archers")
        self.ok("hire 3 militia")
        self.assertEqual(self.f.state["crowns"], 150 - 20 - 18)
        self.assertEqual(self.f.state["keep"], {"militia": 11, "archers": 6})

    def test_hire_respects_barracks_and_treasury(self):
        self.refused("hire 13 militia")
        self.ok("hire 12 militia")
        self.assertEqual(self.f.garrison(), 24)
        self.refused("hire 1 archer")
        g = Fortress()
        accepted, _ = g.order("hire 12 archers")
        self.assertTrue(accepted)
        self.assertEqual(g.state["crowns"], 30)

    def test_hire_refuses_bad_counts(self):
        self.refused("hire 0 militia")
        self.refused("hire -2 militia")
        self.refused("hire many militia")
        self.refused("hire 2 knights")

    def test_post_and_recall(self):
        self.ok("post 4 militia north")
        self.ok("post 2 archers to the east wall")
        walls = self.f.state["walls"]
        self.assertEqual((walls["north"]["militia"], walls["east"]["archers"]), (4, 2))
        self.assertEqual(self.f.state["keep"], {"militia": 4, "archers": 2})
        self.ok("recall 1 militia north")
        self.assertEqual(walls["north"]["militia"], 3)
        self.assertEqual(self.f.state["keep"]["militia"], 5)
        self.refused("recall 4 militia north")
        self.refused("post 9 militia south")
        self.refused("post 7 militia south")
        self.refused("post 1 militia keep")

    def test_post_all(self):
        self.ok("post all archers west")
        self.assertEqual(self.f.state["walls"]["west"]["archers"], 4)
        self.assertEqual(self.f.state["keep"]["archers"], 0)
        self.ok("recall all archers w")
        self.assertEqual(self.f.state["keep"]["archers"], 4)

    def test_dismiss(self):
        self.ok("dismiss 2 militia")
        self.assertEqual(self.f.state["keep"]["militia"], 6)
        self.assertEqual(self.f.state["crowns"], 150)
        self.refused("dismiss 5 archers")

    def test_repair_uses_stone(self):
        self.ok("repair west 6")
        west = self.f.state["walls"]["west"]
        self.assertEqual(west["integrity"], 22)
        self.assertEqual(west["repaired_today"], 6)
        self.assertEqual(self.f.state["stores"]["stone"], 6)
        self.refused("repair east 1")

    def test_repair_daily_limit(self):
        self.refused("repair west 11")
        self.ok("repair west 7")
        self.refused("repair west 4")
        self.ok("repair west 3")
        self.assertEqual(self.f.state["walls"]["west"]["integrity"], 26)

    def test_repair_needs_stone(self):
        self.ok("repair south 10")
        self.refused("repair north 3")
        self.assertEqual(self.f.state["walls"]["north"]["integrity"], 24)

    def test_tower(self):
        self.ok("build tower east")
        self.assertTrue(self.f.state["walls"]["east"]["tower"])
        self.assertEqual(self.f.state["stores"]["stone"], 6)
        self.assertEqual(self.f.state["stores"]["timber"], 2)
        self.refused("build tower east")
        self.refused("build tower north")
        self.refused("build wall north")

    def test_buy_within_stock(self):
        self.ok("buy 10 grain")
        self.assertEqual(self.f.state["crowns"], 130)
        self.assertEqual(self.f.state["stores"]["grain"], 34)
        self.assertEqual(self.f.state["market"]["grain"], 10)
        self.ok("buy 10 grain")
        self.refused("buy 1 grain")
        self.refused("buy 2 gold")

    def test_buy_all_takes_what_is_there(self):
        self.ok("buy all timber")
        self.assertEqual(self.f.state["stores"]["timber"], 20)
        self.assertEqual(self.f.state["crowns"], 120)
        self.assertEqual(self.f.state["market"]["timber"], 0)

    def test_buy_beyond_treasury(self):
        self.ok("hire 12 archers")
        self.refused("buy 8 stone")
        self.assertEqual(self.f.state["crowns"], 30)
        self.assertEqual(self.f.state["market"]["stone"], 15)

    def test_sell_pays_half(self):
        message = self.ok("sell 3 stone")
        self.assertIn("6 crowns", message)
        self.assertEqual(self.f.state["crowns"], 156)
        self.assertEqual(self.f.state["stores"]["stone"], 9)
        self.ok("sell 10 grain")
        self.assertEqual(self.f.state["crowns"], 166)
        self.refused("sell 50 arrows")

    def test_first_night(self):
        for command in ["post 4 militia north", "post 2 archers north", "post 4 militia south",
                        "post 2 archers south", "end"]:
            self.ok(command)
        s = self.f.state
        self.assertEqual(s["day"], 2)
        self.assertEqual(s["walls"]["north"]["integrity"], 23)
        self.assertEqual(s["walls"]["south"]["integrity"], 18)
        self.assertEqual(s["stores"]["arrows"], 22)
        self.assertEqual(s["stores"]["grain"], 12)
        self.assertEqual(s["crowns"], 170)
        self.assertEqual(s["siege"]["nights_held"], 1)
        self.assertEqual(s["market"]["grain"], 20)

    def test_market_restocks(self):
        self.ok("buy 20 grain")
        self.ok("end")
        self.assertEqual(self.f.state["market"]["grain"], 20)

    def test_repair_count_resets_on_attacked_wall(self):
        self.ok("repair north 6")
        self.ok("end")
        self.assertEqual(self.f.state["walls"]["north"]["repaired_today"], 0)

    def test_stormed_wall_loses_defenders(self):
        self.ok("post 1 militia north")
        self.ok("end")
        north = self.f.state["walls"]["north"]
        # attack 15 against defence 2: 13 damage, 3 defenders lost (only 1 there)
        self.assertEqual(north["integrity"], 11)
        self.assertEqual(north["militia"], 0)

    def test_hunger_makes_soldiers_desert(self):
        self.ok("sell 20 grain")
        self.ok("end")
        self.assertEqual(self.f.state["stores"]["grain"], 0)
        self.assertEqual(self.f.garrison(), 4)
        self.assertEqual(self.f.state["keep"], {"militia": 0, "archers": 4})

    def test_breach_loses(self):
        self.ok("end")
        self.ok("end")
        self.assertTrue(self.f.state["siege"]["fallen"])
        self.assertTrue(self.f.over)
        self.refused("scout")
        self.ok("look")

    def test_walkthrough_wins(self):
        commands = walkthrough()
        self.assertGreater(len(commands), 20)
        for command in commands:
            self.ok(command)
        self.assertTrue(self.f.state["siege"]["relieved"])
        self.assertFalse(self.f.state["siege"]["fallen"])
        self.assertEqual(self.f.state["phase"], "over")


if __name__ == "__main__":
    unittest.main()
