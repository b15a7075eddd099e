"""The shop's rules as the docs state them, played through the commands a player types."""

from __future__ import annotations

import unittest

from crumbwick.commands import run
from crumbwick.shop import Shop


def play(shop: Shop, *commands: str) -> None:
    for command in commands:
        outcome = run(shop, command)
        if not outcome.success:
            raise AssertionError(f"{command!r} refused: {outcome.message}")


class BuyingTest(unittest.TestCase):
    def test_flour_is_bought_by_the_kilo_from_the_till(self) -> None:
        shop = Shop()
        play(shop, "buy 2 kg flour")
        view = shop.view()
        self.assertEqual(view["shopfront"]["cashOnHand"], "£37.60")
        self.assertEqual(view["pantry"]["flour"], "2 kg")

    def test_eggs_come_whole_and_weights_in_tenths(self) -> None:
        shop = Shop()
        self.assertFalse(run(shop, "buy 2 kg eggs").success)
        self.assertFalse(run(shop, "buy 0.25 kg butter").success)
        self.assertFalse(run(shop, "buy 3 flour").success)
        play(shop, "buy 6 eggs", "buy 0.5kg butter")
        self.assertEqual(shop.view()["pantry"]["eggs"], "6 eggs")
        self.assertEqual(shop.view()["shopfront"]["cashOnHand"], "£36.20")

    def test_a_purchase_the_till_cannot_pay_is_refused(self) -> None:
        shop = Shop()
        outcome = run(shop, "buy 12 kg butter")
        self.assertFalse(outcome.success)
        self.assertEqual(shop.view()["shopfront"]["cashOnHand"], "£40.00")

    def test_eggs_are_thrown_out_on_the_morning_of_the_eighth_day(self) -> None:
        shop = Shop(cash=10000)
        play(shop, "buy 6 eggs", *["open shop"] * 6)
        self.assertEqual(shop.view()["pantry"]["eggs"], "6 eggs")
        play(shop, "open shop")
        self.assertEqual(shop.view()["pantry"]["eggs"], "0 eggs")


class BakingAndSellingTest(unittest.TestCase):
    def test_ten_loaves_at_the_fair_price_all_sell(self) -> None:
        shop = Shop()
        play(shop, "buy 5.5 kg flour", "bake 10 loaf", "open shop")
        view = shop.view()
        self.assertEqual(view["lastClose"]["sold"], {"loaf": "10 loaves"})
        self.assertEqual(view["lastClose"]["takings"], "£25.00")
        self.assertEqual(view["pantry"]["flour"], "0.5 kg")
        self.assertEqual(view["calendar"]["today"], "day 2")

    def test_a_dearer_loaf_draws_fewer_customers(self) -> None:
        shop = Shop()
        play(shop, "buy 5.5 kg flour", "price loaf 3", "bake 10 loaf", "open shop")
        self.assertEqual(shop.view()["lastClose"]["sold"], {"loaf": "8 loaves"})
        self.assertEqual(shop.view()["shopfront"]["shelf"]["loaf"], "0 loaves")

    def test_the_oven_bakes_twelve_items_a_day(self) -> None:
        shop = Shop()
        play(shop, "buy 7 kg flour", "bake 12 loaf")
        self.assertFalse(run(shop, "bake 1 loaf").success)
        self.assertEqual(shop.view()["shopfront"]["ovenToday"], "12 of 12 items")

    def test_cake_is_learned_for_fifteen_pounds(self) -> None:
        shop = Shop()
        play(shop, "learn cake")
        self.assertIn("cake", shop.view()["shopfront"]["recipesKnown"])
        self.assertEqual(shop.view()["shopfront"]["cashOnHand"], "£25.00")


class CalendarTest(unittest.TestCase):
    def test_rent_is_paid_at_closing_on_day_seven(self) -> None:
        shop = Shop()
        play(shop, *["open shop"] * 7)
        view = shop.view()
        self.assertEqual(view["lastClose"]["rentPaid"], "£40.00")
        self.assertEqual(view["shopfront"]["cashOnHand"], "£0.00")
        self.assertEqual(view["calendar"]["nextRent"], "£40.00 on day 14")

    def test_a_deposit_reaching_the_target_wins(self) -> None:
        shop = Shop(cash=25000)
        play(shop, "deposit 150", "withdraw 10")
        self.assertFalse(shop.view()["outcome"]["won"])
        play(shop, "deposit 60")
        self.assertEqual(shop.view()["outcome"], {"won": True, "over": True})
        self.assertFalse(run(shop, "buy 1 kg flour").success)


if __name__ == "__main__":
    unittest.main()
