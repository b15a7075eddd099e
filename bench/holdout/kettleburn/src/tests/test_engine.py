import re
import unittest
from pathlib import Path

from kettleburn.engine import Shop

DOCS = Path(__file__).resolve().parents[1] / "docs"


def walkthrough() -> list[str]:
    text = (DOCS / "walkthrough.md").read_text()
    block = text.split("```", 2)[1]
    return [line.strip() for line in block.splitlines() if line.strip()]


class HelpTest(unittest.TestCase):
    def test_tree_lists_nouns_with_indented_actions(self):
        ok, text = Shop().run("help")
        self.assertTrue(ok)
        lines = text.splitlines()
        self.assertEqual(lines[0], "kettle")
        self.assertIn("  boil", lines)
        self.assertIn("pot", lines)
        for line in lines:
            self.assertTrue(re.fullmatch(r"[a-z]+|  [a-z]+", line), line)

    def test_noun_help_describes_actions(self):
        ok, text = Shop().run("help pot")
        self.assertTrue(ok)
        self.assertIn("pot pour <pot> <guest>", text)
        self.assertEqual(len(text.splitlines()), 5)

    def test_unknown_noun_is_refused(self):
        ok, _ = Shop().run("samovar light")
        self.assertFalse(ok)


class KettleTest(unittest.TestCase):
    def test_fill_and_boil_take_time(self):
        shop = Shop()
        shop.run("kettle fill 1")
        self.assertEqual(shop.state()["clock"], "08:01")
        kettle = shop.state()["kettles"][0]
        self.assertEqual((kettle["volume"], kettle["temp"]), (1.5, 15))
        ok, message = shop.run("kettle boil 1")
        self.assertTrue(ok)
        self.assertEqual(message.split(".")[0], "Kettle 1 boils")
        self.assertEqual(shop.state()["clock"], "08:08")
        self.assertEqual(shop.state()["kettles"][0]["temp"], 100)

    def test_heat_to_target(self):
        shop = Shop()
        shop.run("kettle fill 2 0.5")
        shop.run("kettle heat 2 80")
        state = shop.state()
        self.assertEqual(state["clock"], "08:03")
        self.assertEqual(state["kettles"][1]["temp"], 80)

    def test_water_cools_a_degree_a_minute(self):
        shop = Shop()
        shop.run("kettle fill 1")
        shop.run("kettle boil 1")
        shop.run("clock wait 10")
        self.assertEqual(shop.state()["kettles"][0]["temp"], 90)

    def test_empty_kettle_cannot_boil(self):
        ok, _ = Shop().run("kettle boil 2")
        self.assertFalse(ok)

    def test_no_third_kettle(self):
        ok, _ = Shop().run("kettle fill 3")
        self.assertFalse(ok)


class BrewTest(unittest.TestCase):
    def test_green_refuses_boiling_water(self):
        shop = Shop()
        shop.run("kettle fill 1")
        shop.run("kettle boil 1")
        shop.run("pot fill pot-1 1")
        ok, message = shop.run("tea brew green pot-1")
        self.assertFalse(ok)
        self.assertIn("75-85", message)

    def test_brew_marks_the_pot(self):
        shop = Shop()
        shop.run("kettle fill 1")
        shop.run("kettle boil 1")
        shop.run("pot fill pot-1 1")
        ok, _ = shop.run("tea brew black pot-1")
        self.assertTrue(ok)
        pot = shop.state()["pots"][0]
        self.assertEqual((pot["tea"], pot["steeped_since"], pot["volume"]), ("black", "08:09", 0.75))

    def test_milk_needs_tea(self):
        shop = Shop()
        ok, _ = shop.run("pot milk pot-1")
        self.assertFalse(ok)

    def test_empty_pot_is_clean(self):
        shop = Shop()
        shop.run("kettle fill 1")
        shop.run("kettle boil 1")
        shop.run("pot fill pot-2 1")
        shop.run("tea brew black pot-2")
        shop.run("pot milk pot-2")
        shop.run("pot empty pot-2")
        pot = shop.state()["pots"][1]
        self.assertEqual((pot["volume"], pot["tea"], pot["milk"]), (0.0, None, False))


class GuestTest(unittest.TestCase):
    def test_arrival_and_gate_patience(self):
        shop = Shop()
        shop.run("clock wait 10")
        amira = shop.state()["guests"][0]
        self.assertEqual(amira["status"], "waiting")
        shop.run("clock wait 15")
        self.assertEqual(shop.state()["guests"][0]["status"], "waiting")
        shop.run("clock wait 1")
        self.assertEqual(shop.state()["guests"][0]["status"], "left")

    def test_three_tables(self):
        shop = Shop()
        shop.run("clock wait 20")
        for name in ("amira", "bram", "cora"):
            ok, _ = shop.run(f"guest seat {name}")
            self.assertTrue(ok)
        self.assertEqual([g["table"] for g in shop.state()["guests"][:3]], [1, 2, 3])

    def test_seated_patience(self):
        shop = Shop()
        shop.run("clock wait 10")
        shop.run("guest seat amira")   # seated 08:10, now 08:11
        shop.run("clock wait 29")       # 08:40
        self.assertEqual(shop.state()["guests"][0]["status"], "seated")
        shop.run("clock wait 1")        # 08:41
        self.assertEqual(shop.state()["guests"][0]["status"], "left")

    def test_cannot_pour_for_a_guest_not_seated(self):
        shop = Shop()
        ok, _ = shop.run("pot pour pot-1 amira")
        self.assertFalse(ok)


class PantryTest(unittest.TestCase):
    def test_buy_costs_money_and_time(self):
        shop = Shop()
        ok, _ = shop.run("pantry buy oolong 2")
        self.assertTrue(ok)
        state = shop.state()
        self.assertEqual(state["money"], 2.0)
        self.assertEqual(state["clock"], "08:10")
        self.assertEqual(next(s for s in state["pantry"] if s["id"] == "oolong")["amount"], 100)

    def test_cannot_overspend(self):
        ok, _ = Shop().run("pantry buy oolong 3")
        self.assertFalse(ok)


class DayTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        shop = Shop()
        for command in walkthrough():
            ok, message = shop.run(command)
            self.assertTrue(ok, f"{command}: {message}")
        self.assertTrue(shop.state()["won"])
        self.assertTrue(shop.state()["over"])

    def test_closing_loses(self):
        shop = Shop()
        for _ in range(9):
            shop.run("clock wait 60")
        state = shop.state()
        self.assertEqual(state["clock"], "17:00")
        self.assertTrue(state["over"])
        self.assertFalse(state["won"])
        ok, _ = shop.run("clock wait 1")
        self.assertFalse(ok)

    def test_no_turn_counter_in_state(self):
        self.assertNotIn("turn", Shop().state())


if __name__ == "__main__":
    unittest.main()
