import json
import threading
import unittest
import urllib.error
import urllib.request
from http.server import ThreadingHTTPServer

import server
from stall import LEASE_PRICE, START_PURSE, Stall


def play(stall, *commands):
    result = None
    for command in commands:
        result = stall.do(command)
    return result


class RulesTest(unittest.TestCase):
    def test_new_stall(self):
        stall = Stall()
        state = stall.state()
        self.assertEqual(state["day"], 1)
        self.assertEqual(state["weekday"], "Sunday")
        self.assertEqual(state["purse"], START_PURSE)
        self.assertEqual(state["hours_left"], 8)
        self.assertEqual(state["moulds"], {"total": 3, "in_use": 0})
        self.assertEqual([o["no"] for o in state["board"]], [1])

    def test_help_lists_commands(self):
        ok, text = Stall().do("help")
        self.assertTrue(ok)
        for word in ("dip", "mould", "buy", "sell", "take", "deliver", "sleep", "lease"):
            self.assertIn(word, text)

    def test_unknown_and_empty_commands_are_refused(self):
        stall = Stall()
        self.assertFalse(stall.do("juggle")[0])
        self.assertFalse(stall.do("   ")[0])
        self.assertEqual(stall.turn, 0)

    def test_small_wax_purchase(self):
        stall = Stall()
        ok, _ = stall.do("buy 5 wax")
        self.assertTrue(ok)
        self.assertEqual(stall.purse, START_PURSE - 20)
        self.assertEqual(stall.wax, 5)

    def test_bulk_wax_purchase(self):
        stall = Stall()
        ok, _ = stall.do("buy wax 12")
        self.assertTrue(ok)
        self.assertEqual(stall.purse, START_PURSE - 36)

    def test_cannot_overspend(self):
        stall = Stall()
        ok, _ = stall.do("buy 100 wax")
        self.assertFalse(ok)
        self.assertEqual(stall.purse, START_PURSE)
        self.assertFalse(stall.do("buy -3 wax")[0])
        self.assertFalse(stall.do("buy 3 tallow")[0])

    def test_tapers_cure_overnight(self):
        stall = Stall()
        play(stall, "buy 4 wax", "buy 4 wicks")
        ok, _ = stall.do("dip 4")
        self.assertTrue(ok)
        self.assertEqual(stall.hours_left, 4)
        self.assertEqual(stall.shelf["taper"], 0)
        stall.do("sleep")
        self.assertEqual(stall.day, 2)
        self.assertEqual(stall.shelf["taper"], 4)
        self.assertEqual(stall.rack, [])
        self.assertEqual(stall.hours_left, 8)

    def test_dipping_needs_supplies_and_time(self):
        stall = Stall()
        play(stall, "buy 12 wax", "buy 12 wicks")
        self.assertFalse(stall.do("dip 9")[0])
        self.assertEqual(stall.wax, 12)
        self.assertTrue(stall.do("dip 8")[0])
        self.assertFalse(stall.do("dip 1")[0])

    def test_pillar_cures_in_two_nights(self):
        stall = Stall()
        play(stall, "buy 3 wax", "buy 1 wick")
        self.assertTrue(stall.do("mould 1")[0])
        self.assertEqual(stall.rack[0]["ready_on"], 3)
        self.assertEqual(stall.moulds_in_use(), 1)
        stall.do("sleep")
        self.assertEqual(stall.shelf["pillar"], 0)
        stall.do("sleep")
        self.assertEqual(stall.shelf["pillar"], 1)
        self.assertEqual(stall.moulds_in_use(), 0)

    def test_only_three_moulds(self):
        stall = Stall()
        play(stall, "buy 12 wax", "buy 4 wicks")
        self.assertFalse(stall.do("mould 4")[0])
        self.assertEqual(stall.wax, 12)

    def test_no_selling_before_the_fair(self):
        stall = Stall()
        ok, text = stall.do("sell 1 taper")
        self.assertFalse(ok)
        self.assertIn("day 7", text)

    def test_fair_day(self):
        stall = Stall()
        play(stall, "buy 12 wax", "buy 12 wicks", "dip 8")
        for _ in range(6):
            stall.do("sleep")
        self.assertTrue(stall.is_fair_day())
        self.assertFalse(stall.do("dip 1")[0])
        ok, text = stall.do("sell 3 tapers")
        self.assertTrue(ok)
        self.assertEqual(stall.purse, START_PURSE - 48 + 27 - 5)
        ok, _ = stall.do("sell tapers 2")
        self.assertTrue(ok)
        self.assertEqual(stall.purse, START_PURSE - 48 + 45 - 5)
        self.assertEqual(stall.state()["fair"]["wants"]["taper"], 5)

    def test_fair_wants_only_so_many(self):
        stall = Stall()
        play(stall, "buy 12 wax", "buy 12 wicks", "dip 8", "sleep", "dip 4")
        for _ in range(5):
            stall.do("sleep")
        self.assertTrue(stall.do("sell 12 tapers")[0])
        self.assertEqual(stall.shelf["taper"], 2)
        self.assertFalse(stall.do("sell 1 taper")[0])

    def test_take_and_deliver_single_kind_order(self):
        stall = Stall()
        play(stall, "buy 12 wax", "buy 6 wicks", "take 1", "dip 6", "sleep")
        ok, _ = stall.do("deliver 1")
        self.assertTrue(ok)
        self.assertEqual(stall.purse, START_PURSE - 42 + 60)
        self.assertEqual(stall.filled, [1])
        self.assertEqual(stall.shelf["taper"], 0)

    def test_open_order_limit(self):
        stall = Stall()
        play(stall, "take 1", "sleep")
        self.assertTrue(stall.do("take 2")[0])
        self.assertFalse(stall.do("take 2")[0])

    def test_lapsed_order_costs_a_forfeit(self):
        stall = Stall()
        stall.do("take 1")
        for _ in range(4):
            stall.do("sleep")
        self.assertEqual(stall.day, 5)
        self.assertEqual(stall.lapsed, [1])
        self.assertEqual(stall.purse, START_PURSE - 10)

    def test_lease_needs_money(self):
        stall = Stall()
        self.assertFalse(stall.do("lease")[0])
        stall.purse = LEASE_PRICE
        self.assertTrue(stall.do("lease")[0])
        self.assertTrue(stall.won and stall.over)
        self.assertFalse(stall.do("sleep")[0])

    def test_season_ends(self):
        stall = Stall()
        for _ in range(21):
            self.assertTrue(stall.do("sleep")[0])
        self.assertTrue(stall.over)
        self.assertFalse(stall.won)
        self.assertEqual(stall.day, 21)


class ApiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = ThreadingHTTPServer(("127.0.0.1", 0), server.Handler)
        cls.thread = threading.Thread(target=cls.httpd.serve_forever, daemon=True)
        cls.thread.start()
        cls.base = f"http://127.0.0.1:{cls.httpd.server_address[1]}"

    @classmethod
    def tearDownClass(cls):
        cls.httpd.shutdown()
        cls.httpd.server_close()

    def call(self, method, path, body=None, raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def test_health(self):
        self.assertEqual(self.call("GET", "/healthz")[0], 200)

    def test_round_trip(self):
        status, body = self.call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        game_id = body["game_id"]
        self.assertIn("Wickerlight", body["message"])
        status, body = self.call("POST", "/api/agent/command", {"game_id": game_id, "command": "buy 2 wicks"})
        self.assertEqual(status, 200)
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertFalse(body["game_over"])
        self.assertEqual(body["state"]["supplies"]["wicks"], 2)
        status, body = self.call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(body["state"]["purse"], START_PURSE - 2)

    def test_bad_requests(self):
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": "nope", "command": "look"})[0], 404)
        self.assertEqual(self.call("POST", "/api/agent/command", {"command": "look"})[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", raw=b"{not json")[0], 400)
        self.assertEqual(self.call("GET", "/api/agent/state/nope")[0], 404)
        game_id = self.call("POST", "/api/agent/new")[1]["game_id"]
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": game_id, "command": 5})[0], 400)


if __name__ == "__main__":
    unittest.main()
