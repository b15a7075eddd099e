import json
import os
import re
import socket
import subprocess
import sys
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

SRC = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SRC))

from bakery import Bakery  # noqa: E402


def play(game, *commands):
    result = None
    for command in commands:
        result = game.handle(command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


def walkthrough_commands():
    text = (SRC / "WALKTHROUGH.md").read_text()
    return re.findall(r"^- `([^`]+)`", text, flags=re.MULTILINE)


class HelpAndParsing(unittest.TestCase):
    def test_help_is_a_numbered_menu_of_slash_commands(self):
        ok, text = Bakery().handle("/help")
        self.assertTrue(ok)
        entries = [line for line in text.splitlines() if re.match(r"^\d+\. ", line)]
        self.assertGreaterEqual(len(entries), 15)
        for number, line in enumerate(entries, start=1):
            self.assertTrue(line.startswith(f"{number}. "))
            self.assertIn("/", line)

    def test_a_command_without_a_slash_is_explained(self):
        game = Bakery()
        ok, text = game.handle("bake loaf")
        self.assertFalse(ok)
        self.assertIn("/bake loaf", text)
        ok, text = game.handle("3")
        self.assertFalse(ok)
        self.assertIn("/buy", text)

    def test_unknown_command(self):
        ok, text = Bakery().handle("/dance")
        self.assertFalse(ok)
        self.assertIn("/help", text)

    def test_turn_counts_commands(self):
        game = Bakery()
        game.handle("/look")
        game.handle("nonsense")
        self.assertEqual(game.turn, 2)


class Market(unittest.TestCase):
    def test_small_order_pays_full_price(self):
        game = Bakery()
        play(game, "/buy flour 7")
        self.assertEqual(game.cash, 26)
        self.assertEqual(game.state["pantry"]["bins"]["flour"]["amount"], 7)
        self.assertEqual(game.state["ledger"]["today"]["supplies"], 14)

    def test_large_order_gets_a_tenth_off(self):
        game = Bakery()
        play(game, "/buy flour 14")
        self.assertEqual(game.cash, 40 - 26)

    def test_amount_first_works_too(self):
        game = Bakery()
        play(game, "/buy 3 apples")
        self.assertEqual(game.state["pantry"]["bins"]["apples"]["amount"], 3)

    def test_refusals_change_nothing(self):
        game = Bakery()
        for command in ("/buy flour", "/buy gold 3", "/buy flour lots", "/buy flour 0", "/buy flour 41",
                        "/buy butter 19"):
            ok, _ = game.handle(command)
            self.assertFalse(ok, command)
        self.assertEqual(game.cash, 40)
        self.assertEqual(game.state["pantry"]["bins"]["flour"]["amount"], 0)


class Ovens(unittest.TestCase):
    def test_a_batch_bakes_and_comes_out_onto_the_shelf(self):
        game = Bakery()
        play(game, "/buy flour 3", "/buy yeast 1", "/bake loaf")
        bins = game.state["pantry"]["bins"]
        self.assertEqual((bins["flour"]["amount"], bins["yeast"]["amount"]), (0, 0))
        unit = game.state["ovens"]["units"][0]
        self.assertEqual(unit["status"], "baking")
        self.assertEqual(unit["batch"]["ready_at"], 8)
        ok, _ = game.handle("/unload 1")
        self.assertFalse(ok)
        play(game, "/wait 2")
        self.assertEqual(unit["status"], "ready")
        play(game, "/unload 1")
        self.assertEqual(game.state["shop"]["shelf"]["loaf"]["count"], 6)
        self.assertEqual(game.state["ovens"]["units"][0]["batch"], None)

    def test_one_oven_alone_two_with_a_hand(self):
        game = Bakery()
        play(game, "/buy flour 6", "/buy yeast 2", "/bake loaf")
        ok, _ = game.handle("/bake loaf")
        self.assertFalse(ok)
        play(game, "/hire bram", "/bake loaf")
        self.assertEqual(game.state["ovens"]["tending"], {"can_tend": 2, "in_use": 2})
        self.assertEqual(game.state["ovens"]["units"][1]["status"], "baking")

    def test_a_forgotten_batch_chars(self):
        game = Bakery()
        play(game, "/buy flour 2", "/buy sugar 1", "/buy butter 1", "/buy yeast 1", "/bake bun", "/wait 2")
        self.assertEqual(game.state["ovens"]["units"][0]["status"], "ready")
        play(game, "/wait")
        self.assertIsNone(game.state["ovens"]["units"][0]["batch"])
        self.assertEqual(game.state["ledger"]["today"]["waste"]["bun"], 8)

    def test_oven_numbers(self):
        game = Bakery()
        for command in ("/bake loaf 4", "/bake loaf 0", "/unload 0", "/unload 2", "/unload x"):
            ok, _ = game.handle(command)
            self.assertFalse(ok, command)


class Counter(unittest.TestCase):
    def setUp(self):
        self.game = Bakery()
        play(self.game, "/buy flour 3", "/buy yeast 1", "/bake loaf", "/wait 2", "/unload")

    def test_a_full_order_is_paid_for(self):
        queue = self.game.state["shop"]["counter"]["queue"]
        self.assertEqual(queue[0]["name"], "Mrs Pennock")
        before = self.game.cash
        play(self.game, "/serve")
        self.assertEqual(self.game.cash, before + 8)
        self.assertEqual(self.game.state["shop"]["shelf"]["loaf"]["count"], 4)
        self.assertEqual(queue, [])

    def test_nobody_to_serve_without_their_goods(self):
        play(self.game, "/wait")
        ok, _ = self.game.handle("/serve 2")
        self.assertFalse(ok)
        ok, _ = self.game.handle("/serve 3")
        self.assertFalse(ok)

    def test_customers_give_up_after_two_hours(self):
        play(self.game, "/wait")
        names = [c["name"] for c in self.game.state["shop"]["counter"]["queue"]]
        self.assertEqual(names, ["Mrs Pennock", "Old Tobias"])
        play(self.game, "/wait")
        names = [c["name"] for c in self.game.state["shop"]["counter"]["queue"]]
        self.assertNotIn("Mrs Pennock", names)
        self.assertEqual(self.game.state["shop"]["counter"]["walked_out_today"], 1)


class Days(unittest.TestCase):
    def test_closing_pays_wages_and_rent_and_opens_the_next_day(self):
        game = Bakery()
        play(game, "/hire wren", "/close")
        self.assertEqual(game.cash, 40 - 8 - 5)
        self.assertEqual(game.state["calendar"]["day"], 2)
        self.assertEqual(game.state["calendar"]["clock"]["hour"], 6)
        self.assertEqual(game.state["ledger"]["days"][0]["wages"], 8)

    def test_waiting_stops_at_closing_time(self):
        game = Bakery()
        play(game, "/wait 12")
        self.assertEqual(game.hour, 18)
        ok, _ = game.handle("/wait")
        self.assertFalse(ok)

    def test_five_days_without_baking_lose(self):
        game = Bakery()
        for _ in range(5):
            play(game, "/close")
        self.assertTrue(game.state["goal"]["lost"])
        self.assertTrue(game.game_over)
        ok, _ = game.handle("/buy flour 1")
        self.assertFalse(ok)
        ok, _ = game.handle("/look")
        self.assertTrue(ok)

    def test_the_walkthrough_wins(self):
        game = Bakery()
        commands = walkthrough_commands()
        self.assertGreater(len(commands), 20)
        play(game, *commands)
        self.assertTrue(game.state["goal"]["won"])
        self.assertGreaterEqual(game.cash, 150)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.port = free_port()
        env = dict(os.environ, OVENBRIGHT_PORT=str(cls.port), HOST="127.0.0.1")
        cls.proc = subprocess.Popen(
            [sys.executable, "server.py"], cwd=SRC, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(cls.url("/api/health"), timeout=1) as resp:
                    if resp.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        cls.proc.kill()
        raise RuntimeError("server did not start")

    @classmethod
    def tearDownClass(cls):
        cls.proc.terminate()
        cls.proc.wait(timeout=10)

    @classmethod
    def url(cls, path):
        return f"http://127.0.0.1:{cls.port}{path}"

    def post(self, path, body):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(self.url(path), data=data, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=5) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def test_new_command_state(self):
        status, body = self.post("/api/agent/new", b"")
        self.assertEqual(status, 200)
        game_id = body["game_id"]
        self.assertEqual(body["state"]["ledger"]["cash"], 40)
        status, body = self.post("/api/agent/command", {"game_id": game_id, "command": "/buy flour 3"})
        self.assertEqual(status, 200)
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        with urllib.request.urlopen(self.url(f"/api/agent/state/{game_id}"), timeout=5) as resp:
            state = json.loads(resp.read())["state"]
        self.assertEqual(state["pantry"]["bins"]["flour"]["amount"], 3)

    def test_bad_requests_get_4xx(self):
        self.assertEqual(self.post("/api/agent/command", b"not json")[0], 400)
        self.assertEqual(self.post("/api/agent/command", {"command": "/look"})[0], 400)
        self.assertEqual(self.post("/api/agent/command", {"game_id": "nope", "command": "/look"})[0], 404)
        _, body = self.post("/api/agent/new", b"")
        self.assertEqual(self.post("/api/agent/command", {"game_id": body["game_id"], "command": 5})[0], 400)
        with self.assertRaises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(self.url("/api/agent/state/nope"), timeout=5)
        self.assertEqual(caught.exception.code, 404)


if __name__ == "__main__":
    unittest.main()
