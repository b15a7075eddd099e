import unittest
from pathlib import Path

from colony.engine import Colony, play

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.txt"


def walkthrough_commands():
    lines = (line.strip() for line in WALKTHROUGH.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def end_days(n):
    return ["end day"] * n


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
    def test_start_numbers(self):
        state = Colony().state()
        self.assertEqual(state["day"], 1)
        self.assertEqual(state["population"], 5)
        self.assertEqual(state["resources"], {"food": 30, "wood": 20, "coin": 40})
        self.assertEqual(state["housing"], 6)
        self.assertEqual(state["storage"], 60)
        self.assertEqual(state["workers"], {"farmers": 0, "woodcutters": 0, "idle": 5})

    def test_help_lists_the_commands(self):
        reply = Colony().command("help")
        self.assertTrue(reply.success)
        for word in ("status", "market", "build", "assign", "buy", "sell", "end day", "save", "load"):
            self.assertIn(word, reply.message)

    def test_unknown_command_is_refused(self):
        game = Colony()
        reply = game.command("dance")
        self.assertFalse(reply.success)
        self.assertEqual(game.state()["turn"], 1)


class JobsTest(unittest.TestCase):
    def test_assign_takes_idle_colonists_and_gives_them_back(self):
        game, replies = play(["assign 3 farmers", "assign 2 woodcutters", "assign 1 farmer"])
        self.assertTrue(all(r.success for r in replies))
        self.assertEqual(game.state()["workers"], {"farmers": 1, "woodcutters": 2, "idle": 2})

    def test_assign_needs_idle_colonists(self):
        game, replies = play(["assign 4 farmers", "assign 2 woodcutters"])
        self.assertFalse(replies[1].success)
        self.assertEqual(game.state()["workers"]["woodcutters"], 0)

    def test_production_and_eating(self):
        game, _ = play(["assign 2 farmers", "assign 3 woodcutters", "end day"])
        state = game.state()
        self.assertEqual(state["resources"]["food"], 30 + 6 - 5)
        self.assertEqual(state["resources"]["wood"], 20 + 6)
        self.assertEqual(state["day"], 2)


class BuildingTest(unittest.TestCase):
    def test_build_pays_at_once_and_finishes_after_its_days(self):
        game, replies = play(["build storehouse"])
        self.assertTrue(replies[0].success)
        self.assertEqual(game.state()["resources"]["wood"], 5)
        self.assertEqual(game.state()["resources"]["coin"], 30)
        self.assertEqual(game.state()["construction"], [{"kind": "storehouse", "days_left": 3}])
        for _ in range(2):
            game.command("end day")
        self.assertEqual(game.state()["storage"], 60)
        game.command("end day")
        self.assertEqual(game.state()["storage"], 100)
        self.assertEqual(game.state()["buildings"]["storehouse"], 1)
        self.assertEqual(game.state()["construction"], [])

    def test_build_unknown_kind_is_refused(self):
        self.assertFalse(Colony().command("build castle").success)

    def test_cannot_build_without_wood(self):
        game, replies = play(["build house", "build house", "build house"])
        self.assertEqual([r.success for r in replies], [True, True, False])

    def test_mill_adds_food_per_farmer_from_the_next_day(self):
        game, replies = play(["build mill", "assign 4 farmers", "end day"])
        self.assertTrue(all(r.success for r in replies))
        self.assertEqual(game.state()["buildings"]["mill"], 0)
        before = game.state()
        game.command("end day")
        self.assertEqual(game.state()["buildings"]["mill"], 1)
        self.assertEqual(game.state()["resources"]["food"], before["resources"]["food"] + 4 * 3 - before["population"])
        before = game.state()
        game.command("end day")
        self.assertEqual(game.state()["resources"]["food"], before["resources"]["food"] + 4 * 4 - before["population"])


class MarketTest(unittest.TestCase):
    def test_buy_costs_the_price_and_raises_it(self):
        game, replies = play(["buy food 10"])
        self.assertTrue(replies[0].success)
        state = game.state()
        self.assertEqual(state["resources"]["coin"], 40 - 30)
        self.assertEqual(state["resources"]["food"], 40)
        self.assertEqual(state["prices"]["food"], {"buy": 4, "sell": 3})

    def test_buy_needs_coin_and_room(self):
        self.assertFalse(Colony().command("buy wood 11").success)
        game, replies = play(["buy food 13"])
        self.assertTrue(replies[0].success)
        game, _ = play(["assign 5 farmers", "end day", "end day"])
        room = 60 - game.state()["resources"]["food"]
        self.assertFalse(game.command(f"buy food {room + 1}").success)
        self.assertTrue(game.command(f"buy food {room}").success)
        self.assertEqual(game.state()["resources"]["food"], 60)

    def test_sell_lowers_the_price_and_prices_recover_overnight(self):
        game, _ = play(["sell wood 5"])
        self.assertEqual(game.state()["resources"]["coin"], 40 + 5 * 3)
        self.assertEqual(game.state()["prices"]["wood"], {"buy": 3, "sell": 2})
        game.command("end day")
        self.assertEqual(game.state()["prices"]["wood"]["buy"], 4)

    def test_sell_more_than_held_is_refused(self):
        game, replies = play(["sell food 31", "sell food 0", "sell grain 3"])
        self.assertFalse(any(r.success for r in replies))
        self.assertEqual(game.state()["resources"]["food"], 30)

    def test_sell_all(self):
        game, replies = play(["sell wood all"])
        self.assertTrue(replies[0].success)
        self.assertEqual(game.state()["resources"]["wood"], 0)
        self.assertEqual(game.state()["resources"]["coin"], 40 + 20 * 3)

    def test_market_text_matches_the_state(self):
        game = Colony()
        reply = game.command("market")
        self.assertIn("food: buy 3, sell 2", reply.message)
        self.assertIn("wood: buy 4, sell 3", reply.message)


class StorageTest(unittest.TestCase):
    def test_production_beyond_storage_spoils(self):
        game, _ = play(["assign 5 woodcutters"] + end_days(4))
        self.assertEqual(game.state()["resources"]["wood"], 20 + 40)
        reply = game.command("end day")
        self.assertEqual(game.state()["resources"]["wood"], 60)
        self.assertIn("spoiled", reply.message)


class GrowthTest(unittest.TestCase):
    def test_a_newcomer_arrives_while_there_is_room(self):
        game, _ = play(["end day"])
        self.assertEqual(game.state()["population"], 6)
        game.command("end day")
        self.assertEqual(game.state()["population"], 6, "housing 6 is full")

    def test_finished_house_makes_room(self):
        game, _ = play(["assign 2 farmers", "build house"] + end_days(3))
        self.assertEqual(game.state()["housing"], 8)
        self.assertEqual(game.state()["buildings"]["house"], 1)

    def test_hunger_sends_an_idle_colonist_away(self):
        game, _ = play(["sell food 25", "end day", "end day"])
        state = game.state()
        self.assertEqual(state["resources"]["food"], 0)
        self.assertEqual(state["population"], 4)
        self.assertEqual(state["workers"]["idle"], 4)


class SaveLoadTest(unittest.TestCase):
    def test_load_brings_the_saved_day_back(self):
        game, _ = play(["assign 3 woodcutters", "build house", "end day", "save 2"])
        saved = game.state()
        game.command("end day")
        game.command("sell wood all")
        reply = game.command("load 2")
        self.assertTrue(reply.success)
        state = game.state()
        for key in ("day", "population", "resources", "workers", "construction", "prices", "buildings"):
            self.assertEqual(state[key], saved[key], key)
        self.assertEqual(state["slots"]["2"], "day 2")

    def test_empty_slot_and_bad_slot_are_refused(self):
        game, replies = play(["load 3", "save 4", "load x"])
        self.assertFalse(any(r.success for r in replies))


class EndTest(unittest.TestCase):
    def test_the_colony_is_lost_after_the_last_day(self):
        game, replies = play(["assign 5 farmers"] + end_days(20))
        self.assertTrue(all(r.success for r in replies))
        state = game.state()
        self.assertTrue(state["lost"])
        self.assertTrue(state["game_over"])
        self.assertFalse(state["won"])
        self.assertEqual(state["day"], 20)
        self.assertFalse(game.command("end day").success)


if __name__ == "__main__":
    unittest.main()
