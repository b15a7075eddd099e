import unittest
from pathlib import Path

from blitz.engine import Blitz, blast, play

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.txt"
TO_NORTH_EAST_CORNER = ["east", "east", "east", "south", "east", "east", "north", "east", "east"]


def walkthrough_commands():
    lines = (line.strip() for line in WALKTHROUGH.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        game, replies = play(walkthrough_commands())
        self.assertTrue(game.state()["won"])
        self.assertTrue(game.state()["game_over"])
        self.assertEqual(game.state()["lives"], 3)

    def test_commands_after_winning_are_refused(self):
        game, _ = play(walkthrough_commands())
        self.assertFalse(game.command("look").success)


class MovementTest(unittest.TestCase):
    def test_new_game_starts_at_the_entrance(self):
        state = Blitz().state()
        self.assertEqual(state["player"], {"x": 0, "y": 0})
        self.assertEqual(state["map"][0][0], "@")
        self.assertEqual((state["lives"], state["bombs_left"], state["tick"]), (3, 2, 0))

    def test_walls_and_the_west_edge_block_without_a_tick(self):
        game, replies = play(["west", "north", "south", "east"])
        self.assertFalse(replies[0].success)
        self.assertFalse(replies[1].success)
        self.assertFalse(replies[3].success)
        self.assertEqual(game.state()["tick"], 1)
        self.assertEqual(game.state()["turn"], 4)

    def test_enemies_walk_their_patrols(self):
        game, _ = play(["wait", "wait", "wait"])
        enemies = {e["name"]: (e["x"], e["y"]) for e in game.state()["enemies"]}
        self.assertEqual(enemies, {"guard": (7, 2), "hound": (7, 4)})

    def test_look_takes_no_tick(self):
        game, replies = play(["look", "status", "help"])
        self.assertTrue(all(r.success for r in replies))
        self.assertEqual(game.state()["tick"], 0)

    def test_spikes_cost_a_life(self):
        game, replies = play(["south", "south", "east", "east"])
        state = game.state()
        self.assertEqual(state["lives"], 2)
        self.assertEqual(state["player"], {"x": 0, "y": 0})
        self.assertIn("Spikes", replies[-1].message)


class DashTest(unittest.TestCase):
    def test_dash_leaps_two_cells_and_cools_down(self):
        game, replies = play(["dash east"])
        self.assertTrue(replies[0].success)
        self.assertEqual(game.state()["player"], {"x": 2, "y": 0})
        self.assertEqual(game.state()["dash_cooldown"], 4)
        self.assertFalse(game.command("dash west").success)

    def test_dash_stops_at_a_wall(self):
        game, replies = play(["east", "east", "dash east"])
        self.assertTrue(replies[-1].success)
        self.assertEqual(game.state()["player"], {"x": 3, "y": 0})

    def test_dash_is_ready_after_four_ticks(self):
        game, _ = play(["dash east", "wait", "wait", "wait", "wait"])
        self.assertEqual(game.state()["dash_cooldown"], 0)
        self.assertTrue(game.command("dash west").success)


class BombTest(unittest.TestCase):
    def test_blast_is_a_plus(self):
        self.assertEqual(blast(2, 4), {(2, 4), (1, 4), (3, 4), (2, 3), (2, 5)})

    def test_a_bomb_explodes_three_ticks_after_it_is_dropped(self):
        game, _ = play(["south", "bomb"])
        self.assertEqual(game.state()["bombs"], [{"x": 0, "y": 1, "fuse": 3}])
        self.assertEqual(game.state()["bombs_left"], 1)
        game.command("south")
        game.command("east")
        self.assertEqual(game.state()["bombs"][0]["fuse"], 1)
        reply = game.command("wait")
        self.assertIn("explodes", reply.message)
        self.assertEqual(game.state()["bombs"], [])
        self.assertEqual(game.state()["lives"], 3)

    def test_standing_in_the_blast_costs_a_life(self):
        game, _ = play(["south", "bomb", "wait", "wait", "wait"])
        self.assertEqual(game.state()["lives"], 2)
        self.assertEqual(game.state()["player"], {"x": 0, "y": 0})

    def test_no_bombs_left_is_refused(self):
        game, replies = play(["bomb", "south", "bomb", "south", "bomb", "wait", "wait", "wait"])
        self.assertFalse(replies[4].success)


class TurnTest(unittest.TestCase):
    def test_help_lists_every_command(self):
        _, replies = play(["help"])
        self.assertTrue(replies[0].success)
        for verb in ['move', 'dash', 'wait', 'bomb', 'look', 'status', 'help']:
            self.assertIn(verb, replies[0].message)

    def test_unknown_command_is_refused(self):
        _, replies = play(["dance"])
        self.assertFalse(replies[0].success)
        self.assertIn("help", replies[0].message)

    def test_the_guard_catches_a_careless_runner(self):
        game, replies = play([*TO_NORTH_EAST_CORNER, "east", "south", "wait", "wait", "south"])
        self.assertEqual(game.state()["lives"], 2)
        self.assertIn("guard catches you", replies[-1].message)


if __name__ == "__main__":
    unittest.main()
