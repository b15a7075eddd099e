import unittest
from pathlib import Path

from sub import Sub, parse

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.md"


def play(sub: Sub, *lines: str) -> list[tuple[str, bool]]:
    return [sub.run(line) for line in lines]


class ParseTests(unittest.TestCase):
    def test_flags_take_the_following_words(self):
        self.assertEqual(parse("goto --site kelp shelf"), ("goto", {"--site": "kelp shelf"}))

    def test_flag_without_value(self):
        self.assertEqual(parse("sell --all"), ("sell", {"--all": None}))


class HelpTests(unittest.TestCase):
    def test_general_help_is_argparse_style(self):
        message, ok = Sub().run("help")
        self.assertTrue(ok)
        self.assertTrue(message.startswith("usage: <command> [options]"))
        self.assertIn("commands:", message)
        self.assertIn("options:", message)

    def test_command_help(self):
        message, ok = Sub().run("winch --help")
        self.assertTrue(ok)
        self.assertIn("--haul CRATE", message)
        self.assertEqual(Sub().run("help winch"), (message, True))


class RuleTests(unittest.TestCase):
    def test_dive_costs_a_minute_per_ten_metres(self):
        sub = Sub()
        message, ok = sub.run("dive --to 35")
        self.assertTrue(ok)
        self.assertEqual(sub.state()["air_min"], 56)
        self.assertTrue(message.startswith("OK  descended to 35 m"))

    def test_cannot_dive_below_the_floor(self):
        sub = Sub()
        message, ok = sub.run("dive --to 41")
        self.assertFalse(ok)
        self.assertTrue(message.startswith("ERR "))
        self.assertEqual(sub.state()["depth_m"], 0)

    def test_goto_costs_fuel_per_km(self):
        sub = Sub()
        sub.run("goto --site iron trench")
        self.assertEqual(sub.state()["cash_usd"], 280)
        self.assertEqual(sub.state()["site_floor_m"], 140)

    def test_pressure_below_the_rating(self):
        sub = Sub()
        play(sub, "goto --site iron trench", "dive --to 140")
        self.assertEqual(sub.state()["hull_pct"], 92)

    def test_haul_fills_the_net(self):
        sub = Sub()
        play(sub, "dive --to 40", "winch --haul 2")
        state = sub.state()
        self.assertEqual(state["net"], [{"crate": "C-2", "kg": 35, "value_usd": 120}])
        self.assertEqual(state["net_kg"], 35)
        self.assertEqual(state["crates_left"], 1)
        self.assertEqual(state["air_min"], 53)

    def test_first_surfacing_refills_the_tanks(self):
        sub = Sub()
        play(sub, "dive --to 40", "surface")
        self.assertEqual(sub.state()["air_min"], 60)
        self.assertEqual(sub.state()["depth_m"], 0)

    def test_sell_one_crate(self):
        sub = Sub()
        play(sub, "dive --to 40", "winch --haul C-1", "surface")
        message, ok = sub.run("sell --crate C-1")
        self.assertTrue(ok)
        self.assertEqual(sub.state()["cash_usd"], 380)
        self.assertEqual(sub.state()["net"], [])

    def test_unknown_command_is_refused(self):
        message, ok = Sub().run("fly --to moon")
        self.assertFalse(ok)
        self.assertTrue(message.startswith("ERR "))


class WalkthroughTests(unittest.TestCase):
    def test_walkthrough_wins(self):
        sub = Sub()
        for line in WALKTHROUGH.read_text().splitlines():
            if "`" in line:
                command = line.split("`")[1]
                message, ok = sub.run(command)
                self.assertTrue(ok, f"{command}: {message}")
        self.assertTrue(sub.state()["won"])
        self.assertTrue(sub.game_over)


if __name__ == "__main__":
    unittest.main()
