import unittest
from pathlib import Path

from starwatch.game import Game, clock_text, money

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "WALKTHROUGH.md"


def play(game, *commands):
    result = None
    for command in commands:
        result = game.handle(command)
        assert result[0], (command, result[1])
    return result


class FormattingTest(unittest.TestCase):
    def test_money_has_thousands_separators(self):
        self.assertEqual(money(1500), "$1,500")
        self.assertEqual(money(-20), "-$20")
        self.assertEqual(money(1234567), "$1,234,567")

    def test_clock_wraps_past_midnight(self):
        self.assertEqual(clock_text(0), "20:00")
        self.assertEqual(clock_text(245), "00:05")
        self.assertEqual(clock_text(480), "04:00")


class HelpTest(unittest.TestCase):
    def test_help_lists_topics_only(self):
        ok, message = Game("t").handle("help")
        self.assertTrue(ok)
        self.assertIn("telescope", message)
        self.assertNotIn("observe/", message)

    def test_help_topic_lists_commands(self):
        ok, message = Game("t").handle("help telescope")
        self.assertTrue(ok)
        self.assertIn("observe/<target>/<minutes>", message)

    def test_unknown_topic_is_refused(self):
        ok, _ = Game("t").handle("help comets")
        self.assertFalse(ok)


class ObserveTest(unittest.TestCase):
    def test_first_exposure_slews_then_exposes(self):
        game = Game("t")
        play(game, "observe/m42/20")
        state = game.state()
        self.assertEqual(state["night"]["clock"], "20:30")
        self.assertEqual(state["plates"]["unexposed"], 3)
        self.assertEqual(state["telescope"]["pointing"], "m42")
        self.assertEqual(state["plate_log"][0]["quality"], "latent")

    def test_same_target_needs_no_slew(self):
        game = Game("t")
        play(game, "observe/m42/20", "observe/m42/20")
        self.assertEqual(game.state()["night"]["clock"], "20:50")

    def test_exposure_limits(self):
        game = Game("t")
        self.assertFalse(game.handle("observe/m42/4")[0])
        self.assertFalse(game.handle("observe/m42/121")[0])
        self.assertTrue(game.handle("observe/m42/5")[0])

    def test_target_not_risen_is_refused_without_using_a_plate(self):
        game = Game("t")
        ok, message = game.handle("observe/m51/30")
        self.assertFalse(ok)
        self.assertIn("rises at 22:00", message)
        self.assertEqual(game.state()["plates"]["unexposed"], 4)

    def test_overcast_night_keeps_the_dome_shut(self):
        game = Game("t")
        play(game, "night/end", "night/end")
        self.assertEqual(game.state()["night"]["sky"], "overcast")
        self.assertFalse(game.handle("observe/m31/40")[0])

    def test_quality_follows_transparency_and_seeing(self):
        game = Game("t")
        play(game, "night/end", "observe/m31/40", "develop/1")
        # hazy 70%, seeing 2.0" costs 10 points
        self.assertEqual(game.state()["plate_log"][0]["quality"], "60%")

    def test_unknown_target(self):
        ok, _ = Game("t").handle("observe/pluto/20")
        self.assertFalse(ok)


class DarkroomTest(unittest.TestCase):
    def test_develop_and_measure(self):
        game = Game("t")
        play(game, "observe/m13/30", "develop/1")
        self.assertEqual(game.state()["grant"]["budget"], "$1,485")
        ok, message = game.handle("measure/1")
        self.assertTrue(ok)
        self.assertIn("+10 data points", message)
        self.assertEqual(game.state()["paper"]["points"], 10)
        self.assertFalse(game.handle("measure/1")[0])

    def test_measure_needs_development(self):
        game = Game("t")
        play(game, "observe/m13/30")
        self.assertFalse(game.handle("measure/1")[0])

    def test_weak_plate_cannot_be_measured(self):
        game = Game("t")
        play(game, "observe/m31/10", "develop/1")
        self.assertEqual(game.state()["plate_log"][0]["quality"], "25%")
        self.assertFalse(game.handle("measure/1")[0])

    def test_missing_plate_is_refused(self):
        game = Game("t")
        self.assertFalse(game.handle("develop/3")[0])
        self.assertFalse(game.handle("measure/9")[0])


class GrantTest(unittest.TestCase):
    def test_small_order_costs_list_price(self):
        game = Game("t")
        play(game, "buy/plates/5")
        self.assertEqual(game.state()["grant"]["budget"], "$1,275")
        self.assertEqual(game.state()["plates"]["unexposed"], 9)

    def test_order_limits(self):
        game = Game("t")
        self.assertFalse(game.handle("buy/plates/0")[0])
        self.assertFalse(game.handle("buy/plates/25")[0])

    def test_night_end_charges_operating_costs(self):
        game = Game("t")
        play(game, "night/end")
        state = game.state()
        self.assertEqual(state["night"]["number"], 2)
        self.assertEqual(state["night"]["clock"], "20:00")
        self.assertEqual(state["grant"]["budget"], "$1,380")

    def test_season_ends_after_night_ten(self):
        game = Game("t")
        for _ in range(10):
            play(game, "night/end")
        self.assertTrue(game.over)
        self.assertFalse(game.published)
        self.assertFalse(game.handle("observe/m31/40")[0])


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        game = Game("t")
        commands = [
            line.strip()[3:-1] for line in WALKTHROUGH.read_text().splitlines() if line.strip().startswith("- `")
        ]
        play(game, *commands)
        self.assertTrue(game.state()["paper"]["published"])
        self.assertTrue(game.over)


if __name__ == "__main__":
    unittest.main()
