import pathlib
import re
import unittest

from station import Station, parse

WALKTHROUGH = pathlib.Path(__file__).resolve().parents[1] / "docs" / "WALKTHROUGH.md"


def play(station, *commands):
    reply = None
    for command in commands:
        reply = station.handle(command)
        assert reply.success, f"{command!r} refused: {reply.message}"
    return reply


def count(items, kind):
    return next(item["count"] for item in items if item["kind"] == kind)


def in_pen(state, pen, kind=None):
    return sum(m["count"] for m in state["flock"] if m["pen"] == pen and (kind is None or m["kind"] == kind))


class ParseTest(unittest.TestCase):
    def test_counts_kinds_and_places(self):
        order = parse("Move 12 merinos from the paddock into the holding pen.")
        self.assertEqual(order.verb, "move")
        self.assertEqual(order.count, 12)
        self.assertEqual(order.kind, "merino")
        self.assertEqual(order.from_place, "paddock")
        self.assertEqual(order.to_place, "holding pen")

    def test_number_words(self):
        self.assertEqual(parse("hire a shearer from the town").count, 1)
        self.assertEqual(parse("shear a dozen crossbreds").count, 12)
        self.assertEqual(parse("sell three bales to the co-op").count, 3)
        self.assertEqual(parse("sell three bales to the co-op").to_place, "co-op")

    def test_unknown_verb_is_refused(self):
        reply = Station().handle("dance a jig in the shed")
        self.assertFalse(reply.success)


class StartTest(unittest.TestCase):
    def test_new_season(self):
        state = Station().snapshot()
        self.assertEqual(state["day"], 1)
        self.assertEqual(state["cash"], 200)
        self.assertEqual(in_pen(state, "paddock", "merino"), 40)
        self.assertEqual(in_pen(state, "paddock", "crossbred"), 20)
        self.assertEqual(state["shearers"], [])
        self.assertFalse(state["won"])
        self.assertEqual(len(state["events"]), 1)


class PenTest(unittest.TestCase):
    def test_move_into_holding_pen_and_back(self):
        station = Station()
        play(station, "move 12 merinos from the paddock into the holding pen")
        state = station.snapshot()
        self.assertEqual(in_pen(state, "holding pen", "merino"), 12)
        self.assertEqual(in_pen(state, "paddock"), 48)
        play(station, "return 2 merinos to the paddock")
        self.assertEqual(in_pen(station.snapshot(), "holding pen"), 10)

    def test_holding_pen_limit(self):
        station = Station()
        reply = station.handle("move 21 sheep into the holding pen")
        self.assertFalse(reply.success)
        self.assertEqual(in_pen(station.snapshot(), "holding pen"), 0)
        play(station, "move 20 sheep into the holding pen")
        self.assertEqual(in_pen(station.snapshot(), "holding pen"), 20)

    def test_nobody_moves_sheep_into_the_shorn_pen(self):
        station = Station()
        self.assertFalse(station.handle("move 5 sheep into the shorn pen").success)


class ShearingTest(unittest.TestCase):
    def test_shear_needs_a_shearer(self):
        station = Station()
        play(station, "move 5 merinos into the holding pen")
        self.assertFalse(station.handle("shear 5 sheep").success)

    def test_shear_makes_fleeces(self):
        station = Station()
        play(station, "hire a shearer from the town", "move 5 merinos into the holding pen", "shear 5 merinos")
        state = station.snapshot()
        self.assertEqual(in_pen(state, "shorn pen", "merino"), 5)
        self.assertEqual(count(state["fleeces"], "merino"), 5)
        self.assertEqual(state["shearers"][0]["shorn_today"], 5)

    def test_more_than_the_tally_is_refused(self):
        station = Station()
        play(station, "hire a shearer", "move 10 merinos into the holding pen")
        self.assertFalse(station.handle("shear 7 sheep").success)
        self.assertEqual(count(station.snapshot()["fleeces"], "merino"), 0)

    def test_board_is_limited_to_four(self):
        station = Station()
        play(station, "hire 4 shearers from the town")
        self.assertEqual([s["name"] for s in station.snapshot()["shearers"]], ["Ann", "Bert", "Cal", "Dot"])
        self.assertFalse(station.handle("hire a shearer from the town").success)


class WoolTest(unittest.TestCase):
    def setUp(self):
        self.station = Station()
        play(self.station, "hire 2 shearers", "move 12 merinos into the holding pen", "shear 8 merinos")

    def test_press_whole_bales(self):
        play(self.station, "press 8 merino fleeces into bales")
        state = self.station.snapshot()
        self.assertEqual(count(state["bales"], "merino"), 2)
        self.assertEqual(count(state["fleeces"], "merino"), 0)
        self.assertEqual(state["cash"], 190)

    def test_too_few_fleeces(self):
        play(self.station, "press 4 merino fleeces into a bale")
        self.assertFalse(self.station.handle("press 3 merino fleeces into a bale").success)

    def test_sell_to_the_mill(self):
        play(self.station, "press 8 merino fleeces into bales", "sell 2 bales to the Bradford Mill")
        state = self.station.snapshot()
        self.assertEqual(state["cash"], 190 + 180)
        self.assertEqual(count(state["bales"], "merino"), 0)
        mill = next(b for b in state["buyers"] if b["name"] == "Bradford Mill")
        self.assertEqual(mill["wants"], 1)

    def test_buyers_keep_to_their_wool(self):
        play(self.station, "press 8 merino fleeces into bales")
        self.assertFalse(self.station.handle("sell 1 merino bale to the Geelong Broker").success)
        self.assertFalse(self.station.handle("sell 1 bale to the woolstore").success)
        play(self.station, "sell 1 merino bale to the co-op")
        self.assertEqual(self.station.snapshot()["cash"], 190 + 50)


class DaysTest(unittest.TestCase):
    def test_wages_at_nightfall(self):
        station = Station()
        play(station, "hire 3 shearers from the town", "end the day")
        state = station.snapshot()
        self.assertEqual(state["day"], 2)
        self.assertEqual(state["cash"], 200 - 120)

    def test_buyers_come_back_each_morning(self):
        station = Station()
        play(station, "hire 4 shearers", "move 20 merinos into the holding pen", "shear 16 merinos")
        play(station, "press 16 merino fleeces into bales", "sell 3 bales to the mill")
        self.assertFalse(station.handle("sell 1 bale to the mill").success)
        play(station, "end the day", "sell 1 bale to the mill")

    def test_paid_when_sent_back_after_shearing(self):
        station = Station()
        play(station, "hire 2 shearers", "move 8 sheep into the holding pen", "shear 8 sheep")
        play(station, "send 1 shearer back to the town")
        state = station.snapshot()
        self.assertEqual([s["name"] for s in state["shearers"]], ["Ann"])
        self.assertEqual(state["cash"], 160)

    def test_the_season_closes(self):
        station = Station()
        for _ in range(12):
            if station.game_over:
                break
            play(station, "end the day")
        self.assertTrue(station.season_over)
        self.assertFalse(station.won)
        self.assertFalse(station.handle("hire a shearer").success)


class WalkthroughTest(unittest.TestCase):
    def test_walkthrough_wins(self):
        commands = re.findall(r"^- `([^`]+)`", WALKTHROUGH.read_text(), re.MULTILINE)
        self.assertGreater(len(commands), 10)
        station = Station()
        play(station, *commands)
        self.assertTrue(station.won)
        self.assertTrue(station.game_over)
        self.assertFalse(station.handle("end the day").success)
        self.assertTrue(station.handle("look").success)


if __name__ == "__main__":
    unittest.main()
