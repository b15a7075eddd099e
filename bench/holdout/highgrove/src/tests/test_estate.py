import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from estate import Estate  # noqa: E402


def ledger(estate):
    return dict(line.split("=", 1) for line in estate.ledger())


def play(estate, *orders):
    for text in orders:
        ok, message = estate.order(text)
        assert ok, (text, message)
    return message


class NewEstateTest(unittest.TestCase):
    def test_starts_on_day_one_with_a_hundred_rupees(self):
        books = ledger(Estate())
        self.assertEqual(books["day"], "1")
        self.assertEqual(books["cash"], "100")
        self.assertEqual(books["season"], "first_flush")
        self.assertEqual(books["status"], "running")
        self.assertEqual(books["next_auction_day"], "5")
        self.assertEqual(books["next_payday"], "7")

    def test_replies_are_telegrams(self):
        ok, message = Estate().order("help")
        self.assertTrue(ok)
        self.assertEqual(message, message.upper())
        self.assertIn("STOP", message)
        self.assertIn("LEAF PLUCK N", message)

    def test_unknown_and_verb_first_orders_are_refused(self):
        estate = Estate()
        self.assertFalse(estate.order("dance")[0])
        ok, message = estate.order("pluck leaf 3")
        self.assertFalse(ok)
        self.assertIn("THING FIRST", message)
        self.assertFalse(estate.order("")[0])


class LabourTest(unittest.TestCase):
    def test_hire_and_the_lines_limit(self):
        estate = Estate()
        play(estate, "worker hire 8")
        self.assertFalse(estate.order("worker hire 3")[0])
        play(estate, "worker hire 2")
        self.assertEqual(ledger(estate)["workers"], "10")

    def test_bad_numbers_are_refused(self):
        estate = Estate()
        for text in ("worker hire", "worker hire two", "worker hire 0", "worker hire -1", "leaf pluck 99999"):
            self.assertFalse(estate.order(text)[0], text)

    def test_each_plucker_plucks_once_a_day(self):
        estate = Estate()
        play(estate, "worker hire 3", "leaf pluck 2")
        self.assertEqual(ledger(estate)["green_leaf_kg"], "40")
        self.assertFalse(estate.order("leaf pluck 2")[0])
        play(estate, "leaf pluck 1")
        self.assertEqual(ledger(estate)["free_workers"], "0")

    def test_dismiss_lowers_the_roll(self):
        estate = Estate()
        play(estate, "worker hire 4", "worker dismiss 1")
        self.assertEqual(ledger(estate)["workers"], "3")
        self.assertFalse(estate.order("worker dismiss 5")[0])

    def test_first_payday_pays_a_week_of_wages(self):
        estate = Estate()
        play(estate, "worker hire 2")
        for _ in range(6):
            play(estate, "day end")
        self.assertEqual(ledger(estate)["wages_owed"], "72")
        message = play(estate, "day end")
        self.assertIn("84 RUPEES WAGES PAID", message)
        self.assertEqual(ledger(estate)["cash"], "16")

    def test_unpaid_pluckers_strike(self):
        estate = Estate()
        play(estate, "worker hire 10")
        for _ in range(7):
            play(estate, "day end")
        self.assertTrue(estate.lost)
        self.assertEqual(ledger(estate)["status"], "lost")
        self.assertFalse(estate.order("worker hire 1")[0])


class FactoryTest(unittest.TestCase):
    def test_leaf_moves_through_the_factory(self):
        estate = Estate()
        play(estate, "worker hire 5", "leaf pluck 5", "leaf wither 100", "leaf roll 60", "leaf dry 40")
        books = ledger(estate)
        self.assertEqual(books["green_leaf_kg"], "0")
        self.assertEqual(books["withered_leaf_kg"], "40")
        self.assertEqual(books["rolled_leaf_kg"], "20")
        self.assertEqual(books["made_tea_kg"], "10")

    def test_trough_limit_in_the_first_flush(self):
        estate = Estate()
        play(estate, "worker hire 6", "leaf pluck 6", "leaf wither 90")
        ok, message = estate.order("leaf wither 20")
        self.assertFalse(ok)
        self.assertIn("ROOM FOR 10 KG", message)

    def test_green_leaf_spoils_overnight(self):
        estate = Estate()
        play(estate, "worker hire 1", "leaf pluck 1", "day end")
        self.assertEqual(ledger(estate)["green_leaf_kg"], "0")

    def test_dryer_refuses_less_than_a_lot(self):
        estate = Estate()
        play(estate, "worker hire 1", "leaf pluck 1", "leaf wither 20", "leaf roll 3")
        self.assertFalse(estate.order("leaf dry 3")[0])

    def test_one_chest_packed(self):
        estate = Estate()
        play(estate, "worker hire 5", "leaf pluck 5", "leaf wither 100", "leaf roll 100", "leaf dry 100",
             "chest pack 1")
        books = ledger(estate)
        self.assertEqual(books["chests"], "1")
        self.assertEqual(books["made_tea_kg"], "5")
        self.assertEqual(books["cash"], "95")


class CalendarTest(unittest.TestCase):
    def test_no_auction_before_day_five(self):
        estate = Estate()
        play(estate, "worker hire 5", "leaf pluck 5", "leaf wither 100", "leaf roll 100", "leaf dry 100",
             "chest pack 1")
        ok, message = estate.order("chest sell 1")
        self.assertFalse(ok)
        self.assertIn("NEXT ON DAY 5", message)

    def test_monsoon_mid_season(self):
        estate = Estate()
        for _ in range(14):
            play(estate, "day end")
        play(estate, "worker hire 1", "leaf pluck 1")
        books = ledger(estate)
        self.assertEqual(books["season"], "monsoon")
        self.assertEqual(books["green_leaf_kg"], "30")
        self.assertEqual(books["trough_capacity_kg"], "50")

    def test_season_closes_after_day_thirty(self):
        estate = Estate()
        for _ in range(30):
            play(estate, "day end")
        self.assertTrue(estate.lost)
        self.assertIn("GOAL 1000 MISSED", estate.order("day end")[1])


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "WALKTHROUGH.md")
        with open(path) as handle:
            orders = [line.strip()[3:-1] for line in handle if line.startswith("- `")]
        estate = Estate()
        play(estate, *orders)
        self.assertTrue(estate.won)
        self.assertEqual(ledger(estate)["status"], "won")


if __name__ == "__main__":
    unittest.main()
