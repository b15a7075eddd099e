import unittest
from pathlib import Path

import game
from game import Game

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "WALKTHROUGH.md"


def play(g, *commands):
    result = None
    for command in commands:
        result = g.command(command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


def waiting_for(g, town):
    return [p["id"] for p in g.state()["wait"] if p["to"] == town]


class NewGameTest(unittest.TestCase):
    def test_the_state_starts_in_ashby(self):
        s = Game().state()
        self.assertEqual((s["day"], s["clock"], s["town"], s["purse"]), (1, "06:00", "Ashby", 40))
        self.assertEqual((s["hrs"], s["team"], s["fod"], s["cap"], s["lb"]), ("0/12", "100/100", "2/6", "0/6", "0/120"))
        self.assertEqual(len(s["wait"]), 8)
        self.assertFalse(s["won"] or s["over"])

    def test_two_new_games_are_the_same(self):
        self.assertEqual(Game().state(), Game().state())

    def test_help_is_a_table(self):
        ok, text = Game().command("help")
        self.assertTrue(ok)
        self.assertIn("command", text.splitlines()[1])
        self.assertIn("what it does", text)
        for verb in ("board", "load", "drop", "drive", "buy", "feed", "rest", "hire", "inn"):
            self.assertIn(f"\n{verb}", text)

    def test_unknown_and_spaced_commands_are_refused(self):
        g = Game()
        self.assertFalse(g.command("fly:Eastgate")[0])
        self.assertFalse(g.command("board p1")[0])
        self.assertFalse(g.command("")[0])
        self.assertEqual(g.turn, 3)


class PassengerTest(unittest.TestCase):
    def test_fare_is_paid_on_arrival(self):
        g = Game()
        pid = waiting_for(g, "Brackwell")[0]
        play(g, f"board:{pid}")
        self.assertEqual(g.state()["cap"], "1/6")
        play(g, "drive:Brackwell")
        s = g.state()
        self.assertEqual(s["purse"], 40 + 9)
        self.assertEqual((s["cap"], s["dlv"]), ("0/6", 1))

    def test_six_passengers_fill_the_coach(self):
        g = Game()
        for p in g.state()["wait"][:6]:
            play(g, f"board:{p['id']}")
        self.assertEqual(g.state()["cap"], "6/6")

    def test_a_late_passenger_pays_half_the_same_day(self):
        g = Game()
        passenger = next(p for p in g.state()["wait"] if p["to"] == "Brackwell")
        play(g, f"board:{passenger['id']}", "rest:6", "drive:Brackwell")
        self.assertEqual(g.state()["clock"], "15:00")
        self.assertEqual(g.state()["purse"], 40 + passenger["fare"] // 2)

    def test_a_dropped_passenger_waits_again(self):
        g = Game()
        play(g, "board:p1", "drop:p1")
        s = g.state()
        self.assertIn("p1", [p["id"] for p in s["wait"]])
        self.assertEqual(s["cap"], "0/6")

    def test_boarding_a_stranger_is_refused(self):
        g = Game()
        self.assertFalse(g.command("board:p99")[0])
        self.assertFalse(g.command("board:")[0])


class ParcelTest(unittest.TestCase):
    def test_a_parcel_is_delivered_for_its_fee(self):
        g = Game()
        parcel = g.state()["depot"][0]
        play(g, f"load:{parcel['id']}")
        self.assertEqual(g.state()["lb"], f"{parcel['lb']}/120")
        g.boot[0].dest = "Brackwell"
        play(g, "drive:Brackwell")
        self.assertEqual(g.state()["lb"], "0/120")
        self.assertEqual(g.state()["purse"], 40 + parcel["fee"])

    def test_fee_is_by_weight_and_legs(self):
        g = Game()
        for k in g.state()["depot"]:
            legs = game.legs_between("Ashby", k["to"])
            self.assertEqual(k["fee"], -(-k["lb"] // 10) * legs)

    def test_a_dropped_parcel_goes_back_to_the_depot(self):
        g = Game()
        play(g, "load:k1", "drop:k1")
        self.assertIn("k1", [k["id"] for k in g.state()["depot"]])
        self.assertEqual(g.state()["boot"], [])


class RoadTest(unittest.TestCase):
    def test_only_the_next_town(self):
        g = Game()
        self.assertFalse(g.command("drive:Coldharbour")[0])
        self.assertFalse(g.command("drive:Ashby")[0])
        self.assertFalse(g.command("drive:Atlantis")[0])
        ok, _ = g.command("drive:brackwell")
        self.assertTrue(ok)
        s = g.state()
        self.assertEqual((s["town"], s["clock"], s["hrs"], s["team"]), ("Brackwell", "09:00", "3/12", "70/100"))

    def test_driver_hours_are_limited(self):
        g = Game()
        play(g, "drive:Brackwell", "drive:Coldharbour", "feed:2", "drive:Dunmere")
        self.assertEqual(g.state()["hrs"], "10/12")
        ok, text = g.command("drive:Eastgate")
        self.assertFalse(ok)
        self.assertIn("2 hrs left", text)

    def test_no_coach_after_ten_at_night(self):
        g = Game()
        play(g, "rest:10", "drive:Brackwell")
        self.assertEqual(g.state()["clock"], "19:00")
        ok, text = g.command("drive:Coldharbour")
        self.assertFalse(ok)
        self.assertIn("23:00", text)

    def test_a_tired_team_will_not_go(self):
        g = Game()
        play(g, "drive:Brackwell", "drive:Coldharbour")
        self.assertTrue(g.command("drive:Dunmere")[0])
        self.assertEqual(g.state()["team"], "0/100")
        play(g, "inn")
        self.assertEqual(g.state()["team"], "60/100")

    def test_the_ford_is_up_on_day_two(self):
        g = Game()
        play(g, "drive:Brackwell", "inn")
        play(g, "drive:Coldharbour")
        self.assertEqual(g.state()["clock"], "12:00")
        self.assertEqual(g.state()["hrs"], "6/12")

    def test_highwaymen_take_a_quarter_of_the_purse(self):
        g = Game()
        play(g, "rest:10", "drive:Brackwell")
        self.assertEqual(g.state()["purse"], 30)

    def test_a_guard_sees_them_off_for_one_leg(self):
        g = Game()
        play(g, "rest:10", "hire:guard")
        self.assertTrue(g.state()["guard"])
        play(g, "drive:Brackwell")
        self.assertEqual(g.state()["purse"], 32)
        self.assertFalse(g.state()["guard"])


class FodderTest(unittest.TestCase):
    def test_buying_fodder(self):
        g = Game()
        play(g, "buy:fodder,3")
        self.assertEqual((g.state()["fod"], g.state()["purse"]), ("5/6", 31))
        self.assertFalse(g.command("buy:fodder,2")[0])
        play(g, "buy:fodder")
        self.assertEqual(g.state()["fod"], "6/6")
        self.assertFalse(g.command("buy:oats,1")[0])
        self.assertFalse(g.command("buy:fodder,lots")[0])

    def test_feeding_what_the_team_needs(self):
        g = Game()
        self.assertFalse(g.command("feed:1")[0])
        play(g, "drive:Brackwell", "feed:1")
        self.assertEqual((g.state()["team"], g.state()["fod"]), ("95/100", "1/6"))
        self.assertFalse(g.command("feed:3")[0])

    def test_resting(self):
        g = Game()
        play(g, "drive:Brackwell", "rest:2")
        s = g.state()
        self.assertEqual((s["clock"], s["team"], s["hrs"]), ("11:00", "80/100", "3/12"))
        self.assertFalse(g.command("rest:0")[0])
        self.assertFalse(g.command("rest:")[0])


class DaysTest(unittest.TestCase):
    def test_the_inn_starts_a_new_day(self):
        g = Game()
        play(g, "drive:Brackwell", "inn")
        s = g.state()
        self.assertEqual((s["day"], s["clock"], s["hrs"], s["purse"]), (2, "06:00", "0/12", 35))
        self.assertEqual(len(s["wait"]), 4)

    def test_the_season_ends_after_day_five(self):
        g = Game()
        for _ in range(4):
            play(g, "inn")
        self.assertTrue(g.command("inn")[0])
        self.assertTrue(g.state()["over"])
        self.assertFalse(g.state()["won"])
        self.assertFalse(g.command("drive:Brackwell")[0])

    def test_the_walkthrough_wins(self):
        g = Game()
        commands = [line[3:-1] for line in WALKTHROUGH.read_text().splitlines() if line.startswith("- `")]
        play(g, *commands)
        self.assertTrue(g.state()["won"])
        self.assertTrue(g.over)


if __name__ == "__main__":
    unittest.main()
