import re
import unittest
from pathlib import Path

from comet import economy as eco
from comet.voyage import Voyage

DOCS = Path(__file__).resolve().parents[1] / "docs"


def walkthrough() -> list[str]:
    text = (DOCS / "WALKTHROUGH.md").read_text()
    block = re.search(r"```\n(.*?)```", text, re.S).group(1)
    return [line.strip() for line in block.splitlines() if line.strip()]


class StartTest(unittest.TestCase):
    def test_a_new_voyage_starts_at_vesta_with_the_documented_numbers(self):
        state = Voyage().snapshot()
        self.assertEqual(state["clock"], {"day": 1, "orders": 0})
        self.assertEqual(state["ship"]["berth"], "vesta")
        self.assertEqual(state["ship"]["fuel"], {"units": 10, "tank": 10})
        self.assertEqual(state["ship"]["hold"]["capacity"], 20)
        self.assertEqual(state["ship"]["hold"]["cargo"], [])
        self.assertEqual(state["wallet"]["credits"], 240)
        self.assertEqual(state["guild"]["debt"], 2000)
        self.assertEqual(state["voyage"], "underway")

    def test_help_is_a_table_of_every_order(self):
        text = Voyage().order("help").text
        for order in ("status", "market", "routes", "cargo", "jump", "buy", "sell", "refuel", "repay"):
            self.assertIn(order, text)

    def test_every_order_counts_refused_ones_too(self):
        voyage = Voyage()
        voyage.order("status")
        self.assertFalse(voyage.order("dance").accepted)
        self.assertFalse(voyage.order("").accepted)
        self.assertEqual(voyage.snapshot()["clock"]["orders"], 3)

    def test_the_market_bids_ninety_percent_rounded_down(self):
        market = {row["good"]: row for row in Voyage().snapshot()["port"]["market"]}
        self.assertEqual(market["ore"], {"good": "ore", "ask": 14, "bid": 12})
        self.assertEqual(market["machinery"]["bid"], 23)


class FlyingTest(unittest.TestCase):
    def test_a_jump_burns_a_fuel_unit_per_day(self):
        voyage = Voyage()
        self.assertTrue(voyage.order("jump pallas").accepted)
        state = voyage.snapshot()
        self.assertEqual((state["clock"]["day"], state["ship"]["fuel"]["units"]), (4, 7))
        self.assertEqual(state["port"]["name"], "Pallas Deep")

    def test_stations_can_be_named_in_full_or_by_a_prefix(self):
        voyage = Voyage()
        self.assertTrue(voyage.order("fly Ceres Exchange").accepted)
        self.assertTrue(voyage.order("go hyg").accepted)
        self.assertEqual(voyage.berth, "hygiea")

    def test_jumps_that_cannot_be_flown_are_refused(self):
        voyage = Voyage()
        self.assertFalse(voyage.order("jump vesta").accepted)
        self.assertFalse(voyage.order("jump mars").accepted)
        self.assertFalse(voyage.order("jump").accepted)
        self.assertEqual(voyage.snapshot()["clock"]["day"], 1)

    def test_not_enough_fuel_refuses_the_jump(self):
        voyage = Voyage()
        voyage.order("jump hygiea")
        voyage.order("jump vesta")
        self.assertEqual(voyage.fuel, 0)
        self.assertFalse(voyage.order("jump ceres").accepted)
        self.assertEqual(voyage.day, 11)

    def test_the_last_drop_of_fuel_is_enough(self):
        voyage = Voyage()
        voyage.order("jump hygiea")
        voyage.order("jump ceres")
        self.assertEqual(voyage.fuel, 2)
        self.assertTrue(voyage.order("jump vesta").accepted)
        self.assertEqual(voyage.fuel, 0)

    def test_refuel_fills_the_tank_at_the_station_price(self):
        voyage = Voyage()
        voyage.order("jump hygiea")
        self.assertTrue(voyage.order("refuel").accepted)
        self.assertEqual((voyage.fuel, voyage.credits), (10, 240 - 5 * 8))
        self.assertFalse(voyage.order("refuel").accepted)

    def test_refuel_by_units(self):
        voyage = Voyage()
        voyage.order("jump ceres")
        self.assertFalse(voyage.order("refuel 3").accepted)
        self.assertTrue(voyage.order("refuel 2").accepted)
        self.assertEqual((voyage.fuel, voyage.credits), (10, 240 - 12))


class TradingTest(unittest.TestCase):
    def test_a_small_order_costs_units_times_ask(self):
        voyage = Voyage()
        self.assertTrue(voyage.order("buy ore 5").accepted)
        self.assertEqual(voyage.credits, 240 - 5 * 14)
        self.assertEqual(voyage.snapshot()["ship"]["hold"]["cargo"], [{"good": "ore", "units": 5}])

    def test_a_large_order_gets_the_bulk_discount(self):
        voyage = Voyage()
        self.assertTrue(voyage.order("buy 12 grain").accepted)
        self.assertEqual(voyage.credits, 240 - (132 - 13))
        self.assertEqual(voyage.snapshot()["ship"]["hold"]["free"], 8)

    def test_orders_that_cannot_be_paid_are_refused_whole(self):
        voyage = Voyage()
        self.assertFalse(voyage.order("buy medicine 7").accepted)
        self.assertEqual((voyage.credits, voyage.cargo), (240, {}))

    def test_goods_a_station_does_not_list_cannot_be_bought(self):
        voyage = Voyage()
        voyage.order("jump hygiea")
        self.assertFalse(voyage.order("buy medicine 1").accepted)
        self.assertFalse(voyage.order("buy gold 1").accepted)
        self.assertFalse(voyage.order("buy ore").accepted)
        self.assertFalse(voyage.order("buy ore -3").accepted)

    def test_selling_pays_the_bid(self):
        voyage = Voyage()
        voyage.order("buy machinery 5")
        voyage.order("jump ceres")
        self.assertTrue(voyage.order("sell machinery 2").accepted)
        self.assertEqual(voyage.credits, 240 - 130 + 2 * 43)
        self.assertTrue(voyage.order("sell machinery").accepted)
        self.assertEqual(voyage.credits, 240 - 130 + 5 * 43)
        self.assertEqual(voyage.cargo, {})

    def test_selling_more_than_is_carried_is_refused(self):
        voyage = Voyage()
        voyage.order("buy grain 3")
        self.assertFalse(voyage.order("sell grain 4").accepted)
        self.assertFalse(voyage.order("sell ore").accepted)
        self.assertEqual(voyage.cargo, {"grain": 3})


class GuildTest(unittest.TestCase):
    def test_interest_falls_due_on_day_ten(self):
        voyage = Voyage()
        for station in ("pallas", "hygiea", "pallas", "ceres"):
            self.assertTrue(voyage.order(f"jump {station}").accepted)
        self.assertEqual(voyage.day, 10)
        self.assertEqual(voyage.debt, 2200)

    def test_the_guild_takes_payments_only_at_vesta(self):
        voyage = Voyage()
        self.assertTrue(voyage.order("repay 40").accepted)
        self.assertEqual((voyage.credits, voyage.debt), (200, 1960))
        self.assertFalse(voyage.order("repay 500").accepted)
        voyage.order("jump ceres")
        self.assertFalse(voyage.order("repay 10").accepted)

    def test_passing_the_deadline_in_debt_impounds_the_ship(self):
        voyage = Voyage()
        voyage.day = 39
        voyage.order("jump ceres")
        self.assertEqual(voyage.result, "impounded")
        self.assertTrue(voyage.over)
        self.assertFalse(voyage.order("buy grain 1").accepted)
        self.assertTrue(voyage.order("status").accepted)

    def test_the_walkthrough_wins(self):
        voyage = Voyage()
        for order in walkthrough():
            self.assertTrue(voyage.order(order).accepted, order)
        state = voyage.snapshot()
        self.assertTrue(state["guild"]["cleared"])
        self.assertEqual((state["voyage"], state["guild"]["debt"]), ("won", 0))
        self.assertFalse(voyage.order("jump ceres").accepted)


if __name__ == "__main__":
    unittest.main()
