import unittest
from pathlib import Path

from crawl.engine import Crawl, damage, play

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.txt"


def walkthrough_commands():
    lines = (line.strip() for line in WALKTHROUGH.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        game, replies = play(walkthrough_commands())
        self.assertTrue(all(reply.success for reply in replies), [r.message for r in replies if not r.success])
        self.assertTrue(game.state()["won"])
        self.assertTrue(game.state()["game_over"])

    def test_commands_after_winning_are_refused(self):
        game, _ = play(walkthrough_commands())
        self.assertFalse(game.command("look").success)


class CombatTest(unittest.TestCase):
    def test_damage_is_attack_minus_defense_at_least_one(self):
        self.assertEqual(damage(5, 1), 4)
        self.assertEqual(damage(3, 7), 1)

    def test_rat_falls_in_two_blows_and_strikes_back_once(self):
        game, replies = play(["north", "attack", "attack"])
        state = game.state()
        self.assertTrue(all(r.success for r in replies))
        self.assertIsNone(state["monster"])
        self.assertEqual(state["player"]["hp"], 28)
        self.assertEqual(state["player"]["xp"], 4)
        self.assertEqual(state["player"]["coins"], 18)

    def test_a_living_monster_blocks_the_way_on(self):
        game, replies = play(["north", "north"])
        self.assertFalse(replies[1].success)
        self.assertEqual(game.state()["room"]["id"], "gate")
        game, replies = play(["north", "south"])
        self.assertTrue(replies[1].success)

    def test_attack_in_a_cleared_room_is_refused(self):
        game, replies = play(["north", "attack", "attack", "attack"])
        self.assertFalse(replies[-1].success)

    def test_goblin_brings_level_two(self):
        game, _ = play(["north", "attack", "attack", "north", "attack", "attack", "attack"])
        player = game.state()["player"]
        self.assertEqual(player["level"], 2)
        self.assertEqual(player["max_hp"], 36)
        self.assertEqual(player["hp"], 36)
        self.assertEqual(player["attack"], 7)
        self.assertEqual(player["defense"], 2)
        self.assertEqual(player["next_level_xp"], 25)

    def test_the_hero_can_die(self):
        game = Crawl()
        game.room = "throne"
        for _ in range(10):
            game.command("attack")
        state = game.state()
        self.assertTrue(state["game_over"])
        self.assertFalse(state["won"])
        self.assertEqual(state["player"]["hp"], 0)
        self.assertFalse(game.command("look").success)


class ShopTest(unittest.TestCase):
    def test_sword_costs_its_listed_price_and_adds_attack(self):
        game, replies = play(["shop", "buy sword", "equip sword"])
        self.assertIn("sword 15 coins", replies[0].message)
        self.assertTrue(all(r.success for r in replies))
        state = game.state()
        self.assertEqual(state["player"]["coins"], 0)
        self.assertEqual(state["player"]["attack"], 9)
        self.assertEqual(state["equipped"]["weapon"], "sword")

    def test_not_enough_coins_is_refused(self):
        game, replies = play(["buy sword", "buy potion"])
        self.assertFalse(replies[1].success)
        self.assertEqual(game.state()["potions"], 1)

    def test_unowned_gear_cannot_be_equipped(self):
        game, replies = play(["equip sword"])
        self.assertFalse(replies[0].success)

    def test_shop_is_only_in_town(self):
        game, replies = play(["north", "buy potion", "rest"])
        self.assertFalse(replies[1].success)
        self.assertFalse(replies[2].success)


class PotionTest(unittest.TestCase):
    def test_potion_heals_and_starts_the_cooldown(self):
        game, replies = play(["north", "attack", "drink potion"])
        state = game.state()
        self.assertTrue(replies[-1].success)
        self.assertEqual(state["player"]["hp"], 30)
        self.assertEqual(state["potions"], 0)
        self.assertEqual(state["potion_cooldown"], 3)

    def test_drinking_right_after_a_potion_is_refused(self):
        game, replies = play(["buy potion", "drink potion", "drink potion", "drink potion"])
        self.assertFalse(replies[2].success)
        self.assertFalse(replies[3].success)
        self.assertEqual(game.state()["potions"], 1)

    def test_cooldown_is_over_after_three_turns(self):
        game, replies = play(["buy potion", "drink potion", "look", "look", "look"])
        self.assertEqual(game.state()["potion_cooldown"], 0)
        self.assertTrue(game.command("drink potion").success)


class TurnTest(unittest.TestCase):
    def test_help_lists_every_command(self):
        _, replies = play(["help"])
        self.assertTrue(replies[0].success)
        for verb in ['look', 'status', 'attack', 'drink potion', 'shop', 'buy', 'equip', 'rest', 'inventory', 'help']:
            self.assertIn(verb, replies[0].message)

    def test_every_command_counts_one_turn(self):
        game, _ = play(["look", "dance", "", "north", "buy nothing"])
        self.assertEqual(game.state()["turn"], 5)

    def test_unknown_command_is_refused(self):
        _, replies = play(["dance"])
        self.assertFalse(replies[0].success)
        self.assertIn("help", replies[0].message)


if __name__ == "__main__":
    unittest.main()
