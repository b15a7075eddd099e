"""The desk's own tests: the rules that hold, through the game and through the HTTP server."""

from __future__ import annotations

import http.client
import json
import re
import threading
import unittest
from pathlib import Path

import library
from library import Game, add_days, days_between, money, parse_money
from server import Handler, Server

HERE = Path(__file__).resolve().parents[1]


def play(game: Game, *commands: str) -> tuple[bool, str]:
    result = (False, "")
    for command in commands:
        result = game.play(command)
    return result


class DatesAndMoney(unittest.TestCase):
    def test_dates_cross_the_month(self):
        self.assertEqual(add_days("24 Mar", 7), "31 Mar")
        self.assertEqual(add_days("31 Mar", 1), "1 Apr")
        self.assertEqual(add_days("28 Mar", 9), "6 Apr")
        self.assertEqual(days_between("31 Mar", "3 Apr"), 3)

    def test_money(self):
        self.assertEqual(money(45), "45p")
        self.assertEqual(money(120), "£1.20")
        self.assertEqual(parse_money("40p"), 40)
        self.assertEqual(parse_money("£1.20"), 120)
        self.assertEqual(parse_money("1.5"), 150)
        self.assertEqual(parse_money("90"), 90)
        self.assertIsNone(parse_money("lots"))


class Desk(unittest.TestCase):
    def setUp(self):
        self.game = Game()

    def test_help_lists_codes_and_words_with_dot_leaders(self):
        ok, text = self.game.play("help")
        self.assertTrue(ok)
        for code, word, *_ in library.COMMANDS:
            self.assertRegex(text, rf"{code}\s+{word}\b.*\.\.\.")
        self.assertEqual(self.game.play("HE")[1], text)

    def test_codes_and_words_agree(self):
        other = Game()
        self.assertEqual(self.game.play("LEND F101 M1"), other.play("le f101 agnes"))
        self.assertEqual(self.game.state, other.state)

    def test_lend_sets_due_date_a_week_on(self):
        ok, text = self.game.play("LEND F101 M1")
        self.assertTrue(ok)
        self.assertIn("31 Mar", text)
        self.assertEqual(self.game.state["loans"]["F101"]["due"], "31 Mar")
        self.assertEqual(self.game.state["books"]["F101"]["status"], "on loan")
        self.assertEqual(self.game.state["members"]["M1"]["loans"], ["F101"])

    def test_lent_book_cannot_be_lent_again(self):
        self.game.play("LEND F101 M1")
        ok, _ = self.game.play("LEND F101 M2")
        self.assertFalse(ok)

    def test_junior_limit_of_two_reached(self):
        ok, _ = play(self.game, "LE J301 M4", "LE J302 M4")
        self.assertTrue(ok)
        self.assertEqual(len(self.game.state["members"]["M4"]["loans"]), 2)

    def test_late_return_fines_ten_pence_a_day(self):
        play(self.game, "LE F101 M1", *["CL"] * 9)
        self.assertEqual(self.game.state["date"], "2 Apr")
        ok, text = self.game.play("RT F101")
        self.assertTrue(ok)
        self.assertIn("20p", text)
        self.assertEqual(self.game.state["members"]["M1"]["owes"], 20)
        self.assertEqual(self.game.state["books"]["F101"]["status"], "on shelf")
        self.assertEqual(self.game.state["members"]["M1"]["loans"], [])

    def test_on_time_return_is_free(self):
        play(self.game, "LE F101 M1", *["CL"] * 7)
        self.assertEqual(self.game.state["date"], "31 Mar")
        self.game.play("RT F101")
        self.assertEqual(self.game.state["members"]["M1"]["owes"], 0)

    def test_fine_is_capped(self):
        play(self.game, "LE F101 M2", *["CL"] * 18, "RT F101")
        self.assertEqual(self.game.state["members"]["M2"]["owes"], 100)
        ok, text = self.game.play("LE F102 M2")
        self.assertFalse(ok)
        self.assertIn("owes", text)

    def test_exact_payment_goes_to_the_fund(self):
        play(self.game, "LE F101 M1", *["CL"] * 10, "RT F101")
        ok, text = self.game.play("PAY M1 30p")
        self.assertTrue(ok, text)
        self.assertEqual(self.game.state["fund"], 30)
        self.assertEqual(self.game.state["members"]["M1"]["owes"], 0)

    def test_pay_refused_when_nothing_owed(self):
        ok, _ = self.game.play("PAY M2 40p")
        self.assertFalse(ok)

    def test_renew_moves_the_due_date(self):
        play(self.game, "LE F101 M1", "RN F101")
        self.assertEqual(self.game.state["loans"]["F101"]["due"], "7 Apr")
        self.game.play("RN F101")
        ok, _ = self.game.play("RN F101")
        self.assertFalse(ok)

    def test_reservation_fee_and_hold_shelf(self):
        play(self.game, "LE F101 M1")
        ok, _ = self.game.play("RS F101 M2")
        self.assertTrue(ok)
        self.assertEqual(self.game.state["fund"], 20)
        ok, text = self.game.play("RT F101")
        self.assertTrue(ok)
        self.assertIn("27 Mar", text)
        self.assertEqual(self.game.state["hold_shelf"]["F101"], {"member": "M2", "until": "27 Mar"})
        self.assertFalse(self.game.play("LE F101 M3")[0])
        self.assertTrue(self.game.play("LE F101 Bert")[0])
        self.assertNotIn("F101", self.game.state["hold_shelf"])

    def test_shelf_book_cannot_be_reserved(self):
        self.assertFalse(self.game.play("RS F101 M2")[0])

    def test_uncollected_hold_goes_back_on_shelf(self):
        play(self.game, "LE F101 M1", "RS F101 M2", "RT F101", *["CL"] * 4)
        self.assertEqual(self.game.state["books"]["F101"]["status"], "on shelf")
        self.assertEqual(self.game.state["hold_shelf"], {})

    def test_sale_and_withdrawals(self):
        ok, _ = self.game.play("SELL L4")
        self.assertTrue(ok)
        self.assertEqual(self.game.state["fund"], 90)
        self.assertNotIn("L4", self.game.state["sale"])
        ok, text = self.game.play("WD F101")
        self.assertTrue(ok)
        self.assertIn("60p", text)
        self.assertEqual(self.game.state["books"]["F101"]["status"], "withdrawn")
        play(self.game, "WD F102", "WD F103")
        self.assertFalse(self.game.play("WD F105")[0])

    def test_markdown_each_close(self):
        self.game.play("CL")
        self.assertEqual(self.game.state["sale"]["L4"]["price"], 80)
        self.assertEqual(self.game.state["sale"]["L1"]["price"], 20)
        play(self.game, "CL", "CL")
        self.assertEqual(self.game.state["sale"]["L1"]["price"], 10)

    def test_season_ends_lost(self):
        play(self.game, *["CL"] * 19)
        self.assertEqual(self.game.state["date"], "12 Apr")
        self.game.play("CL")
        self.assertTrue(self.game.state["game_over"])
        self.assertFalse(self.game.state["won"])
        self.assertFalse(self.game.play("SELL L1")[0])

    def test_walkthrough_wins(self):
        text = (HERE / "WALKTHROUGH.md").read_text()
        for command in re.findall(r"^- `(.*)`$", text, re.M):
            ok, message = self.game.play(command)
            self.assertTrue(ok, f"{command}: {message}")
        self.assertTrue(self.game.state["won"])
        self.assertTrue(self.game.state["game_over"])


class Http(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(("127.0.0.1", 0), Handler)
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()
        cls.port = cls.server.server_address[1]

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def call(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
            connection.request(method, path, data, {"Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def test_health(self):
        self.assertEqual(self.call("GET", "/health")[0], 200)

    def test_a_game_over_http(self):
        status, raw = self.call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        game_id = json.loads(raw)["game_id"]
        status, raw = self.call("POST", "/api/agent/command", {"game_id": game_id, "command": "LE F101 M1"})
        body = json.loads(raw)
        self.assertEqual(status, 200)
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        status, raw = self.call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(json.loads(raw)["state"]["loans"]["F101"]["due"], "31 Mar")

    def test_bad_requests_are_4xx(self):
        self.assertEqual(self.call("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", {"command": "HE"})[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": "nope", "command": "HE"})[0], 404)
        self.assertEqual(self.call("GET", "/api/agent/state/nope")[0], 404)
        self.assertEqual(self.call("GET", "/api/agent/new")[0], 405)

    def test_keep_alive(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            for _ in range(3):
                connection.request("GET", "/health")
                response = connection.getresponse()
                self.assertEqual(response.status, 200)
                response.read()
        finally:
            connection.close()


if __name__ == "__main__":
    unittest.main()
