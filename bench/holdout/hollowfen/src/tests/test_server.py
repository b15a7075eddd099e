"""The HTTP API, served by a real server process on a free port."""

import http.client
import json
import os
import socket
import subprocess
import sys
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Api(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.port = free_port()
        env = {**os.environ, "HOLLOWFEN_PORT": str(cls.port)}
        cls.server = subprocess.Popen([sys.executable, "server.py"], cwd=ROOT, env=env)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                if cls.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        cls.server.kill()
        raise RuntimeError("the server did not start")

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=10)

    @classmethod
    def request(cls, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", cls.port, timeout=5)
        try:
            data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
            conn.request(method, path, data, headers or {})
            reply = conn.getresponse()
            return reply.status, json.loads(reply.read() or b"null")
        finally:
            conn.close()

    def test_new_game_and_command(self):
        status, new = self.request("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertIn("game_id", new)
        self.assertEqual(len(new["state"]["units"]), 6)
        status, answer = self.request(
            "POST", "/api/agent/command", {"game_id": new["game_id"], "command": "move u1 3 4"}
        )
        self.assertEqual(status, 200)
        self.assertTrue(answer["success"])
        self.assertEqual(answer["state"]["units"][0]["at"], [3, 4])
        status, state = self.request("GET", f"/api/agent/state/{new['game_id']}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"]["units"][0]["at"], [3, 4])

    def test_refusal_is_a_normal_reply(self):
        _, new = self.request("POST", "/api/agent/new")
        status, answer = self.request(
            "POST", "/api/agent/command", {"game_id": new["game_id"], "command": "fly away"}
        )
        self.assertEqual(status, 200)
        self.assertFalse(answer["success"])

    def test_malformed_requests_are_4xx_json(self):
        self.assertEqual(self.request("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(self.request("POST", "/api/agent/command", {"game_id": "x"})[0], 400)
        self.assertEqual(self.request("POST", "/api/agent/command", {"game_id": "nope", "command": "look"})[0], 404)
        self.assertEqual(self.request("GET", "/api/agent/state/nope")[0], 404)
        self.assertEqual(self.request("GET", "/nowhere")[0], 404)
        self.assertEqual(self.request("GET", "/api/agent/new")[0], 405)

    def test_keep_alive_serves_several_requests(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            for _ in range(3):
                conn.request("POST", "/api/agent/new", b"", {"Content-Length": "0"})
                reply = conn.getresponse()
                self.assertEqual(reply.status, 200)
                self.assertIn("game_id", json.loads(reply.read()))
        finally:
            conn.close()


if __name__ == "__main__":
    unittest.main()
