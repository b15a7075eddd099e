import re
import unittest
from pathlib import Path

from game import Game

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "WALKTHROUGH.md"


def play(game, *commands):
    for command in commands:
        ok, message = game.handle(command)
        assert ok, f"{command!r} refused: {message}"
    return message


class StartTest(unittest.TestCase):
    def test_starting_state_matches_the_rules(self):
        state = Game().state()
        self.assertEqual(state["shift"], 1)
        self.assertEqual(state["hours_left"], 12)
        self.assertEqual(state["coin"], 40)
        self.assertEqual(state["coal"], 3)
        self.assertEqual(state["train"], {"at": "yard", "carts": 2, "load": 0, "capacity": 12})
        self.assertEqual(state["track"]["reach"], 4)
        self.assertEqual(state["faces"]["sump"]["pile"], 24)
        self.assertFalse(state["faces"]["sump"]["in_reach"])
        self.assertTrue(state["faces"]["gallery"]["in_reach"])

    def test_help_names_every_command(self):
        ok, text = Game().handle("help")
        self.assertTrue(ok)
        for word in ("look", "survey", "run", "load", "tip", "smelt", "ship", "buy", "lay", "end shift"):
            self.assertIn(word, text)

    def test_unknown_verb_is_refused(self):
        ok, _ = Game().handle("dance")
        self.assertFalse(ok)

    def test_survey_lists_faces(self):
        ok, text = Game().handle("survey")
        self.assertTrue(ok)
        self.assertIn("sump: milepost 7", text)
        ok, text = Game().handle("survey gallery")
        self.assertTrue(ok)
        self.assertIn("12 ore", text)


class TrainTest(unittest.TestCase):
    def test_run_costs_an_hour_per_two_mileposts(self):
        game = Game()
        play(game, "run gallery")
        self.assertEqual(game.hours, 10)
        play(game, "run adit")
        self.assertEqual(game.hours, 9)
        self.assertEqual(game.train["at"], "adit")

    def test_cannot_run_past_the_track(self):
        game = Game()
        ok, message = game.handle("run sump")
        self.assertFalse(ok)
        self.assertIn("milepost 4", message)
        self.assertEqual(game.hours, 12)

    def test_load_takes_what_fits(self):
        game = Game()
        play(game, "run gallery", "load")
        self.assertEqual(game.train["load"], 12)
        self.assertEqual(game.faces["gallery"]["pile"], 0)
        ok, _ = game.handle("load")
        self.assertFalse(ok)

    def test_load_takes_a_small_pile_whole(self):
        game = Game()
        play(game, "run adit", "load")
        self.assertEqual(game.train["load"], 6)
        self.assertEqual(game.faces["adit"]["pile"], 0)

    def test_tip_into_an_empty_hopper(self):
        game = Game()
        play(game, "run gallery", "load", "run yard", "tip")
        self.assertEqual(game.hopper, 12)
        self.assertEqual(game.train["load"], 0)

    def test_tip_only_at_the_yard(self):
        game = Game()
        play(game, "run gallery", "load")
        ok, _ = game.handle("tip")
        self.assertFalse(ok)

    def test_buy_cart_up_to_four(self):
        game = Game()
        game.coin = 100
        play(game, "buy cart", "buy cart")
        self.assertEqual(game.state()["train"]["capacity"], 24)
        self.assertEqual(game.coin, 50)
        ok, _ = game.handle("buy cart")
        self.assertFalse(ok)
        self.assertEqual(game.coin, 50)


class SmelterTest(unittest.TestCase):
    def test_first_smelt_lights_the_furnace(self):
        game = Game()
        play(game, "buy coal 5", "run gallery", "load", "run yard", "tip")
        message = play(game, "smelt 2")
        self.assertIn("lights the furnace", message)
        self.assertEqual(game.coal, 8 - 3)
        self.assertEqual(game.hopper, 6)
        message = play(game, "smelt")
        self.assertNotIn("lights", message)
        self.assertEqual(game.ingots, 4)
        self.assertEqual(game.coal, 3)

    def test_smelt_more_than_possible_is_refused(self):
        game = Game()
        play(game, "run gallery", "load", "run yard", "tip")
        ok, _ = game.handle("smelt 3")
        self.assertFalse(ok)
        self.assertEqual(game.coal, 3)

    def test_ship_pays_twelve_an_ingot(self):
        game = Game()
        play(game, "buy coal 5", "run gallery", "load", "run yard", "tip", "smelt 4")
        message = play(game, "ship 3")
        self.assertIn("Shipped 3 ingots", message)
        self.assertEqual(game.coin, 25 + 36)
        self.assertEqual(game.shipped, 3)
        self.assertEqual(game.ingots, 1)


class TrackTest(unittest.TestCase):
    def test_single_segments_cost_seven(self):
        game = Game()
        play(game, "lay 1")
        self.assertEqual(game.coin, 33)
        play(game, "lay 2")
        self.assertEqual(game.coin, 19)
        self.assertEqual(game.reach, 7)
        self.assertEqual(game.hours, 9)
        play(game, "run sump")

    def test_cannot_lay_past_the_sump(self):
        game = Game()
        ok, _ = game.handle("lay 4")
        self.assertFalse(ok)
        self.assertEqual(game.coin, 40)


class ShiftTest(unittest.TestCase):
    def test_end_shift_pays_and_refills(self):
        game = Game()
        play(game, "run gallery", "load", "end shift")
        self.assertEqual(game.shift, 2)
        self.assertEqual(game.hours, 12)
        self.assertEqual(game.coin, 35)
        self.assertEqual(game.faces["gallery"]["pile"], 6)
        self.assertEqual(game.faces["sump"]["pile"], 30)
        self.assertEqual(game.train, {"at": "gallery", "carts": 2, "load": 12})

    def test_out_of_hours(self):
        game = Game()
        play(game, "run gallery", "run yard", "run gallery", "run yard", "run gallery", "run yard")
        self.assertEqual(game.hours, 0)
        ok, message = game.handle("run gallery")
        self.assertFalse(ok)
        self.assertIn("end shift", message)

    def test_eighth_shift_ends_the_game(self):
        game = Game()
        for _ in range(7):
            play(game, "end shift")
        self.assertFalse(game.over)
        play(game, "end shift")
        self.assertTrue(game.lost)
        ok, _ = game.handle("run gallery")
        self.assertFalse(ok)

    def test_no_wages_no_crew(self):
        game = Game()
        game.coin = 4
        play(game, "end shift")
        self.assertTrue(game.lost)


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        commands = re.findall(r"^- `([^`]+)`", WALKTHROUGH.read_text(), re.MULTILINE)
        self.assertGreater(len(commands), 10)
        game = Game()
        play(game, *commands)
        self.assertTrue(game.won)
        self.assertGreaterEqual(game.shipped, 20)


if __name__ == "__main__":
    unittest.main()
