import unittest
from pathlib import Path

from siege.engine import Siege, play
from siege.world import parse_tile

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.txt"


def walkthrough_commands():
    lines = (line.strip() for line in WALKTHROUGH.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def unit(game, name):
    return next(u for u in game.state()["units"] if u["id"] == name)


def place(game, name, tile):
    """Put a unit (yours or the enemy's) straight onto a tile, to set up a fight."""
    for u in [*game.units, *game.enemies]:
        if u.id == name:
            u.at = parse_tile(tile)


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        game, replies = play(walkthrough_commands())
        self.assertTrue(all(reply.success for reply in replies), [r.message for r in replies if not r.success])
        self.assertTrue(game.state()["won"])
        self.assertTrue(game.state()["game_over"])

    def test_commands_after_winning_are_refused(self):
        game, _ = play(walkthrough_commands())
        self.assertFalse(game.command("status").success)


class StartTest(unittest.TestCase):
    def test_start(self):
        state = Siege().state()
        self.assertEqual(state["round"], 1)
        self.assertEqual(state["gold"], 30)
        self.assertEqual(state["supply"], {"used": 2, "cap": 6})
        self.assertEqual([(u["id"], u["type"], u["at"]) for u in state["units"]],
                         [("u1", "soldier", "a2"), ("u2", "archer", "b1")])
        self.assertEqual(state["enemies"], [], "the enemy is out of sight")
        self.assertEqual(state["bases"], {"you": "a1", "enemy": "g7"})

    def test_help_lists_the_commands(self):
        reply = Siege().command("help")
        for word in ("status", "map", "move", "attack", "train", "undo", "end"):
            self.assertIn(word, reply.message)

    def test_unknown_command_is_refused(self):
        game = Siege()
        self.assertFalse(game.command("fly u1 g7").success)
        self.assertEqual(game.state()["turn"], 1)

    def test_map_shows_terrain_and_own_units(self):
        text = Siege().command("map").message
        self.assertIn("2 S . F . . M .", text)
        self.assertIn("1 B A . . F . .", text)


class MovementTest(unittest.TestCase):
    def test_forest_costs_two(self):
        game, replies = play(["move u1 a3"])
        self.assertTrue(replies[0].success)
        self.assertIn("2 movement", replies[0].message)
        game, replies = play(["move u1 a4"])
        self.assertFalse(replies[0].success, "a2 -> a3 (forest, 2) -> a4 needs 3 movement")

    def test_mountains_are_impassable(self):
        game, replies = play(["move u1 b3", "end", "move u1 c3", "end", "move u1 d3"])
        self.assertFalse(replies[-1].success)

    def test_one_move_per_round_and_a_free_tile(self):
        game, replies = play(["move u1 b1", "move u1 b2", "move u1 a3"])
        self.assertEqual([r.success for r in replies], [False, True, False])
        game.command("end")
        self.assertTrue(game.command("move u1 b3").success)

    def test_own_units_can_be_passed(self):
        game, replies = play(["move u2 b2", "move u1 c2"])
        self.assertFalse(replies[1].success, "c2 is forest: b2 (1) + c2 (2) is 3")
        game, replies = play(["move u2 b2", "move u1 b3"])
        self.assertTrue(replies[1].success)

    def test_bad_tiles_and_units_are_refused(self):
        game, replies = play(["move u1 h1", "move u1 a0", "move u9 a3", "move u1"])
        self.assertFalse(any(r.success for r in replies))


class TrainingTest(unittest.TestCase):
    def test_train_pays_and_the_unit_waits_a_round(self):
        game, replies = play(["train knight"])
        self.assertTrue(replies[0].success)
        self.assertEqual(game.state()["gold"], 10)
        self.assertEqual(unit(game, "u3")["at"], "a1")
        self.assertFalse(game.command("move u3 a3").success)
        game.command("end")
        self.assertTrue(game.command("move u3 c1").success)

    def test_second_unit_appears_next_to_the_base(self):
        game, replies = play(["move u1 b3", "train soldier", "end", "train soldier"])
        self.assertTrue(all(r.success for r in replies))
        self.assertEqual(unit(game, "u3")["at"], "a1")
        self.assertEqual(unit(game, "u4")["at"], "a2")
        self.assertEqual(game.state()["supply"]["used"], 4)

    def test_cooldown_counts_down_each_round(self):
        game, replies = play(["train knight"])
        self.assertEqual(game.state()["cooldowns"]["knight"], 3)
        for left in (2, 1, 0):
            game.command("end")
            self.assertEqual(game.state()["cooldowns"]["knight"], left)
        game, replies = play(["train soldier", "train soldier", "end"])
        self.assertFalse(replies[1].success)
        self.assertEqual(game.state()["cooldowns"]["soldier"], 0)

    def test_gold_and_unknown_types(self):
        game, replies = play(["train knight", "train knight", "train dragon"])
        self.assertEqual([r.success for r in replies], [True, False, False])

    def test_income_arrives_each_round(self):
        game, _ = play(["end"])
        state = game.state()
        self.assertEqual(state["gold"], 30 + state["income"])


class CombatTest(unittest.TestCase):
    def test_attack_and_counter_attack(self):
        game = Siege()
        place(game, "u1", "e5")
        place(game, "e1", "e6")
        reply = game.command("attack u1 e6")
        self.assertTrue(reply.success, reply.message)
        enemy = next(e for e in game.state()["enemies"] if e["id"] == "e1")
        self.assertEqual(enemy["hp"], 6)
        self.assertEqual(unit(game, "u1")["hp"], 6)
        self.assertFalse(game.command("move u1 d5").success, "attacking ends the unit's round")

    def test_forest_defends_and_archers_shoot_without_answer(self):
        game = Siege()
        place(game, "u2", "d5")
        place(game, "e1", "f5")
        reply = game.command("attack u2 f5")
        self.assertTrue(reply.success, reply.message)
        enemy = next(e for e in game.state()["enemies"] if e["id"] == "e1")
        self.assertEqual(enemy["hp"], 10 - (3 - 1))
        self.assertEqual(unit(game, "u2")["hp"], 6)

    def test_out_of_range_and_out_of_sight(self):
        game = Siege()
        self.assertFalse(game.command("attack u1 f7").success)
        place(game, "u1", "e5")
        self.assertFalse(game.command("attack u1 f7").success)

    def test_enemy_strikes_intruders(self):
        game = Siege()
        place(game, "u1", "e6")
        game.command("end")
        self.assertLess(unit(game, "u1")["hp"], 10)


class UndoTest(unittest.TestCase):
    def test_undo_takes_a_move_back(self):
        game, replies = play(["move u1 b3", "undo"])
        self.assertTrue(replies[1].success)
        self.assertEqual(unit(game, "u1")["at"], "a2")
        self.assertTrue(game.command("move u1 b2").success)

    def test_undo_takes_a_training_back(self):
        game, _ = play(["train soldier", "undo"])
        self.assertEqual(game.state()["gold"], 30)
        self.assertEqual(game.state()["supply"]["used"], 2)

    def test_nothing_to_undo(self):
        game, replies = play(["undo", "move u1 b3", "end", "undo"])
        self.assertEqual([r.success for r in replies], [False, True, True, False])


class EndTest(unittest.TestCase):
    def test_the_siege_is_lost_after_the_last_round(self):
        game, replies = play(["end"] * 30)
        self.assertTrue(all(r.success for r in replies))
        state = game.state()
        self.assertTrue(state["lost"])
        self.assertTrue(state["game_over"])
        self.assertEqual(state["round"], 30)
        self.assertFalse(game.command("end").success)


if __name__ == "__main__":
    unittest.main()
