import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from harbour import HOLD_CAPACITY, MENU, Harbour  # noqa: E402

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")


def play(game, *commands):
    result = None
    for command in commands:
        result = game.command(command)
        assert result[0], f"{command!r} was refused: {result[1]}"
    return result


def walkthrough():
    with open(os.path.join(DOCS, "WALKTHROUGH.md"), encoding="utf-8") as doc:
        return re.findall(r"^- `([^`]+)`", doc.read(), flags=re.M)


class StartTest(unittest.TestCase):
    def test_a_new_season(self):
        state = Harbour().state()
        self.assertEqual(state["day"], 1)
        self.assertEqual(state["clock"], "06:00")
        self.assertEqual(state["at"], "harbour")
        self.assertEqual((state["purse"], state["debt"], state["fuel"]), (40, 700, 20))
        self.assertEqual(state["hold"], [])
        self.assertEqual(state["stores"], [{"item": "bait", "qty": 4}])
        self.assertEqual(state["nets"], [{"net": 1, "hauls_left": 3}])
        self.assertEqual([m["price"] for m in state["market"]], [2, 3, 4, 6])
        self.assertFalse(state["won"])

    def test_the_welcome_shows_the_board(self):
        welcome = Harbour().welcome()
        for number, item in enumerate(MENU, start=1):
            self.assertIn(f"{number:>2}. {item['usage']}", welcome)


class CommandWordsTest(unittest.TestCase):
    def test_a_number_picks_the_command(self):
        by_name, by_number = Harbour(), Harbour()
        self.assertEqual(by_name.command("sail reef"), by_number.command("7 reef"))
        self.assertEqual(by_name.state(), by_number.state())

    def test_help_by_number(self):
        ok, message = Harbour().command("1")
        self.assertTrue(ok)
        self.assertIn("14. sleep", message)

    def test_an_unknown_word_is_refused_and_costs_no_turn(self):
        game = Harbour()
        ok, _ = game.command("dance")
        self.assertFalse(ok)
        self.assertEqual(game.turn, 0)

    def test_a_number_off_the_board(self):
        ok, message = Harbour().command("15")
        self.assertFalse(ok)
        self.assertIn("1 to 14", message)

    def test_blank(self):
        self.assertFalse(Harbour().command("   ")[0])


class ChandleryTest(unittest.TestCase):
    def test_bait(self):
        game = Harbour()
        play(game, "buy bait 2")
        self.assertEqual(game.purse, 34)
        self.assertEqual(game.bait()["qty"], 6)

    def test_fuel_fills_the_tank(self):
        game = Harbour()
        play(game, "buy fuel")
        self.assertEqual((game.fuel, game.purse), (30, 20))
        self.assertFalse(game.command("buy fuel")[0])

    def test_fuel_by_the_litre(self):
        game = Harbour()
        play(game, "buy fuel 4")
        self.assertEqual((game.fuel, game.purse), (24, 32))

    def test_a_second_net_then_no_more(self):
        game = Harbour()
        play(game, "buy net")
        self.assertEqual(len(game.nets), 2)
        self.assertEqual(game.purse, 25)
        ok, _ = game.command("buy net")
        self.assertFalse(ok)
        self.assertEqual(game.purse, 25)

    def test_too_dear(self):
        game = Harbour()
        ok, _ = game.command("buy bait 20")
        self.assertFalse(ok)
        self.assertEqual(game.purse, 40)

    def test_not_at_sea(self):
        game = Harbour()
        play(game, "sail shallows")
        self.assertFalse(game.command("buy bait")[0])


class SeaTest(unittest.TestCase):
    def test_sailing_costs_time_and_fuel(self):
        game = Harbour()
        play(game, "sail deep")
        self.assertEqual((game.at, game.hour, game.fuel), ("deep", 9, 14))
        play(game, "sail shallows")
        self.assertEqual((game.at, game.hour, game.fuel), ("shallows", 11, 10))
        play(game, "home")
        self.assertEqual((game.at, game.hour, game.fuel), ("harbour", 12, 8))

    def test_low_water_closes_the_bar(self):
        game = Harbour()
        play(game, "sleep")
        self.assertEqual(game.tide, "low")
        self.assertFalse(game.command("sail reef")[0])
        play(game, "wait", "sail reef")
        self.assertEqual(game.at, "reef")

    def test_no_sailing_in_a_gale(self):
        game = Harbour()
        play(game, "sleep", "sleep", "sleep", "sleep")
        self.assertEqual(game.weather, "gale")
        self.assertFalse(game.command("sail shallows")[0])

    def test_the_deep_is_closed_when_rough(self):
        game = Harbour()
        play(game, "sleep", "sleep", "sleep", "wait 3")
        self.assertEqual(game.weather, "rough")
        self.assertFalse(game.command("sail deep")[0])
        play(game, "sail reef")

    def test_not_without_fuel_for_home(self):
        game = Harbour()
        game.fuel = 10
        self.assertFalse(game.command("sail deep")[0])
        self.assertEqual(game.at, "harbour")

    def test_the_tide_table(self):
        game = Harbour()
        self.assertEqual(
            [t["tide"] for t in game.tide_table()], ["flood", "high", "ebb", "low", "flood"]
        )
        play(game, "sleep")
        self.assertEqual(game.state()["tides"][1], {"tide": "flood", "from": "07:00"})

    def test_forecast_stops_at_the_last_day(self):
        game = Harbour()
        for _ in range(8):
            play(game, "sleep")
        self.assertEqual(game.state()["forecast"], [{"day": 10, "sky": "breezy"}])
        play(game, "forecast")


class FishingTest(unittest.TestCase):
    def test_the_line_at_high_water(self):
        game = Harbour()
        play(game, "sail deep", "cast")
        self.assertEqual(game.hold, [{"fish": "hake", "kg": 9, "nights": 0}])
        self.assertEqual(game.bait()["qty"], 3)

    def test_the_line_at_low_water(self):
        game = Harbour()
        play(game, "sail shallows", "wait 8", "cast")
        self.assertEqual(game.hold, [{"fish": "mackerel", "kg": 3, "nights": 0}])

    def test_no_bait(self):
        game = Harbour()
        play(game, "sail reef", "cast", "cast", "cast", "cast")
        self.assertFalse(game.command("cast")[0])

    def test_a_net_is_good_for_three_hauls(self):
        game = Harbour()
        play(game, "sail reef", "haul")
        self.assertEqual(game.nets, [{"net": 1, "hauls_left": 2}])
        play(game, "haul", "haul")
        self.assertEqual(game.nets, [])
        self.assertEqual(game.hold, [{"fish": "cod", "kg": 36, "nights": 0}])
        self.assertFalse(game.command("haul")[0])

    def test_the_hold_never_takes_more_than_it_holds(self):
        game = Harbour()
        play(game, "buy net", "sail shallows", "haul", "haul", "haul")
        self.assertEqual(game.hold_kg(), HOLD_CAPACITY)
        ok, message = game.command("cast")
        self.assertFalse(ok)
        self.assertIn("full", message)

    def test_a_line_catch_that_does_not_fit(self):
        game = Harbour()
        play(game, "sail shallows", "haul", "haul", "cast")
        self.assertEqual(game.hold_kg(), 39)
        ok, message = game.command("cast")
        self.assertTrue(ok)
        self.assertEqual(game.hold_kg(), 40)
        self.assertIn("1 kg of mackerel", message)
        self.assertIn("5 kg went back", message)

    def test_no_fishing_after_dusk(self):
        game = Harbour()
        play(game, "sail shallows", "wait 12")
        self.assertFalse(game.command("haul")[0])
        play(game, "cast", "home")


class MarketTest(unittest.TestCase):
    def test_selling_one_fish_marks_it_down(self):
        game = Harbour()
        play(game, "sail deep", "cast", "cast", "cast", "home")
        ok, message = game.command("sell hake")
        self.assertTrue(ok)
        self.assertIn("27 kg of hake at 4", message)
        self.assertEqual(game.purse, 40 + 108)
        self.assertEqual(game.price_of("hake")["price"], 2)
        self.assertEqual(game.hold, [])

    def test_selling_part_of_a_catch(self):
        game = Harbour()
        play(game, "sail reef", "haul", "home", "sell cod 5")
        self.assertEqual(game.purse, 55)
        self.assertEqual(game.hold, [{"fish": "cod", "kg": 7, "nights": 0}])
        self.assertEqual(game.price_of("cod")["price"], 3)
        self.assertFalse(game.command("sell cod 8")[0])

    def test_sell_all_of_one_fish(self):
        game = Harbour()
        play(game, "sail reef", "haul", "haul", "home", "sell all")
        self.assertEqual(game.purse, 40 + 72)
        self.assertEqual(game.price_of("cod")["price"], 1)

    def test_prices_never_fall_below_one(self):
        game = Harbour()
        play(game, "buy net", "sail shallows", "haul", "haul", "home", "sell mackerel")
        self.assertEqual(game.price_of("mackerel")["price"], 1)

    def test_prices_recover_overnight(self):
        game = Harbour()
        play(game, "sail deep", "cast", "cast", "cast", "home", "sell hake", "sleep")
        self.assertEqual(game.price_of("hake")["price"], 3)
        play(game, "sleep", "sleep")
        self.assertEqual(game.price_of("hake")["price"], 4)

    def test_fish_keeps_one_night(self):
        game = Harbour()
        play(game, "sail reef", "haul", "home", "sleep")
        self.assertEqual(game.hold, [{"fish": "cod", "kg": 12, "nights": 1}])
        play(game, "sell cod")
        self.assertEqual(game.purse, 40 + 36)

    def test_nothing_to_sell(self):
        game = Harbour()
        self.assertFalse(game.command("sell cod")[0])
        self.assertFalse(game.command("sell whale")[0])


class DebtTest(unittest.TestCase):
    def test_paying_down(self):
        game = Harbour()
        play(game, "pay 15")
        self.assertEqual((game.purse, game.debt), (25, 685))
        self.assertFalse(game.command("pay 30")[0])
        play(game, "pay all")
        self.assertEqual((game.purse, game.debt), (0, 660))
        self.assertFalse(game.command("pay all")[0])

    def test_the_season_ends_on_day_ten(self):
        game = Harbour()
        for _ in range(10):
            play(game, "sleep")
        self.assertTrue(game.over)
        self.assertFalse(game.won)
        self.assertFalse(game.command("look")[0])

    def test_the_walkthrough_wins(self):
        game = Harbour()
        play(game, *walkthrough())
        self.assertTrue(game.won)
        self.assertTrue(game.over)
        self.assertEqual(game.debt, 0)


class TimeTest(unittest.TestCase):
    def test_wait(self):
        game = Harbour()
        play(game, "wait", "wait 3")
        self.assertEqual(game.hour, 10)
        self.assertEqual(game.tide, "high")
        self.assertFalse(game.command("wait 11")[0])

    def test_sleep_only_in_harbour(self):
        game = Harbour()
        play(game, "sail shallows")
        self.assertFalse(game.command("sleep")[0])


if __name__ == "__main__":
    unittest.main()
