import re
import unittest
from pathlib import Path

from lockgate.commands import CommandError, parse
from lockgate.game import Season

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(season, *lines):
    last = None
    for line in lines:
        ok, message = season.run(line)
        if not ok:
            raise AssertionError(f"{line!r} refused: {message}")
        last = message
    return last


class ParseTest(unittest.TestCase):
    def test_flags_in_any_order(self):
        self.assertEqual(parse("admit --chamber 2 --boat 3"), ("admit", {"chamber": "2", "boat": "3"}))

    def test_equals_form(self):
        self.assertEqual(parse("OPEN --chamber=1 --gate=Upper"), ("open", {"chamber": "1", "gate": "Upper"}))

    def test_flag_without_value(self):
        with self.assertRaises(CommandError):
            parse("open --chamber 1 --gate")

    def test_positional_word(self):
        with self.assertRaises(CommandError):
            parse("fill 1")

    def test_repeated_flag(self):
        with self.assertRaises(CommandError):
            parse("fill --chamber 1 --chamber 2")

    def test_empty_line(self):
        with self.assertRaises(CommandError):
            parse("   ")


class GateTest(unittest.TestCase):
    def setUp(self):
        self.season = Season()

    def chamber(self, cid):
        return self.season.state()["chambers"][cid - 1]

    def test_lower_gate_opens_on_low_water(self):
        play(self.season, "open --chamber 1 --gate lower")
        self.assertEqual(self.chamber(1)["lower_gate"], "open")

    def test_upper_gate_needs_high_water(self):
        ok, message = self.season.run("open --chamber 1 --gate upper")
        self.assertFalse(ok)
        self.assertIn("high", message)
        self.assertEqual(self.chamber(1)["upper_gate"], "closed")

    def test_no_paddles_with_a_gate_open(self):
        play(self.season, "open --chamber 2 --gate lower")
        ok, _ = self.season.run("fill --chamber 2")
        self.assertFalse(ok)
        self.assertEqual(self.season.state()["reservoir"], 200)

    def test_close_twice(self):
        ok, _ = self.season.run("close --chamber 1 --gate lower")
        self.assertFalse(ok)

    def test_unknown_chamber_and_bad_gate(self):
        self.assertFalse(self.season.run("fill --chamber 9")[0])
        self.assertFalse(self.season.run("open --chamber 1 --gate middle")[0])
        self.assertFalse(self.season.run("fill --chamber one")[0])


class WaterTest(unittest.TestCase):
    def setUp(self):
        self.season = Season()

    def test_fill_draws_the_volume(self):
        play(self.season, "fill --chamber 2")
        state = self.season.state()
        self.assertEqual(state["reservoir"], 140)
        self.assertEqual(state["drawn_today"], 60)
        self.assertEqual(state["chambers"][1]["level"], "high")

    def test_empty_costs_no_summit_water(self):
        play(self.season, "fill --chamber 1", "empty --chamber 1")
        state = self.season.state()
        self.assertEqual(state["reservoir"], 175)
        self.assertEqual(state["chambers"][0]["level"], "low")

    def test_pump_within_room(self):
        play(self.season, "pump --units 40")
        state = self.season.state()
        self.assertEqual(state["reservoir"], 240)
        self.assertEqual(state["cash"], 20)

    def test_pump_part_coin(self):
        play(self.season, "pump --units 10")
        self.assertEqual(self.season.state()["cash"], 27)

    def test_pump_refused_without_cash(self):
        play(self.season, "fill --chamber 2")
        ok, _ = self.season.run("pump --units 160")
        self.assertFalse(ok)
        self.assertEqual(self.season.state()["cash"], 30)

    def test_fine_over_allowance(self):
        play(self.season, "fill --chamber 2", "empty --chamber 2", "fill --chamber 2", "rest")
        state = self.season.state()
        self.assertEqual(state["cash"], 30 - 10 - 20)
        self.assertEqual([e["entry"] for e in state["ledger"]], ["upkeep", "fine"])
        self.assertEqual(state["drawn_today"], 0)

    def test_first_night(self):
        play(self.season, "rest")
        state = self.season.state()
        self.assertEqual(state["day"], 2)
        self.assertEqual(state["reservoir"], 260)
        self.assertEqual(state["cash"], 20)
        self.assertEqual([b["id"] for b in state["boats"]], [1, 2, 3, 4, 5, 6])


class BoatTest(unittest.TestCase):
    def setUp(self):
        self.season = Season()

    def test_toll_formula(self):
        self.assertEqual(Season.toll_for({"length": 20, "beam": "narrow"}), (8, 0))
        self.assertEqual(Season.toll_for({"length": 30, "beam": "wide"}), (10, 5))

    def test_entry_gate_must_be_open(self):
        ok, message = self.season.run("admit --boat 1 --chamber 1")
        self.assertFalse(ok)
        self.assertIn("lower gate", message)

    def test_wide_boat_needs_wide_chamber(self):
        play(self.season, "open --chamber 1 --gate lower")
        ok, _ = self.season.run("admit --boat 3 --chamber 1")
        self.assertFalse(ok)

    def test_no_mixed_directions(self):
        play(self.season, "fill --chamber 2", "open --chamber 2 --gate upper", "admit --boat 2 --chamber 2")
        self.assertEqual(self.season.state()["boats"][1]["status"], "in_lock")
        play(self.season, "close --chamber 2 --gate upper", "empty --chamber 2", "open --chamber 2 --gate lower")
        ok, _ = self.season.run("admit --boat 1 --chamber 2")
        self.assertFalse(ok)

    def test_length_limit(self):
        play(self.season, "open --chamber 2 --gate lower", "admit --boat 3 --chamber 2")
        ok, message = self.season.run("admit --boat 1 --chamber 2")
        self.assertFalse(ok)
        self.assertIn("10 m", message)

    def test_narrow_passage_books_its_toll(self):
        play(
            self.season,
            "fill --chamber 1",
            "open --chamber 1 --gate upper",
            "admit --boat 2 --chamber 1",
            "close --chamber 1 --gate upper",
            "empty --chamber 1",
        )
        ok, _ = self.season.run("release --boat 2 --chamber 1")
        self.assertFalse(ok)
        ok, _ = self.season.run("release --boat 2")
        self.assertFalse(ok)
        play(self.season, "open --chamber 1 --gate lower", "release --boat 2")
        state = self.season.state()
        boat = state["boats"][1]
        self.assertEqual(boat["status"], "passed")
        self.assertIsNone(boat["chamber"])
        self.assertEqual(state["chambers"][0]["boats"], [])
        self.assertEqual(state["boats_passed"], 1)
        self.assertEqual(state["cash"], 30 + boat["toll"])
        self.assertEqual(state["ledger"][-1]["amount"], boat["toll"])


class SeasonTest(unittest.TestCase):
    def walkthrough(self):
        return re.findall(r"^- `([^`]+)`", WALKTHROUGH.read_text(), re.MULTILINE)

    def test_walkthrough_wins(self):
        season = Season()
        play(season, *self.walkthrough())
        state = season.state()
        self.assertTrue(state["flags"]["won"])
        self.assertEqual(state["boats_passed"], 8)
        self.assertTrue(season.over)
        ok, _ = season.run("fill --chamber 1")
        self.assertFalse(ok)
        self.assertTrue(season.run("status")[0])

    def test_idle_season_is_lost(self):
        season = Season()
        play(season, "rest", "rest", "rest")
        self.assertTrue(season.state()["flags"]["lost"])

    def test_help_pages(self):
        season = Season()
        page = play(season, "help")
        for section in ("NAME", "SYNOPSIS", "COMMANDS", "NOTES"):
            self.assertIn(f"\n{section}\n", "\n" + page)
        self.assertIn("admit --boat ID", play(season, "man --command admit"))
        self.assertFalse(season.run("help --command fly")[0])

    def test_unknown_command(self):
        ok, message = Season().run("sing --loud yes")
        self.assertFalse(ok)
        self.assertIn("help", message)


if __name__ == "__main__":
    unittest.main()
