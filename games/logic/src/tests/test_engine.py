import unittest
from pathlib import Path

from logic.engine import Logic, play

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.txt"
SOLVE_LEVEL_1 = ["right", "right", "right"]


def walkthrough_commands():
    lines = (line.strip() for line in WALKTHROUGH.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        game, replies = play(walkthrough_commands())
        self.assertTrue(all(reply.success for reply in replies), [r.message for r in replies if not r.success])
        state = game.state()
        self.assertTrue(state["won"])
        self.assertTrue(state["game_over"])
        self.assertEqual(state["solved"], [1, 2, 3])

    def test_commands_after_winning_are_refused(self):
        game, _ = play(walkthrough_commands())
        self.assertFalse(game.command("look").success)


class MoveTest(unittest.TestCase):
    def test_new_game_starts_at_level_one(self):
        state = Logic().state()
        self.assertEqual(state["level"], 1)
        self.assertEqual(state["board"][2], "#@ $ .#")
        self.assertEqual((state["moves"], state["undo_steps"], state["saved_level"]), (0, 0, None))

    def test_walking_and_pushing(self):
        game, replies = play(["right", "right"])
        self.assertEqual(replies[1].message, "You push a box right.")
        self.assertEqual(game.state()["board"][2], "#  @$.#")
        self.assertEqual(game.state()["moves"], 2)

    def test_walls_block_without_a_move(self):
        game, replies = play(["left", "up", "up"])
        self.assertFalse(replies[0].success)
        self.assertTrue(replies[1].success)
        self.assertFalse(replies[2].success)
        self.assertEqual(game.state()["moves"], 1)
        self.assertEqual(game.state()["turn"], 3)

    def test_a_box_against_a_wall_does_not_move(self):
        game, replies = play(["right", "up", "right", "right", "right", "down", "left", "left", "left"])
        self.assertEqual(game.state()["boxes"], [{"x": 1, "y": 2}])
        self.assertFalse(game.command("left").success)
        self.assertEqual(game.state()["moves"], 9)

    def test_solving_a_level_moves_on(self):
        game, replies = play(SOLVE_LEVEL_1)
        state = game.state()
        self.assertIn("Level 1 solved", replies[-1].message)
        self.assertEqual(state["level"], 2)
        self.assertEqual(state["solved"], [1])
        self.assertIn(2, state["unlocked"])
        self.assertEqual(state["moves"], 0)

    def test_the_move_limit_stops_moves(self):
        game, _ = play(["up", "down"] * 6)
        self.assertEqual(game.state()["moves"], 12)
        reply = game.command("up")
        self.assertFalse(reply.success)
        self.assertIn("Out of moves", reply.message)
        self.assertTrue(game.command("undo").success)
        self.assertTrue(game.command("down").success)


class HistoryTest(unittest.TestCase):
    def test_undo_takes_back_a_push(self):
        game, _ = play(["right", "right", "undo"])
        state = game.state()
        self.assertEqual(state["boxes"], [{"x": 3, "y": 2}])
        self.assertEqual(state["player"], {"x": 2, "y": 2})
        self.assertEqual((state["moves"], state["undo_steps"], state["redo_steps"]), (1, 1, 1))

    def test_redo_makes_the_move_again(self):
        game, replies = play(["right", "right", "undo", "undo", "redo", "redo"])
        self.assertTrue(all(r.success for r in replies))
        self.assertEqual(game.state()["boxes"], [{"x": 4, "y": 2}])
        self.assertFalse(game.command("redo").success)

    def test_restart_clears_the_level(self):
        game, _ = play(["right", "right", "restart"])
        state = game.state()
        self.assertEqual(state["board"][2], "#@ $ .#")
        self.assertEqual((state["moves"], state["undo_steps"], state["redo_steps"]), (0, 0, 0))

    def test_load_without_save_is_refused(self):
        _, replies = play(["load"])
        self.assertFalse(replies[0].success)

    def test_load_returns_to_the_saved_position(self):
        game, replies = play(["up", "save", "right", "right", "load"])
        state = game.state()
        self.assertTrue(replies[-1].success)
        self.assertEqual(state["player"], {"x": 1, "y": 1})
        self.assertEqual(state["moves"], 1)
        self.assertEqual(state["undo_steps"], 0)
        self.assertEqual(state["saved_level"], 1)


class LevelTest(unittest.TestCase):
    def test_level_beyond_the_set_is_refused(self):
        _, replies = play(["level 4", "level two"])
        self.assertFalse(replies[0].success)
        self.assertFalse(replies[1].success)

    def test_replaying_an_unlocked_level(self):
        game, replies = play([*SOLVE_LEVEL_1, "level 1"])
        self.assertTrue(replies[-1].success)
        self.assertEqual(game.state()["level"], 1)
        self.assertEqual(game.state()["solved"], [1])

    def test_levels_lists_all_three(self):
        _, replies = play(["levels"])
        self.assertIn("3 'The corner'", replies[0].message)


class TurnTest(unittest.TestCase):
    def test_help_lists_every_command(self):
        _, replies = play(["help"])
        self.assertTrue(replies[0].success)
        for verb in ['undo', 'redo', 'restart', 'save', 'load', 'level <n>', 'levels', 'look', 'help']:
            self.assertIn(verb, replies[0].message)

    def test_unknown_command_is_refused(self):
        _, replies = play(["dance"])
        self.assertFalse(replies[0].success)
        self.assertIn("help", replies[0].message)


if __name__ == "__main__":
    unittest.main()
