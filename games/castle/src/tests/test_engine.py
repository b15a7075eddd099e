import unittest
from pathlib import Path

from castle.engine import Castle, play

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


class MovementTest(unittest.TestCase):
    def test_hall_is_the_hub(self):
        self.assertEqual(Castle().state()["room"]["exits"], ["north", "east", "down"])

    def test_storage_door_needs_the_small_key(self):
        game, replies = play(["west", "unlock storage door"])
        self.assertFalse(replies[0].success)
        self.assertFalse(replies[1].success)
        game, replies = play(["north", "east", "open drawer", "take small key", "west", "south",
                              "unlock storage door", "west"])
        self.assertTrue(all(r.success for r in replies))
        self.assertEqual(game.state()["room"]["id"], "storage")

    def test_attic_needs_the_ladder(self):
        game, replies = play(["north", "west", "up"])
        self.assertFalse(replies[-1].success)
        game, replies = play(["east", "take ladder", "west", "north", "west", "place ladder", "up"])
        self.assertTrue(replies[-1].success)
        self.assertEqual(game.state()["room"]["id"], "attic")

    def test_every_exit_leads_back(self):
        game, _ = play(walkthrough_commands()[:-2])
        opposite = {"north": "south", "south": "north", "east": "west", "west": "east", "up": "down", "down": "up"}
        for room in ("hall", "corridor", "library", "bedroom", "kitchen", "storage", "attic", "basement"):
            game.room = room
            for direction in game.exits():
                game.room = room
                self.assertTrue(game.command(f"go {direction}").success)
                self.assertTrue(game.command(f"go {opposite[direction]}").success)
                self.assertEqual(game.room, room)


class InventoryTest(unittest.TestCase):
    def test_six_item_limit(self):
        game = Castle()
        for name in ("matches", "candlestick"):
            self.assertTrue(game.command(f"take {name}").success)
        game.command("east")
        game.command("take bucket")
        game.command("take ladder")
        game.command("west")
        game.command("north")
        game.command("east")
        self.assertTrue(game.command("take diary").success)
        game.command("open drawer")
        self.assertTrue(game.command("take small key").success)
        self.assertEqual(len(game.state()["inventory"]), 6)
        game.command("west")
        game.command("west")
        reply = game.command("take scroll")
        self.assertFalse(reply.success)
        self.assertIn("six", reply.message)
        self.assertIn("scroll", game.state()["visible_items"])

    def test_take_and_drop_move_the_item(self):
        game, _ = play(["take matches", "north", "drop matches"])
        state = game.state()
        self.assertEqual(state["inventory"], [])
        self.assertIn("matches", state["visible_items"])
        self.assertTrue(game.command("take matches").success)

    def test_taking_twice_fails(self):
        game, replies = play(["take matches", "take matches"])
        self.assertFalse(replies[1].success)
        self.assertEqual(game.state()["inventory"], ["matches"])


class DarknessTest(unittest.TestCase):
    def test_basement_is_dark_without_light(self):
        game, replies = play(["down", "take key fragment C"])
        state = game.state()
        self.assertEqual(state["visibility"], "dark")
        self.assertEqual(state["visible_items"], [])
        self.assertFalse(replies[1].success)

    def test_candlestick_needs_matches(self):
        game, replies = play(["take candlestick", "light candlestick"])
        self.assertFalse(replies[1].success)

    def test_lit_candlestick_shows_the_fragment(self):
        game, _ = play(["take matches", "take candlestick", "light candlestick", "down"])
        state = game.state()
        self.assertEqual(state["visibility"], "lit")
        self.assertIn("key fragment C", state["visible_items"])
        self.assertIn("key fragment C", state["room"]["description"])

    def test_lighting_in_the_dark_reveals_the_room(self):
        game, _ = play(["take matches", "take candlestick", "down", "light candlestick"])
        self.assertEqual(game.state()["visibility"], "lit")


class PuzzleTest(unittest.TestCase):
    def test_wrong_word_keeps_the_chest_shut(self):
        game, replies = play(["east", "take ladder", "west", "north", "west", "place ladder", "up", "say hello"])
        self.assertFalse(replies[-1].success)
        self.assertFalse(game.state()["flags"]["chest_open"])

    def test_one_fragment_is_not_enough(self):
        game, replies = play(["take matches", "take candlestick", "light candlestick", "down",
                              "take key fragment C", "combine fragments"])
        self.assertFalse(replies[-1].success)
        self.assertNotIn("iron key", game.state()["inventory"])

    def test_door_needs_the_iron_key(self):
        game, replies = play(["unlock door"])
        self.assertFalse(replies[0].success)
        self.assertFalse(game.state()["won"])


class TurnTest(unittest.TestCase):
    def test_every_command_counts_one_turn(self):
        game, _ = play(["look", "dance", "", "north", "take nothing"])
        self.assertEqual(game.state()["turn"], 5)

    def test_games_are_deterministic(self):
        commands = walkthrough_commands()
        first, replies_a = play(commands)
        second, replies_b = play(commands)
        self.assertEqual(replies_a, replies_b)
        self.assertEqual(first.state(), second.state())


if __name__ == "__main__":
    unittest.main()
