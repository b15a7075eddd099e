import re
import unittest
from pathlib import Path

from nursery import Nursery

WALKTHROUGH = Path(__file__).resolve().parents[1] / "WALKTHROUGH.md"


def play(game: Nursery, *commands: str) -> str:
    message = ""
    for command in commands:
        ok, message = game.handle(command)
        assert ok, f"{command!r} refused: {message}"
    return message


class StartTest(unittest.TestCase):
    def test_a_new_season(self):
        state = Nursery().state()
        self.assertEqual(state["week"], "week 1 of 8")
        self.assertEqual(state["cash"], "$30.00")
        self.assertEqual(state["target"], "$140.00")
        self.assertEqual(state["water_in_tank"], "20 L")
        self.assertEqual(state["compost"], "2 bags")
        self.assertEqual(state["pots"], "0 pots")
        self.assertEqual(state["free_tray_spaces"], "12 trays")
        self.assertEqual(state["season"], "in progress")
        self.assertIs(state["won"], False)

    def test_state_values_carry_units(self):
        for key, value in Nursery().state().items():
            self.assertRegex(key, r"^[a-z0-9_]+$")
            if key != "won":
                self.assertIsInstance(value, str)

    def test_help_starts_small_and_grows(self):
        game = Nursery()
        _, text = game.handle("help")
        self.assertIn("buy", text)
        self.assertNotIn("sell <plant>", text)
        self.assertNotIn("prices -", text)
        message = play(game, "buy basil 1")
        self.assertIn("prices", message)
        _, text = game.handle("help")
        self.assertIn("prices -", text)

    def test_unknown_command_and_open_quote(self):
        game = Nursery()
        ok, message = game.handle("dance")
        self.assertFalse(ok)
        self.assertIn("help", message)
        ok, message = game.handle('sow "boston fern 2')
        self.assertFalse(ok)
        self.assertIn("double quotes", message)

    def test_multi_word_names_need_quotes(self):
        game = Nursery()
        ok, message = game.handle("buy boston fern 2")
        self.assertFalse(ok)
        self.assertIn('"boston fern"', message)
        self.assertEqual(game.state()["cash"], "$30.00")


class BuyAndSowTest(unittest.TestCase):
    def test_packets_and_compost(self):
        game = Nursery()
        play(game, 'buy "boston fern" 2', "buy compost 1")
        state = game.state()
        self.assertEqual(state["cash"], "$21.50")
        self.assertEqual(state["packets_boston_fern"], "2 packets")
        self.assertEqual(state["compost"], "3 bags")
        self.assertEqual(state["total_spent"], "$8.50")

    def test_small_pot_orders_cost_forty_cents(self):
        game = Nursery()
        play(game, "buy pots 10")
        self.assertEqual(game.state()["cash"], "$26.00")
        self.assertEqual(game.state()["pots"], "10 pots")

    def test_no_credit(self):
        game = Nursery()
        ok, _ = game.handle('buy "maidenhair fern" 7')
        self.assertFalse(ok)
        self.assertEqual(game.state()["cash"], "$30.00")

    def test_bad_quantities_are_refused(self):
        game = Nursery()
        for command in ("buy compost 0", "buy compost many", "buy compost 100", "buy compost 1 2", "buy compost -1"):
            ok, _ = game.handle(command)
            self.assertFalse(ok, command)
        self.assertEqual(game.state()["cash"], "$30.00")

    def test_sowing_takes_a_packet_and_a_bag_per_tray(self):
        game = Nursery()
        play(game, "buy basil 2", "sow basil 2")
        state = game.state()
        self.assertEqual(state["packets_basil"], "0 packets")
        self.assertEqual(state["compost"], "0 bags")
        self.assertEqual(state["bed_1_trays"], "2 trays")
        self.assertEqual(state["seedlings_basil"], "12 seedlings")

    def test_sowing_needs_compost_and_room(self):
        game = Nursery()
        play(game, "buy basil 3")
        ok, _ = game.handle("sow basil 3")
        self.assertFalse(ok)
        self.assertEqual(game.state()["packets_basil"], "3 packets")


class WeekTest(unittest.TestCase):
    def test_watering_uses_two_litres_a_tray(self):
        game = Nursery()
        play(game, "buy basil 2", "sow basil 2", "water")
        self.assertEqual(game.state()["water_in_tank"], "16 L")
        self.assertEqual(game.state()["unwatered_trays"], "0 trays")
        ok, _ = game.handle("water")
        self.assertFalse(ok)

    def test_rain_and_growth(self):
        game = Nursery()
        play(game, "buy basil 1", "sow basil 1", "water", "end week", "water", "end week")
        state = game.state()
        self.assertEqual(state["week"], "week 3 of 8")
        self.assertEqual(state["water_in_tank"], "28 L")
        self.assertEqual(state["ready_basil"], "6 seedlings")

    def test_dry_trays_wilt(self):
        game = Nursery()
        play(game, "buy basil 1", "sow basil 1", "end week")
        self.assertEqual(game.state()["seedlings_basil"], "4 seedlings")
        play(game, "end week", "end week")
        self.assertEqual(game.state()["trays_in_beds"], "0 trays")

    def test_the_season_ends_after_week_eight(self):
        game = Nursery()
        for _ in range(8):
            play(game, "end week")
        state = game.state()
        self.assertEqual(state["season"], "over")
        self.assertIs(state["won"], False)
        ok, _ = game.handle("buy basil 1")
        self.assertFalse(ok)
        ok, _ = game.handle("look")
        self.assertTrue(ok)

    def test_filling_the_tank(self):
        game = Nursery()
        message = play(game, "fill 4")
        self.assertIn("$1.00", message)
        self.assertEqual(game.state()["water_in_tank"], "24 L")
        self.assertEqual(game.state()["cash"], "$29.00")
        play(game, "fill")
        self.assertEqual(game.state()["water_in_tank"], "40 L")
        self.assertEqual(game.state()["cash"], "$25.00")
        ok, _ = game.handle("fill 5")
        self.assertFalse(ok)

    def test_only_what_fits_is_paid_for(self):
        game = Nursery()
        play(game, "fill 500")
        self.assertEqual(game.state()["water_in_tank"], "40 L")
        self.assertEqual(game.state()["cash"], "$25.00")


class PotAndSellTest(unittest.TestCase):
    def ready_basil(self) -> Nursery:
        game = Nursery()
        play(game, "buy basil 1", "sow basil 1", "water", "end week", "water", "end week",
             "buy pots 6")
        return game

    def test_potting_one_tray(self):
        game = self.ready_basil()
        play(game, "pot basil 6")
        state = game.state()
        self.assertEqual(state["potted_basil"], "6 plants")
        self.assertEqual(state["pots"], "0 pots")
        self.assertEqual(state["compost"], "0 bags")
        self.assertEqual(state["trays_in_beds"], "0 trays")

    def test_potting_part_of_a_tray(self):
        game = self.ready_basil()
        play(game, "pot basil 4")
        state = game.state()
        self.assertEqual(state["potted_basil"], "4 plants")
        self.assertEqual(state["ready_basil"], "2 seedlings")
        self.assertEqual(state["pots"], "2 pots")

    def test_nothing_ready_yet(self):
        game = Nursery()
        play(game, "buy basil 1", "sow basil 1")
        ok, message = game.handle("pot basil 1")
        self.assertFalse(ok)
        self.assertIn("2 more watered weeks", message)

    def test_first_sale_of_the_week_pays_the_stall(self):
        game = self.ready_basil()
        play(game, "pot basil 6")
        message = play(game, "sell basil 3")
        self.assertIn("$10.50", message)
        self.assertIn("$5.00", message)
        state = game.state()
        self.assertEqual(state["cash"], "$31.60")
        self.assertEqual(state["total_earned"], "$10.50")
        self.assertEqual(state["potted_basil"], "3 plants")
        play(game, "sell basil 2")
        self.assertEqual(game.state()["cash"], "$38.60")
        self.assertEqual(game.state()["plants_sold"], "5 plants")

    def test_cannot_sell_more_than_you_hold(self):
        game = self.ready_basil()
        play(game, "pot basil 2")
        ok, _ = game.handle("sell basil 3")
        self.assertFalse(ok)
        self.assertEqual(game.state()["potted_basil"], "2 plants")


class WalkthroughTest(unittest.TestCase):
    def test_the_walkthrough_wins(self):
        commands = re.findall(r"^- `(.+)`$", WALKTHROUGH.read_text(), re.MULTILINE)
        self.assertGreater(len(commands), 20)
        game = Nursery()
        play(game, *commands)
        self.assertIs(game.state()["won"], True)
        self.assertEqual(game.state()["season"], "won")


if __name__ == "__main__":
    unittest.main()
