import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import season  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(s, *commands):
    result = None
    for command in commands:
        result = season.play(s, command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


class StartTest(unittest.TestCase):
    def test_new_season_numbers(self):
        s = season.new_season()
        self.assertEqual(s["day"], 1)
        self.assertEqual(s["hours_left"], 12)
        self.assertEqual(s["purse"], 30)
        self.assertEqual(s["goal"], 300)
        self.assertEqual(s["trees"], {"dabinett": 24, "foxwhelp": 20, "redstreak": 18})
        self.assertEqual(s["place"], "orchard")
        self.assertFalse(s["won"])

    def test_help_and_look(self):
        s = season.new_season()
        ok, text = season.play(s, "help")
        self.assertTrue(ok)
        for word in ("pick", "press", "fill", "buy barrel", "sell cider", "sleep"):
            self.assertIn(word, text)
        ok, text = season.play(s, "look")
        self.assertTrue(ok)
        self.assertIn("Day 1 of 10", text)

    def test_unknown_and_empty(self):
        s = season.new_season()
        self.assertFalse(season.play(s, "")[0])
        self.assertFalse(season.play(s, "dance")[0])
        self.assertFalse(season.play(s, "s")[0])  # sell or sleep


class OrchardTest(unittest.TestCase):
    def test_pick_costs_an_hour_a_basket(self):
        s = season.new_season()
        run(s, "pick dabinett 4")
        self.assertEqual(s["cart"]["dabinett"], 4)
        self.assertEqual(s["trees"]["dabinett"], 20)
        self.assertEqual(s["hours_left"], 8)

    def test_abbreviations(self):
        s = season.new_season()
        run(s, "PI RED 2", "pr red")
        self.assertEqual(s["vat"], 12)

    def test_cart_limit(self):
        s = season.new_season()
        run(s, "pick dabinett 8")
        ok, _ = season.play(s, "pick foxwhelp 5")
        self.assertFalse(ok)
        run(s, "pick foxwhelp 4")
        self.assertEqual(sum(s["cart"].values()), 12)

    def test_not_enough_daylight(self):
        s = season.new_season()
        run(s, "pick dabinett 11")
        ok, _ = season.play(s, "press dabinett 6")
        self.assertFalse(ok)
        self.assertEqual(s["cart"]["dabinett"], 11)

    def test_bad_counts(self):
        s = season.new_season()
        for command in ("pick dabinett 0", "pick dabinett x", "pick dabinett -1", "pick dabinett ²",
                        "pick dabinett 99999999999", "pick pear 2", "pick"):
            ok, _ = season.play(s, command)
            self.assertFalse(ok, command)
        self.assertEqual(s["hours_left"], 12)

    def test_trees_run_out(self):
        s = season.new_season()
        run(s, "pick redstreak 10", "sleep", "press redstreak 6", "press redstreak 4", "sleep", "pick redstreak 8")
        self.assertEqual(s["trees"]["redstreak"], 0)
        self.assertFalse(season.play(s, "pick redstreak")[0])


class PressTest(unittest.TestCase):
    def test_press_yields(self):
        s = season.new_season()
        run(s, "pick foxwhelp 3", "press foxwhelp 3")
        self.assertEqual(s["vat"], 12)
        self.assertEqual(s["cart"]["foxwhelp"], 0)
        self.assertEqual(s["hours_left"], 12 - 3 - 2)

    def test_load_limit(self):
        s = season.new_season()
        run(s, "pick dabinett 7")
        self.assertFalse(season.play(s, "press dabinett 7")[0])
        run(s, "press dabinett 6")
        self.assertEqual(s["vat"], 30)
        self.assertEqual(s["cart"]["dabinett"], 1)

    def test_vat_limit(self):
        s = season.new_season()
        run(s, "pick redstreak 10", "press redstreak 2", "sleep")
        self.assertEqual(s["vat"], 0)  # soured overnight
        run(s, "press redstreak 6", "press redstreak 2", "pick dabinett 3", "press dabinett 2")
        self.assertEqual(s["vat"], 58)
        ok, _ = season.play(s, "press dabinett 1")
        self.assertFalse(ok)
        self.assertEqual(s["vat"], 58)
        self.assertEqual(s["cart"]["dabinett"], 1)

    def test_press_at_market_refused(self):
        s = season.new_season()
        run(s, "pick dabinett 2", "go market")
        self.assertFalse(season.play(s, "press dabinett")[0])


class BarrelTest(unittest.TestCase):
    def test_single_barrel_price(self):
        s = season.new_season()
        run(s, "go market", "buy barrel")
        self.assertEqual(s["purse"], 22)
        run(s, "buy barrel")
        self.assertEqual(s["purse"], 14)
        self.assertEqual(len(s["barrels"]), 2)

    def test_cannot_afford(self):
        s = season.new_season()
        run(s, "go market")
        self.assertFalse(season.play(s, "buy barrel 5")[0])
        self.assertEqual(s["purse"], 30)
        self.assertEqual(s["barrels"], [])

    def test_fill_and_ferment(self):
        s = season.new_season()
        run(s, "go market", "buy barrel", "go orchard", "pick redstreak 4", "press redstreak 4", "fill")
        self.assertEqual(s["vat"], 0)
        barrel = season.view(s)["barrels"][0]
        self.assertEqual((barrel["litres"], barrel["since"], barrel["status"]), (24, 1, "fermenting"))
        run(s, "sleep", "sleep")
        self.assertEqual(season.view(s)["barrels"][0]["status"], "fermenting")
        ok, _ = season.play(s, "go market")
        self.assertTrue(ok)
        self.assertFalse(season.play(s, "sell cider 1")[0])
        run(s, "sleep")
        self.assertEqual(s["day"], 4)
        self.assertEqual(season.view(s)["barrels"][0]["status"], "cider")
        run(s, "sell cider 1")
        self.assertEqual(s["purse"], 22 + 24 * 3)
        self.assertEqual(season.view(s)["barrels"][0]["litres"], 0)

    def test_topping_up_keeps_start_day(self):
        s = season.new_season()
        run(s, "go market", "buy barrel", "go orchard", "pick redstreak 2", "press redstreak 2", "fill",
            "sleep", "pick dabinett 2", "press dabinett 2", "fill")
        barrel = season.view(s)["barrels"][0]
        self.assertEqual((barrel["litres"], barrel["since"]), (22, 1))

    def test_fill_without_barrels(self):
        s = season.new_season()
        run(s, "pick redstreak 1", "press redstreak")
        self.assertFalse(season.play(s, "fill")[0])
        self.assertEqual(s["vat"], 6)

    def test_sell_bad_barrel_words(self):
        s = season.new_season()
        run(s, "go market", "buy barrel")
        for command in ("sell cider", "sell cider 0", "sell cider one", "sell cider 1", "sell wine"):
            self.assertFalse(season.play(s, command)[0], command)


class MarketTest(unittest.TestCase):
    def test_sell_apples(self):
        s = season.new_season()
        run(s, "pick foxwhelp 3", "go market", "sell apples foxwhelp 2")
        self.assertEqual(s["purse"], 36)
        self.assertEqual(s["cart"]["foxwhelp"], 1)
        run(s, "sell apples fox")
        self.assertEqual(s["purse"], 39)
        self.assertFalse(season.play(s, "sell apples foxwhelp")[0])


class SeasonEndTest(unittest.TestCase):
    def test_season_ends_after_day_ten(self):
        s = season.new_season()
        for _ in range(9):
            run(s, "sleep")
        self.assertEqual(s["day"], 10)
        ok, text = season.play(s, "sleep")
        self.assertTrue(ok)
        self.assertTrue(s["over"])
        self.assertFalse(s["won"])
        self.assertFalse(season.play(s, "pick dabinett")[0])
        self.assertTrue(season.play(s, "look")[0])

    def test_walkthrough_wins(self):
        with open(os.path.join(HERE, "WALKTHROUGH.md"), encoding="utf-8") as f:
            commands = re.findall(r"^- `([^`]+)`", f.read(), re.M)
        self.assertGreater(len(commands), 10)
        s = season.new_season()
        run(s, *commands)
        self.assertTrue(s["won"])
        self.assertTrue(s["over"])
        self.assertGreaterEqual(s["purse"], 300)


if __name__ == "__main__":
    unittest.main()
