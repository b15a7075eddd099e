import unittest
from pathlib import Path

from stillroom.workshop import Workshop

PLAYTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "playthrough.md"


def play(workshop, *commands):
    reply = None
    for command in commands:
        reply = workshop.command(command)
        assert reply.success, (command, reply.message)
    return reply


def count(rows, name):
    return next((qty for item, qty in rows if item == name), 0)


class StartTest(unittest.TestCase):
    def test_opening_state(self):
        state = Workshop().state()
        self.assertEqual(state["almanac_day"], 1)
        self.assertEqual(state["purse"], 10)
        self.assertEqual(state["inventory"], [["ROSEMARY", 2], ["SALT", 3], ["VIAL", 2]])
        self.assertEqual(state["cauldron"], [])
        self.assertEqual(state["shelves"], [])
        self.assertFalse(state["won"])

    def test_help_groups_verbs(self):
        message = Workshop().command("help").message
        self.assertIn("BREWING:", message)
        self.assertIn("TRADE:", message)

    def test_unknown_verb_is_refused(self):
        workshop = Workshop()
        self.assertFalse(workshop.command("juggle").success)
        self.assertFalse(workshop.command("").success)


class BrewingTest(unittest.TestCase):
    def test_calm_draught(self):
        workshop = Workshop()
        play(workshop, "mix rosemary salt", "heat 2", "bottle")
        state = workshop.state()
        self.assertEqual(state["shelves"], [["CALM DRAUGHT", 2]])
        self.assertEqual(count(state["inventory"], "VIAL"), 0)
        self.assertEqual(state["flame"], 0)
        self.assertEqual(state["bench_shifts_left"], 1)

    def test_wrong_flame_makes_sludge_and_keeps_vials(self):
        workshop = Workshop()
        reply = play(workshop, "mix rosemary salt", "heat 4", "bottle")
        self.assertIn("SLUDGE", reply.message)
        self.assertEqual(workshop.state()["shelves"], [])
        self.assertEqual(count(workshop.state()["inventory"], "VIAL"), 2)

    def test_heat_needs_a_mix_and_a_valid_level(self):
        workshop = Workshop()
        self.assertFalse(workshop.command("heat 2").success)
        play(workshop, "mix rosemary salt")
        self.assertFalse(workshop.command("heat 6").success)
        self.assertFalse(workshop.command("heat 0").success)
        play(workshop, "heat", "heat")
        self.assertEqual(workshop.state()["flame"], 2)

    def test_cauldron_holds_one_mix(self):
        workshop = Workshop()
        play(workshop, "mix rosemary salt")
        self.assertFalse(workshop.command("mix rosemary salt").success)
        play(workshop, "empty")
        self.assertEqual(workshop.state()["cauldron"], [])

    def test_unknown_herb(self):
        self.assertFalse(Workshop().command("mix rosemary toadstool").success)

    def test_bottle_needs_heat(self):
        workshop = Workshop()
        play(workshop, "mix rosemary salt")
        self.assertFalse(workshop.command("bottle").success)


class TradeTest(unittest.TestCase):
    def test_single_unit_price(self):
        workshop = Workshop()
        play(workshop, "buy moonwater")
        self.assertEqual(workshop.state()["purse"], 6)

    def test_bulk_discount_on_four(self):
        workshop = Workshop()
        play(workshop, "buy vial 4")
        self.assertEqual(workshop.state()["purse"], 7)

    def test_cannot_overspend(self):
        workshop = Workshop()
        self.assertFalse(workshop.command("buy nightshade 2").success)
        self.assertEqual(workshop.state()["purse"], 10)

    def test_sell_one_dose(self):
        workshop = Workshop()
        play(workshop, "mix rosemary salt", "heat 2", "bottle", "sell calm draught")
        self.assertEqual(workshop.state()["purse"], 16)
        self.assertEqual(workshop.state()["shelves"], [["CALM DRAUGHT", 1]])

    def test_cannot_sell_herbs_or_missing_potions(self):
        workshop = Workshop()
        self.assertFalse(workshop.command("sell rosemary").success)
        self.assertFalse(workshop.command("sell dream elixir").success)


class SeasonTest(unittest.TestCase):
    def test_sleep_pays_rent_and_advances_the_day(self):
        workshop = Workshop()
        play(workshop, "sleep")
        self.assertEqual(workshop.state()["almanac_day"], 2)
        self.assertEqual(workshop.state()["purse"], 7)

    def test_deadline(self):
        workshop = Workshop()
        play(workshop, "mix rosemary salt", "heat 2", "bottle", "sell calm draught 2")
        for _ in range(6):
            workshop.command("sleep")
        self.assertTrue(workshop.state()["game_over"])
        self.assertFalse(workshop.state()["won"])

    def test_deliver_needs_the_goods(self):
        self.assertFalse(Workshop().command("deliver").success)

    def test_playthrough_wins(self):
        workshop = Workshop()
        for line in PLAYTHROUGH.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                play(workshop, line)
        self.assertTrue(workshop.state()["won"])
        self.assertTrue(workshop.state()["game_over"])


if __name__ == "__main__":
    unittest.main()
