import re
import sys
import unittest
from pathlib import Path

SRC = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SRC))

from game import Game, money  # noqa: E402
from manpages import COMMAND_ORDER  # noqa: E402


def play(game, *commands):
    result = None
    for command in commands:
        result = game.run(command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


class HelpTest(unittest.TestCase):
    def test_help_lists_the_commands_on_one_line(self):
        ok, text = Game().run("help")
        self.assertTrue(ok)
        self.assertEqual(text.split(" "), list(COMMAND_ORDER))
        self.assertNotIn("\n", text)

    def test_every_command_has_a_man_page(self):
        for name in COMMAND_ORDER:
            ok, text = Game().run(f"help {name}")
            self.assertTrue(ok, name)
            for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS"):
                self.assertIn(section, text.splitlines(), f"{name}: no {section}")

    def test_unknown_topic_and_command(self):
        self.assertFalse(Game().run("help polish")[0])
        self.assertFalse(Game().run("polish --hard")[0])
        self.assertFalse(Game().run("")[0])
        self.assertFalse(Game().run("enrol --name 'Maud")[0])


class MoneyAndOptionsTest(unittest.TestCase):
    def test_money(self):
        self.assertEqual(money(1800), "£18.00")
        self.assertEqual(money(5), "£0.05")
        self.assertEqual(money(-150), "-£1.50")

    def test_bad_flags_are_refused_without_change(self):
        game = Game()
        before = dict(game.state)
        for command in ("throw --count many", "throw -x 2", "wait --hours 0", "wait -h 25",
                        "fire -k 7", "load --kiln 1 --stage raku", "buy --clay 0", "sell --count"):
            ok, _ = game.run(command)
            self.assertFalse(ok, command)
        self.assertEqual({k: v for k, v in game.state.items()}, before)

    def test_short_and_long_flags_do_the_same(self):
        a, b = Game(), Game()
        play(a, "buy --clay 4", "throw --count 3", "wait --hours 2")
        play(b, "buy -c 4", "throw -n 3", "wait -h 2")
        self.assertEqual(a.state, b.state)


class CoopTest(unittest.TestCase):
    def test_small_clay_order_at_the_full_price(self):
        game = Game()
        play(game, "buy --clay 9")
        self.assertEqual(game.state["till_pence"], 5000 - 9 * 150)
        self.assertEqual(game.state["clay_kg"], 14)

    def test_large_clay_order_at_the_bulk_price(self):
        game = Game()
        play(game, "buy --clay 20")
        self.assertEqual(game.state["till_pence"], 5000 - 20 * 120)

    def test_glaze_order(self):
        game = Game()
        play(game, "buy --glaze shino")
        self.assertEqual(game.state["glaze_shino_ml"], 500)
        self.assertEqual(game.state["till_pence"], 5000 - 1500)
        self.assertFalse(game.run("buy --glaze shino --ml 150")[0])
        self.assertFalse(game.run("buy --glaze raku")[0])

    def test_enrol_raises_the_throwing_limit(self):
        game = Game()
        self.assertFalse(game.run("throw --count 9")[0])
        play(game, "enrol --name maud", "buy --clay 5")
        self.assertEqual(game.state["members_count"], 3)
        self.assertEqual(game.state["member_names"][-1], "Maud")
        self.assertEqual(game.state["till_pence"], 5000 + 2000 - 750)
        play(game, "throw --count 9")
        self.assertFalse(game.run("enrol --name MAUD")[0])

    def test_members_are_capped(self):
        game = Game()
        play(game, "enrol -n Cara", "enrol -n Dot", "enrol -n Eli", "enrol -n Fay")
        ok, text = game.run("enrol -n Gus")
        self.assertFalse(ok)
        self.assertEqual(game.state["members_count"], 6)

    def test_wet_pieces_dry_at_midnight(self):
        game = Game()
        play(game, "throw --count 4")
        self.assertEqual(game.state["pieces_wet_count"], 4)
        self.assertFalse(game.run("load --kiln 1")[0])
        play(game, "wait --hours 16")
        self.assertEqual((game.state["day_number"], game.state["clock_hour"]), (2, 0))
        self.assertEqual(game.state["pieces_greenware_count"], 4)
        self.assertEqual(game.state["pieces_thrown_today_count"], 0)


class KilnTest(unittest.TestCase):
    def greenware(self, count):
        game = Game()
        play(game, "enrol -n Maud", "buy --clay 12", f"throw --count {count}", "wait --hours 16")
        return game

    def test_bisque_firing_cool_and_unload(self):
        game = self.greenware(6)
        play(game, "load --kiln 1 --count 6", "fire --kiln 1")
        self.assertEqual(game.state["kiln_1_status"], "firing")
        self.assertEqual(game.state["electricity_owed_pence"], 5 * 3 * 28)
        play(game, "wait --hours 5")
        self.assertEqual(game.state["kiln_1_temp_c"], 1020)
        self.assertEqual(game.state["kiln_1_peak_c"], 1020)
        self.assertFalse(game.run("load --kiln 1")[0])
        play(game, "wait --hours 9")
        self.assertEqual(game.state["kiln_1_temp_c"], 120)
        play(game, "unload --kiln 1")
        self.assertEqual(game.state["pieces_bisque_count"], 6)
        self.assertEqual(game.state["kiln_1_status"], "empty")

    def test_capacity_and_stage_rules(self):
        game = self.greenware(12)
        self.assertFalse(game.run("load --kiln 1 --count 9")[0])
        play(game, "load --kiln 1")
        self.assertEqual(game.state["kiln_1_load_count"], 8)
        self.assertFalse(game.run("load --kiln 1 --count 1")[0])
        self.assertFalse(game.run("load --kiln 1 --stage glaze --count 1")[0])

    def test_unloading_an_unfired_kiln_puts_pieces_back(self):
        game = self.greenware(5)
        play(game, "load -k 2", "unload -k 2")
        self.assertEqual(game.state["pieces_greenware_count"], 5)
        self.assertFalse(game.run("unload -k 2")[0])

    def test_overfired_pieces_crack(self):
        game = self.greenware(4)
        play(game, "load -k 1", "fire -k 1 -h 6", "wait -h 17", "unload -k 1")
        self.assertEqual(game.state["pieces_cracked_count"], 4)
        self.assertEqual(game.state["pieces_bisque_count"], 0)

    def test_underfired_pieces_come_back_unchanged(self):
        game = self.greenware(4)
        play(game, "load -k 1", "fire -k 1 -h 3", "wait -h 10", "unload -k 1")
        self.assertEqual(game.state["pieces_greenware_count"], 4)

    def test_a_kiln_fires_once_a_day(self):
        game = self.greenware(4)
        play(game, "load -k 1 -n 2", "fire -k 1", "wait -h 14", "unload -k 1", "load -k 1 -n 2")
        ok, text = game.run("fire -k 1")
        self.assertFalse(ok)
        self.assertIn("already", text)

    def test_a_firing_needs_the_money_for_the_bill(self):
        game = Game()
        play(game, "enrol -n Maud", "buy --clay 12", "throw -n 12", "buy --glaze shino --ml 1200",
             "wait -h 16", "load -k 2")
        self.assertEqual(game.state["till_pence"], 5000 + 2000 - 1440 - 3600)
        ok, _ = game.run("fire -k 2 -h 12")
        self.assertFalse(ok)
        self.assertEqual(game.state["kiln_2_status"], "loaded")
        play(game, "fire -k 2")

    def test_midnight_pays_the_bill(self):
        game = self.greenware(4)
        till = game.state["till_pence"]
        play(game, "load -k 1", "fire -k 1", "wait -h 24")
        self.assertEqual(game.state["till_pence"], till - 420)
        self.assertEqual(game.state["electricity_owed_pence"], 0)
        self.assertEqual(game.state["electricity_paid_pence"], 420)


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        text = (SRC / "docs" / "walkthrough.md").read_text()
        commands = re.findall(r"^- `([^`]*)`", text, re.M)
        game = Game()
        play(game, *commands)
        self.assertTrue(game.state["won"])
        self.assertTrue(game.state["game_over"])
        self.assertEqual(game.state["pieces_sold_count"], 12)
        self.assertFalse(game.run("throw -n 1")[0])
        self.assertTrue(game.run("status")[0])

    def test_the_lease_runs_out(self):
        game = Game()
        for _ in range(7):
            play(game, "wait --hours 24")
        self.assertTrue(game.state["game_over"])
        self.assertFalse(game.state["won"])
        self.assertEqual(game.state["day_number"], 8)


if __name__ == "__main__":
    unittest.main()
