"""The rules of the skirmish, played through the same command text a player types."""

import re
import unittest
from pathlib import Path

from fen import Skirmish

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.md"


def unit(game: Skirmish, unit_id: str) -> dict:
    return next(u for u in game.state()["units"] if u["id"] == unit_id)


def play(game: Skirmish, *commands: str) -> str:
    message = ""
    for command in commands:
        ok, message = game.command(command)
        if not ok:
            raise AssertionError(f"{command!r} was refused: {message}")
    return message


class HelpAndLook(unittest.TestCase):
    def test_help_is_a_table_of_every_order(self):
        ok, text = Skirmish().command("help")
        self.assertTrue(ok)
        self.assertIn("| command | what it does |", text)
        for order in ("look", "move", "attack", "heal", "use", "give", "end"):
            self.assertIn(f"`{order}", text)

    def test_look_shows_every_unit(self):
        ok, text = Skirmish().command("look")
        self.assertTrue(ok)
        for unit_id in ("u1", "u2", "u3", "e1", "e2", "e3"):
            self.assertIn(unit_id, text)

    def test_unknown_order_is_refused(self):
        ok, text = Skirmish().command("dance u1")
        self.assertFalse(ok)
        self.assertIn("help", text)


class Moving(unittest.TestCase):
    def test_move_within_range(self):
        game = Skirmish()
        play(game, "move u1 3 3")
        self.assertEqual(unit(game, "u1")["at"], [3, 3])
        self.assertTrue(unit(game, "u1")["moved"])

    def test_only_one_move_a_turn(self):
        game = Skirmish()
        play(game, "move u1 3 4")
        self.assertFalse(game.command("move u1 3 3")[0])

    def test_too_far_or_into_water_is_refused(self):
        game = Skirmish()
        self.assertFalse(game.command("move u1 3 2")[0])
        self.assertFalse(game.command("move u1 2 3")[0])
        self.assertEqual(unit(game, "u1")["at"], [3, 5])

    def test_east_edge_is_refused(self):
        game = Skirmish()
        ok, text = game.command("move u1 7 5")
        self.assertFalse(ok)
        self.assertIn("edge", text)

    def test_raiders_take_no_orders(self):
        self.assertFalse(Skirmish().command("move e1 1 2")[0])


class Fighting(unittest.TestCase):
    def test_knight_hits_goblin_for_four(self):
        game = Skirmish()
        play(game, "end", "move u1 3 4", "move u2 3 6", "end")
        self.assertEqual(unit(game, "e1")["at"], [3, 3])
        play(game, "attack u1 e1")
        self.assertEqual(unit(game, "e1")["hp"], 2)

    def test_out_of_reach_is_refused(self):
        game = Skirmish()
        ok, _ = game.command("attack u1 e1")
        self.assertFalse(ok)
        self.assertEqual(unit(game, "e1")["hp"], 6)

    def test_goblin_hits_for_two(self):
        game = Skirmish()
        play(game, "end", "move u1 3 4", "end")
        self.assertEqual(unit(game, "u1")["hp"], 10)

    def test_one_action_a_turn(self):
        game = Skirmish()
        play(game, "end", "move u1 3 4", "move u2 3 6", "end", "attack u1 e1")
        self.assertFalse(game.command("attack u1 e1")[0])


class Healing(unittest.TestCase):
    def test_tonic_heals_and_is_used_up(self):
        game = Skirmish()
        play(game, "end", "move u1 3 4", "end")
        play(game, "use u1 tonic")
        self.assertEqual(unit(game, "u1")["hp"], 12)
        self.assertEqual(unit(game, "u1")["items"]["tonic"], 0)

    def test_unhurt_keeps_the_tonic(self):
        game = Skirmish()
        self.assertFalse(game.command("use u1 tonic")[0])
        self.assertEqual(unit(game, "u1")["items"]["tonic"], 1)

    def test_mender_heal_is_capped(self):
        game = Skirmish()
        play(game, "end", "move u1 3 4", "end", "move u3 3 5")
        message = play(game, "heal u3 u1")
        self.assertEqual(unit(game, "u1")["hp"], 12)
        self.assertIn("+2 hp", message)

    def test_give_to_an_empty_pack(self):
        game = Skirmish()
        play(game, "move u2 3 6", "move u3 4 5")
        self.assertFalse(game.command("give u3 u2 tonic")[0])  # not adjacent: [4, 5] and [3, 6]
        play(game, "end", "move u3 4 6", "give u3 u2 tonic")
        self.assertEqual(unit(game, "u2")["items"]["tonic"], 1)
        self.assertEqual(unit(game, "u3")["items"]["tonic"], 1)


class Winning(unittest.TestCase):
    def test_walkthrough_wins(self):
        commands = re.findall(r"^\d+\. `([^`]+)`", WALKTHROUGH.read_text(), re.MULTILINE)
        self.assertGreater(len(commands), 10)
        game = Skirmish()
        play(game, *commands)
        self.assertTrue(game.state()["won"])
        self.assertFalse(game.command("end")[0])


if __name__ == "__main__":
    unittest.main()
