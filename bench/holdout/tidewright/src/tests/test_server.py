"""The agent API over real HTTP."""

from __future__ import annotations

import http.client
import json
import threading
import unittest
from typing import Any

from tidewright.server import serve


class ServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = serve(0, host="127.0.0.1")
        cls.port = cls.server.server_address[1]
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()
        cls.server.server_close()

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request(method, path, body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def command(self, game_id: str, command: str) -> dict[str, Any]:
        status, body = self.request(
            "POST", "/api/agent/command", json.dumps({"game_id": game_id, "command": command}).encode()
        )
        self.assertEqual(status, 200)
        return body

    def test_health(self) -> None:
        self.assertEqual(self.request("GET", "/healthz")[0], 200)

    def test_new_command_and_state(self) -> None:
        status, new = self.request("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertIn("Harbourmaster's note", new["message"])
        body = self.command(new["game_id"], "load 2 tea")
        self.assertTrue(body["success"])
        self.assertEqual(body["state"]["ledger"]["coins"], 90)
        status, state = self.request("GET", f"/api/agent/state/{new['game_id']}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"]["fleet"]["boats"]["heron"]["cargo"], {"tea": 2})

    def test_a_refusal_is_a_normal_reply(self) -> None:
        _, new = self.request("POST", "/api/agent/new")
        body = self.command(new["game_id"], "dock")
        self.assertFalse(body["success"])
        self.assertFalse(body["game_over"])

    def test_malformed_requests_get_json_errors(self) -> None:
        self.assertEqual(self.request("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(self.request("POST", "/api/agent/command", b'{"game_id": "x"}')[0], 400)
        missing = json.dumps({"game_id": "nobody", "command": "look"}).encode()
        self.assertEqual(self.request("POST", "/api/agent/command", missing)[0], 404)
        self.assertEqual(self.request("GET", "/api/agent/state/nobody")[0], 404)
        self.assertEqual(self.request("DELETE", "/api/agent/new")[0], 405)


if __name__ == "__main__":
    unittest.main()
