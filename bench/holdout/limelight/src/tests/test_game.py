import json
import re
import unittest
from pathlib import Path

from limelight import api, words
from limelight.game import Game

DOCS = Path(__file__).resolve().parents[1] / "docs"


def ready_company(game: Game) -> None:
    for line in ("cast Cleo as Prospero", "cast Dev as Miranda", "cast Etta as Ariel", "cast Finn as Caliban",
                 "rehearse", "rehearse"):
        ok, message = game.handle(line)
        assert ok, (line, message)


class WordsTest(unittest.TestCase):
    def test_actions_are_found_past_filler(self):
        cases = {
            "sell 2 tickets for row B": "sell",
            "book four seats in D": "sell",
            "please give back one ticket in row C": "refund",
            "show the seats": "seats",
            "how many seats are free?": "seats",
            "raise the curtain": "curtain",
            "curtain up": "curtain",
            "call a rehearsal": "rehearse",
            "let Bram go": "release",
            "give Miranda to Cleo": "cast",
            "show me the money": "takings",
            "look": "status",
            "dance a jig": None,
        }
        for text, action in cases.items():
            self.assertEqual(words.action_of(words.tokens(text)), action, text)

    def test_counts(self):
        self.assertEqual(words.count_of(words.tokens("sell 12 tickets")), 12)
        self.assertEqual(words.count_of(words.tokens("sell three seats")), 3)
        self.assertEqual(words.count_of(words.tokens("sell a ticket for row a")), 1)
        self.assertIsNone(words.count_of(words.tokens("sell tickets")))

    def test_rows(self):
        self.assertEqual(words.rows_of(words.tokens("sell a ticket for row a"), "ABCDE"), [("A", "for")])
        self.assertEqual(words.rows_of(words.tokens("move 2 from row C to row B"), "ABCDE"),
                         [("C", "from"), ("B", "to")])


class BoxOfficeTest(unittest.TestCase):
    def setUp(self):
        self.game = Game()
        self.s = self.game.state

    def test_small_sale_pays_full_price(self):
        ok, message = self.game.handle("sell 5 tickets for row D")
        self.assertTrue(ok)
        self.assertEqual(self.s["box.cash"], 200 + 75)
        self.assertEqual(self.s["takings.tonight"], 75)
        self.assertEqual(self.s["seats.D.free"], 9)
        self.assertEqual(self.s["seats.D.sold"], 5)
        self.assertEqual(self.s["box.queue"], 31)
        self.assertIn("£75", message)

    def test_big_party_gets_the_group_rate(self):
        ok, message = self.game.handle("book seven seats in B")
        self.assertTrue(ok)
        self.assertEqual(self.s["box.cash"], 200 + 175 - 17)
        self.assertIn("group rate", message)

    def test_cannot_oversell_a_row_or_the_queue(self):
        ok, message = self.game.handle("sell 11 tickets for row A")
        self.assertFalse(ok)
        self.assertEqual(self.s["seats.A.free"], 10)
        for line in ("sell 16 in row E", "sell 14 in row D"):
            self.assertTrue(self.game.handle(line)[0])
        ok, message = self.game.handle("sell 12 tickets for row B")
        self.assertFalse(ok)
        self.assertIn("6 patrons are waiting", message)

    def test_single_refund(self):
        self.game.handle("sell 2 tickets for row B")
        ok, message = self.game.handle("refund 1 ticket for row B")
        self.assertTrue(ok)
        self.assertEqual(self.s["box.cash"], 200 + 50 - 22)
        self.assertEqual(self.s["takings.tonight"], 28)
        self.assertEqual(self.s["seats.B.free"], 11)
        self.assertEqual(self.s["seats.B.sold"], 1)
        self.assertIn("£22", message)

    def test_refund_needs_tickets_sold(self):
        ok, message = self.game.handle("refund 1 ticket for row C")
        self.assertFalse(ok)
        self.game.handle("sell 1 ticket for row C")
        self.assertFalse(self.game.handle("refund 2 tickets for row C")[0])

    def test_exchange_to_a_dearer_row(self):
        self.game.handle("sell 3 tickets for row E")
        ok, message = self.game.handle("upgrade 2 tickets from row E to row A")
        self.assertTrue(ok)
        self.assertEqual(self.s["box.cash"], 200 + 30 + 40)
        self.assertEqual(self.s["seats.A.free"], 8)
        self.assertEqual(self.s["seats.A.sold"], 2)
        self.assertEqual(self.s["seats.E.free"], 15)
        self.assertIn("£40", message)

    def test_exchange_refusals(self):
        self.assertFalse(self.game.handle("move 1 from C to B")[0])
        self.game.handle("sell 1 ticket for row C")
        self.assertFalse(self.game.handle("move 1 from C to C")[0])
        self.assertFalse(self.game.handle("move 2 from C to B")[0])


class CompanyTest(unittest.TestCase):
    def setUp(self):
        self.game = Game()
        self.s = self.game.state

    def test_cast_and_release(self):
        self.assertTrue(self.game.handle("cast Ada as Prospero")[0])
        self.assertEqual(self.s["cast.Prospero"], "Ada")
        self.assertEqual(self.s["actors.Ada.role"], "Prospero")
        ok, message = self.game.handle("release Ada")
        self.assertTrue(ok)
        self.assertEqual(self.s["cast.Prospero"], "")
        self.assertEqual(self.s["actors.Ada.role"], "")

    def test_actor_moving_parts_leaves_the_old_one(self):
        self.game.handle("cast Ada as Prospero")
        self.game.handle("cast Ada as Ariel")
        self.assertEqual(self.s["cast.Prospero"], "")
        self.assertEqual(self.s["cast.Ariel"], "Ada")
        self.assertEqual(self.s["actors.Ada.role"], "Ariel")

    def test_recast_part_loses_its_rehearsals(self):
        self.game.handle("cast Ada as Prospero")
        self.game.handle("rehearse")
        self.assertEqual(self.s["rehearsals.Prospero"], 1)
        self.game.handle("give Prospero to Bram")
        self.assertEqual(self.s["cast.Prospero"], "Bram")
        self.assertEqual(self.s["actors.Bram.role"], "Prospero")
        self.assertEqual(self.s["rehearsals.Prospero"], 0)

    def test_rehearsals_cost_and_limit(self):
        self.assertFalse(self.game.handle("rehearse")[0])
        self.game.handle("cast Ada as Prospero")
        for _ in range(3):
            self.assertTrue(self.game.handle("call a rehearsal")[0])
        self.assertEqual(self.s["box.cash"], 80)
        self.assertFalse(self.game.handle("rehearse")[0])
        self.assertEqual(self.s["rehearsals.Prospero"], 3)


class NightsTest(unittest.TestCase):
    def test_curtain_needs_the_company_ready(self):
        game = Game()
        game.handle("sell 2 for row A")
        self.assertFalse(game.handle("curtain up")[0])
        ready_company(game)
        ok, message = game.handle("curtain up")
        self.assertTrue(ok, message)

    def test_a_night_pays_and_rolls_over(self):
        game = Game()
        s = game.state
        ready_company(game)
        game.handle("sell 5 tickets for row A")
        game.handle("sell 5 tickets for row A")
        ok, message = game.handle("raise the curtain")
        self.assertTrue(ok)
        self.assertEqual(s["takings.night.1"], 300)
        self.assertEqual(s["takings.total"], 300)
        self.assertEqual(s["box.cash"], 200 - 80 + 300 - 110 - 60)
        self.assertEqual(s["night.current"], 2)
        self.assertEqual(s["box.queue"], 40)
        self.assertEqual(s["seats.A.free"], 10)
        self.assertEqual(s["seats.A.sold"], 0)
        self.assertEqual(s["takings.tonight"], 0)

    def test_walkthrough_wins(self):
        game = Game()
        lines = re.findall(r"^- `([^`]+)`", (DOCS / "walkthrough.md").read_text(), re.M)
        self.assertGreater(len(lines), 10)
        for line in lines:
            ok, message = game.handle(line)
            self.assertTrue(ok, (line, message))
        self.assertTrue(game.state["season.over"])
        self.assertTrue(game.state["won"])
        self.assertFalse(game.handle("sell 1 ticket for row A")[0])
        self.assertTrue(game.handle("takings")[0])


class HelpTest(unittest.TestCase):
    def test_help_lists_topics_and_explains_each(self):
        game = Game()
        ok, message = game.handle("help")
        self.assertTrue(ok)
        for topic in ("tickets", "seats", "company", "rehearsals", "nights"):
            self.assertIn(topic, message)
            ok, text = game.handle(f"help {topic}")
            self.assertTrue(ok)
            self.assertGreater(len(text), 60)
        self.assertFalse(game.handle("help juggling")[0])


class ApiTest(unittest.TestCase):
    def test_new_command_state(self):
        status, body = api.new_game()
        self.assertEqual(status, 200)
        game_id = body["game_id"]
        status, reply = api.command(json.dumps({"game_id": game_id, "command": "sell 1 ticket in row E"}))
        self.assertEqual(status, 200)
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        self.assertFalse(reply["game_over"])
        status, shown = api.state(game_id)
        self.assertEqual(shown["state"]["seats.E.sold"], 1)

    def test_bad_requests(self):
        self.assertEqual(api.command(b"not json")[0], 400)
        self.assertEqual(api.command(b"\xff\xfe")[0], 400)
        self.assertEqual(api.command("")[0], 400)
        self.assertEqual(api.command("[]")[0], 400)
        self.assertEqual(api.command(json.dumps({"game_id": "x"}))[0], 400)
        self.assertEqual(api.command(json.dumps({"game_id": "x", "command": "look"}))[0], 404)
        self.assertEqual(api.state("missing")[0], 404)


if __name__ == "__main__":
    unittest.main()
