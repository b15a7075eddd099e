import re
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from colony.engine import Colony  # noqa: E402


def walkthrough() -> list[str]:
    text = (ROOT / "docs" / "walkthrough.md").read_text()
    return re.findall(r"^\d+\. `([^`]+)`", text, flags=re.MULTILINE)


class StartTest(unittest.TestCase):
    def test_starting_colony(self):
        state = Colony().state()
        self.assertEqual(state["stock"], {"food": 20, "wood": 15, "stone": 5})
        self.assertEqual(state["population"], {"total": 6, "idle": 6, "housing": 8})
        self.assertEqual(state["tiles"], {"2,2": {"building": "town hall", "level": 1, "workers": 0}})
        self.assertEqual(state["turn"], 1)

    def test_help_lists_topics_and_explains_one(self):
        colony = Colony()
        ok, text = colony.command("help")
        self.assertTrue(ok)
        self.assertIn("Topics: build, demolish, assign, upgrade, turn, report.", text)
        ok, text = colony.command("help upgrade")
        self.assertTrue(ok)
        self.assertIn("Example: upgrade 2,3", text)

    def test_unknown_order_is_refused(self):
        ok, text = Colony().command("dance wildly")
        self.assertFalse(ok)
        self.assertIn("does not understand", text)


class BuildTest(unittest.TestCase):
    def test_build_pays_the_cost(self):
        colony = Colony()
        ok, _ = colony.command("build farm at 2,3")
        self.assertTrue(ok)
        self.assertEqual(colony.stock["wood"], 10)
        self.assertEqual(colony.state()["tiles"]["2,3"], {"building": "farm", "level": 1, "workers": 0})

    def test_build_outside_or_on_taken_tile_is_refused(self):
        colony = Colony()
        self.assertFalse(colony.command("build farm at 5,1")[0])
        self.assertFalse(colony.command("build farm at 2,2")[0])
        self.assertEqual(colony.stock["wood"], 15)

    def test_house_adds_four_beds(self):
        colony = Colony()
        colony.command("build house at 0,0")
        self.assertEqual(colony.housing(), 12)
        self.assertEqual(colony.stock, {"food": 20, "wood": 9, "stone": 3})

    def test_demolish_refunds_half(self):
        colony = Colony()
        colony.command("build farm at 2,3")
        ok, text = colony.command("demolish 2,3")
        self.assertTrue(ok)
        self.assertIn("Refund: 2 wood.", text)
        self.assertEqual(colony.stock["wood"], 12)
        self.assertNotIn("2,3", colony.tiles)


class WorkTest(unittest.TestCase):
    def test_assign_and_unassign_keep_the_population(self):
        colony = Colony()
        colony.command("build farm at 2,3")
        self.assertTrue(colony.command("assign 2 to 2,3")[0])
        self.assertEqual(colony.state()["population"], {"total": 6, "idle": 4, "housing": 8})
        self.assertFalse(colony.command("assign 1 to 2,3")[0])
        self.assertTrue(colony.command("unassign 1 from 2,3")[0])
        self.assertEqual(colony.state()["population"]["idle"], 5)

    def test_turn_produces_and_feeds(self):
        colony = Colony()
        colony.command("build farm at 2,3")
        colony.command("assign 2 to 2,3")
        ok, text = colony.command("end turn")
        self.assertTrue(ok)
        self.assertTrue(text.startswith("== Turn 1 =="))
        self.assertIn("Farm at 2,3 produced 6 food.", text)
        self.assertEqual(colony.stock["food"], 20)
        self.assertEqual(colony.total(), 7)
        self.assertEqual(colony.turn, 2)

    def test_upgrade_adds_worker_slots(self):
        colony = Colony()
        colony.command("build farm at 2,3")
        ok, _ = colony.command("upgrade 2,3")
        self.assertTrue(ok)
        self.assertEqual(colony.stock, {"food": 20, "wood": 6, "stone": 2})
        self.assertTrue(colony.command("assign 4 to 2,3")[0])

    def test_hunger_sends_settlers_away(self):
        colony = Colony()
        colony.stock["food"] = 2
        ok, text = colony.command("end turn")
        self.assertIn("4 hungry settlers left", text)
        self.assertEqual(colony.total(), 2)


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        colony = Colony()
        for command in walkthrough():
            ok, text = colony.command(command)
            self.assertTrue(ok, f"{command}: {text}")
        self.assertTrue(colony.state()["goal"]["won"])
        self.assertEqual(colony.total(), 20)


if __name__ == "__main__":
    unittest.main()
