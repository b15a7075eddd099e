import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from auction import CAPACITY, GOAL, START_PURSE, Season, premium_on  # noqa: E402


def play(season, *commands):
    result = None
    for command in commands:
        result = season.run(command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


class OpeningTest(unittest.TestCase):
    def test_new_season(self):
        state = Season().snapshot()
        self.assertEqual(state["season"]["day"], 1)
        self.assertEqual(state["purse"], START_PURSE)
        self.assertEqual(state["goal"], GOAL)
        self.assertEqual(state["block"]["lot"], 1)
        self.assertEqual(state["block"]["next_bid"], 20)
        self.assertNotIn("limit", state["block"])
        self.assertEqual(len(state["catalogue"]), 3)
        self.assertEqual(state["storeroom"], [])

    def test_help_and_unknown(self):
        season = Season()
        ok, text = season.run("help")
        self.assertTrue(ok)
        self.assertIn("bid", text)
        ok, _ = season.run("juggle")
        self.assertFalse(ok)
        ok, _ = season.run("   ")
        self.assertFalse(ok)
        self.assertEqual(season.turn, 3)


class BiddingTest(unittest.TestCase):
    def test_premium_rounds_up(self):
        self.assertEqual(premium_on(30), 3)
        self.assertEqual(premium_on(45), 5)
        self.assertEqual(premium_on(100), 10)

    def test_bid_below_opening_refused(self):
        season = Season()
        ok, _ = season.run("bid 10")
        self.assertFalse(ok)
        ok, _ = season.run("bid lots")
        self.assertFalse(ok)
        self.assertIsNone(season.snapshot()["block"]["standing"])

    def test_rival_raises_by_one_increment(self):
        season = Season()
        play(season, "bid")
        block = season.snapshot()["block"]
        self.assertEqual((block["standing"], block["leader"]), (25, "rival"))
        self.assertEqual(block["next_bid"], 30)

    def test_hammer_falls_when_rival_is_out(self):
        season = Season()
        play(season, "bid 30")
        state = season.snapshot()
        self.assertEqual(state["purse"], START_PURSE - 33)
        self.assertEqual(state["storeroom"][0]["title"], "Silver snuffbox")
        self.assertEqual(state["storeroom"][0]["paid"], 33)
        self.assertEqual(state["catalogue"][0]["result"], {"buyer": "you", "price": 30})
        self.assertEqual(state["block"]["lot"], 2)

    def test_cannot_bid_beyond_purse(self):
        season = Season()
        play(season, "pass")
        ok, text = season.run("bid 140")
        self.assertFalse(ok)
        self.assertIn("154", text)
        self.assertEqual(season.purse, START_PURSE)

    def test_pass_to_rival_at_opening(self):
        season = Season()
        ok, text = season.run("pass")
        self.assertTrue(ok)
        self.assertIn("rival at 20", text)
        self.assertEqual(season.snapshot()["catalogue"][0]["result"]["buyer"], "rival")

    def test_pass_after_bidding_names_price(self):
        season = Season()
        _, text = play(season, "bid 20", "pass")
        self.assertIn("rival at 25", text)


class SellingTest(unittest.TestCase):
    def test_dealer_pays_estimate_and_takes_lot(self):
        season = Season()
        play(season, "pass", "pass", "bid 25")
        purse = season.purse
        _, text = play(season, "sell folio")
        self.assertEqual(season.purse, purse + 35)
        self.assertEqual(season.storeroom, [])
        self.assertIn("35 crowns", text)

    def test_collector_pays_half_again_in_vogue(self):
        season = Season()
        play(season, "bid 30")
        purse = season.purse
        play(season, "sell 1")
        self.assertEqual(season.purse, purse + 67)

    def test_sell_nothing_refused(self):
        season = Season()
        for command in ("sell", "sell 0", "sell teapot"):
            ok, _ = season.run(command)
            self.assertFalse(ok, command)


class DayTest(unittest.TestCase):
    def test_close_waits_for_the_last_lot(self):
        season = Season()
        ok, _ = season.run("close")
        self.assertFalse(ok)
        self.assertEqual(season.day, 1)

    def test_close_charges_storage(self):
        season = Season()
        play(season, "pass", "pass", "bid 25")
        purse = season.purse
        play(season, "close")
        state = season.snapshot()
        self.assertEqual(state["purse"], purse - 2)
        self.assertEqual(state["ledger"]["fees"], 2)
        self.assertEqual(state["season"]["day"], 2)
        self.assertEqual(state["season"]["vogue"], "clocks")
        self.assertEqual(state["block"]["lot"], 4)

    def test_season_ends_after_day_four(self):
        season = Season()
        for _ in range(4):
            play(season, "pass", "pass", "pass", "close")
        self.assertTrue(season.over)
        self.assertFalse(season.won)
        ok, _ = season.run("bid")
        self.assertFalse(ok)
        ok, _ = season.run("status")
        self.assertTrue(ok)

    def test_storeroom_capacity_is_stated(self):
        self.assertEqual(Season().snapshot()["capacity"], CAPACITY)


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        with open(os.path.join(os.path.dirname(HERE), "WALKTHROUGH.md")) as f:
            commands = re.findall(r"^- `([^`]+)`", f.read(), re.M)
        season = Season()
        play(season, *commands)
        self.assertTrue(season.won)
        self.assertTrue(season.over)
        self.assertGreaterEqual(season.purse, GOAL)
        state = season.snapshot()
        ledger = state["ledger"]
        self.assertEqual(state["purse"],
                         START_PURSE - ledger["spent"] + ledger["earned"] - ledger["fees"])


if __name__ == "__main__":
    unittest.main()
