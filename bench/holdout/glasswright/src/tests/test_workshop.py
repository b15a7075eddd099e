import unittest
from pathlib import Path

from workshop import HELP, CommandError, Workshop

DOCS = Path(__file__).resolve().parents[1] / "docs"


def run(workshop: Workshop, *lines: str) -> str:
    message = ""
    for line in lines:
        message = workshop.handle(line)
    return message


class HelpAndParsing(unittest.TestCase):
    def test_help_is_an_indented_tree(self):
        lines = HELP.splitlines()[1:]
        self.assertIn("  furnace", lines)
        self.assertIn("    stoke <sacks> - burn charcoal sacks, +100 degrees each (up to 1300)", lines)
        for line in lines:
            indent = len(line) - len(line.lstrip(" "))
            self.assertIn(indent, (2, 4), line)

    def test_every_leaf_in_help_is_a_command(self):
        noun = None
        for line in HELP.splitlines()[1:]:
            if line.startswith("    "):
                verb = line.split()[0]
                self.assertTrue(hasattr(Workshop, f"cmd_{noun}_{verb}"), f"{noun} {verb}")
            elif " - " not in line:
                noun = line.strip()

    def test_unknown_noun_and_verb_are_refused(self):
        w = Workshop()
        with self.assertRaisesRegex(CommandError, "Unknown command"):
            w.handle("kiln fire")
        with self.assertRaisesRegex(CommandError, "can't polish the furnace"):
            w.handle("furnace polish")
        with self.assertRaisesRegex(CommandError, "Furnace what"):
            w.handle("furnace")
        with self.assertRaises(CommandError):
            w.handle("   ")

    def test_pairs_must_look_like_name_value(self):
        w = Workshop()
        with self.assertRaisesRegex(CommandError, "name:value"):
            w.handle("supplies buy sand")
        with self.assertRaisesRegex(CommandError, "Unknown argument"):
            w.handle("supplies buy item:sand colour:red")
        with self.assertRaisesRegex(CommandError, "whole number"):
            w.handle("supplies buy item:sand qty:lots")
        with self.assertRaisesRegex(CommandError, "at least 1"):
            w.handle("furnace stoke 0")


class Supplies(unittest.TestCase):
    def test_buying_costs_the_listed_price(self):
        w = Workshop()
        message = run(w, "supplies buy item:cobalt qty:2")
        self.assertEqual(w.money, 120 - 24)
        self.assertEqual(w.supplies["cobalt"]["stock"], 2)
        self.assertIn("24 coins", message)

    def test_cannot_buy_beyond_means(self):
        w = Workshop()
        with self.assertRaisesRegex(CommandError, "costs 132 coins"):
            w.handle("supplies buy item:charcoal qty:22")
        self.assertEqual(w.money, 120)


class Furnace(unittest.TestCase):
    def test_stoke_adds_a_hundred_a_sack(self):
        w = Workshop()
        run(w, "furnace stoke 2")
        self.assertEqual(w.furnace["temperature"], 1200)
        self.assertEqual(w.supplies["charcoal"]["stock"], 2)

    def test_stoke_never_goes_past_the_maximum(self):
        w = Workshop()
        run(w, "furnace stoke 3")
        self.assertEqual(w.furnace["temperature"], 1300)
        with self.assertRaisesRegex(CommandError, "already at"):
            w.handle("furnace stoke 1")
        self.assertEqual(w.supplies["charcoal"]["stock"], 1)

    def test_night_cooling_unbanked(self):
        w = Workshop()
        run(w, "day end")
        self.assertEqual(w.furnace["temperature"], 700)
        self.assertEqual(w.day, 2)
        self.assertEqual(w.hours_left, 8)

    def test_banking_costs_a_sack_and_saves_heat(self):
        w = Workshop()
        run(w, "furnace bank", "day end")
        self.assertEqual(w.furnace["temperature"], 950)
        self.assertEqual(w.supplies["charcoal"]["stock"], 3)

    def test_glass_sets_when_the_furnace_falls_too_far(self):
        w = Workshop()
        run(w, "furnace stoke 2", "batch melt name:first color:clear", "day end")
        self.assertEqual(w.furnace["temperature"], 900)
        self.assertIn("first", w.batches)
        run(w, "day end")
        self.assertEqual(w.batches, {})


class Glass(unittest.TestCase):
    def test_melting_needs_heat(self):
        w = Workshop()
        with self.assertRaisesRegex(CommandError, "needs 1200"):
            w.handle("batch melt name:first color:clear")
        self.assertEqual(w.supplies["sand"]["stock"], 6)

    def test_melting_uses_the_recipe_and_two_hours(self):
        w = Workshop()
        run(w, "supplies buy item:cobalt", "furnace stoke 2", "batch melt name:deep color:blue")
        self.assertEqual(w.batches["deep"], {"color": "blue", "gathers": 6, "meltedDay": 1})
        self.assertEqual(w.hours_left, 6)
        stock = {name: s["stock"] for name, s in w.supplies.items()}
        self.assertEqual(stock, {"sand": 3, "soda": 1, "lime": 1, "cobalt": 0, "charcoal": 2})

    def test_blue_needs_cobalt(self):
        w = Workshop()
        run(w, "furnace stoke 2")
        with self.assertRaisesRegex(CommandError, "short 1 cobalt"):
            w.handle("batch melt name:deep color:blue")

    def test_blowing_takes_gathers_hours_and_heat(self):
        w = Workshop()
        run(w, "furnace stoke 3", "batch melt name:first color:clear")
        message = run(w, "piece blow shape:vase batch:first")
        self.assertIn("vase-1", message)
        self.assertEqual(w.batches["first"]["gathers"], 3)
        self.assertEqual(w.hours_left, 4)
        self.assertEqual(w.furnace["temperature"], 1275)
        self.assertEqual(w.bench["vase-1"], {"shape": "vase", "color": "clear", "blownDay": 1})

    def test_an_empty_pot_is_freed(self):
        w = Workshop()
        run(w, "furnace stoke 3", "batch melt name:first color:clear", "piece blow shape:lamp batch:first")
        run(w, "piece blow shape:bowl batch:first")
        self.assertEqual(w.batches, {})

    def test_cold_glass_cannot_be_worked(self):
        w = Workshop()
        run(w, "furnace stoke 2", "batch melt name:first color:clear", "day end")
        with self.assertRaisesRegex(CommandError, "too stiff"):
            w.handle("piece blow shape:cup batch:first")

    def test_no_more_hours_than_the_day_has(self):
        w = Workshop()
        run(w, "furnace stoke 3", "batch melt name:first color:clear", "piece blow shape:lamp batch:first")
        run(w, "piece blow shape:bowl batch:first", "batch melt name:second color:clear")
        self.assertEqual(w.hours_left, 0)
        with self.assertRaisesRegex(CommandError, "only 0 are left"):
            w.handle("piece blow shape:cup batch:second")


class OvenShelfOrders(unittest.TestCase):
    def setUp(self):
        self.w = Workshop()
        run(self.w, "furnace stoke 3", "batch melt name:first color:clear")
        run(self.w, "piece blow shape:cup batch:first", "piece blow shape:cup batch:first")
        run(self.w, "piece blow shape:bowl batch:first")

    def test_bench_pieces_crack_overnight(self):
        run(self.w, "oven load cup-1", "day end")
        self.assertEqual(self.w.bench, {})
        self.assertEqual(self.w.stats["piecesCracked"], 2)
        self.assertTrue(self.w.oven["cup-1"]["annealed"])

    def test_unload_waits_for_annealing(self):
        run(self.w, "oven load cup-1")
        with self.assertRaisesRegex(CommandError, "finished annealing"):
            self.w.handle("oven unload")
        run(self.w, "day end", "oven unload")
        self.assertEqual(self.w.shelf, {"cup-1": {"shape": "cup", "color": "clear"}})
        self.assertEqual(self.w.oven, {})

    def test_sell_pays_the_walk_in_price(self):
        run(self.w, "oven load bowl-3", "day end", "oven unload")
        message = run(self.w, "shelf sell bowl-3")
        self.assertIn("18 coins", message)
        self.assertEqual(self.w.money, 138)
        self.assertEqual(self.w.shelf, {})

    def test_deliver_an_order(self):
        run(self.w, "oven load cup-1", "oven load cup-2", "day end", "oven unload")
        message = run(self.w, "order deliver hale")
        self.assertIn("40 coins", message)
        self.assertEqual(self.w.money, 160)
        self.assertEqual(self.w.orders["hale"]["status"], "delivered")
        self.assertEqual(self.w.shelf, {})
        with self.assertRaisesRegex(CommandError, "delivered"):
            self.w.handle("order deliver hale")

    def test_deliver_needs_enough_pieces(self):
        run(self.w, "oven load cup-1", "day end", "oven unload")
        with self.assertRaisesRegex(CommandError, "the shelf has 1"):
            self.w.handle("order deliver hale")
        self.assertIn("cup-1", self.w.shelf)

    def test_orders_arrive_and_lapse(self):
        w = Workshop()
        self.assertEqual(set(w.orders), {"hale", "okafor"})
        run(w, "day end")
        self.assertIn("brandt", w.orders)
        run(w, "day end", "day end")
        self.assertEqual(w.orders["hale"]["status"], "lapsed")
        self.assertEqual(w.orders["okafor"]["status"], "open")


class Lease(unittest.TestCase):
    def test_paying_needs_the_coins(self):
        w = Workshop()
        with self.assertRaisesRegex(CommandError, "400 coins"):
            w.handle("lease pay")
        self.assertFalse(w.over)

    def test_paying_wins(self):
        w = Workshop()
        w.money = 450
        run(w, "lease pay")
        self.assertTrue(w.flags["won"])
        self.assertEqual(w.money, 50)
        with self.assertRaisesRegex(CommandError, "week is over"):
            w.handle("day end")
        self.assertIn("Day 1", w.handle("workshop status"))

    def test_the_week_runs_out(self):
        w = Workshop()
        for _ in range(7):
            run(w, "day end")
        self.assertTrue(w.flags["lost"])
        self.assertEqual(w.day, 7)

    def test_walkthrough_wins(self):
        w = Workshop()
        text = (DOCS / "WALKTHROUGH.md").read_text()
        lines = [line[3:-1] for line in text.splitlines() if line.startswith("- `")]
        for line in lines:
            w.handle(line)
        self.assertTrue(w.flags["won"])


if __name__ == "__main__":
    unittest.main()
