import http.client
import json
import os
import socket
import subprocess
import sys
import time
import unittest
from pathlib import Path

SRC = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.port = free_port()
        env = dict(os.environ, HOST="127.0.0.1", FERNERY_PORT=str(cls.port))
        cls.process = subprocess.Popen([sys.executable, "server.py"], cwd=SRC, env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if cls.request("GET", "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        cls.process.kill()
        raise RuntimeError("the server did not start")

    @classmethod
    def tearDownClass(cls):
        cls.process.terminate()
        cls.process.wait(timeout=10)

    @classmethod
    def request(cls, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", cls.port, timeout=5)
        try:
            data = body if isinstance(body, bytes | None) else json.dumps(body).encode()
            connection.request(method, path, data, {"Content-Type": "application/json"})
            response = connection.getresponse()
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
        finally:
            connection.close()

    def test_a_game_through_the_api(self):
        status, new = self.request("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertIn("Aunt Wren", new["message"])
        game_id = new["game_id"]
        status, reply = self.request("POST", "/api/agent/command",
                                     {"game_id": game_id, "command": 'buy "boston fern" 2'})
        self.assertEqual(status, 200)
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        self.assertFalse(reply["game_over"])
        self.assertEqual(reply["state"]["cash"], "$24.00")
        status, state = self.request("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"]["packets_boston_fern"], "2 packets")

    def test_bad_requests_get_4xx(self):
        _, new = self.request("POST", "/api/agent/new")
        cases = [
            ("POST", "/api/agent/command", b"not json"),
            ("POST", "/api/agent/command", b"[1, 2]"),
            ("POST", "/api/agent/command", {"command": "look"}),
            ("POST", "/api/agent/command", {"game_id": new["game_id"]}),
            ("POST", "/api/agent/command", {"game_id": "nope", "command": "look"}),
            ("GET", "/api/agent/state/nope", None),
            ("GET", "/api/agent/new", None),
            ("GET", "/nowhere", None),
        ]
        for method, path, body in cases:
            status, _ = self.request(method, path, body)
            self.assertTrue(400 <= status < 500, (method, path, body, status))

    def test_keep_alive(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            for _ in range(3):
                connection.request("GET", "/api/health")
                response = connection.getresponse()
                self.assertEqual(response.status, 200)
                response.read()
        finally:
            connection.close()


if __name__ == "__main__":
    unittest.main()
