"""The agent API over Flask's test client."""

from __future__ import annotations

import unittest

from app import app


class ApiTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client = app.test_client()

    def test_a_new_game_then_commands_and_state(self) -> None:
        new = self.client.post("/api/agent/new").get_json()
        game_id = new["game_id"]
        self.assertEqual(new["state"]["shopfront"]["cashOnHand"], "£40.00")
        reply = self.client.post("/api/agent/command", json={"game_id": game_id, "command": "help"}).get_json()
        self.assertTrue(reply["success"])
        self.assertNotIn("\n", reply["message"])
        reply = self.client.post("/api/agent/command", json={"game_id": game_id, "command": "dance"}).get_json()
        self.assertFalse(reply["success"])
        self.assertEqual(reply["turn"], 2)
        state = self.client.get(f"/api/agent/state/{game_id}").get_json()
        self.assertEqual(state["state"]["calendar"]["today"], "day 1")

    def test_malformed_requests_get_a_4xx(self) -> None:
        self.assertEqual(self.client.post("/api/agent/command", data="nope").status_code, 400)
        missing = self.client.post("/api/agent/command", json={"game_id": "crumb-999", "command": "look"})
        self.assertEqual(missing.status_code, 404)
        self.assertEqual(self.client.get("/api/agent/state/crumb-999").status_code, 404)
        self.assertEqual(self.client.get("/healthz").status_code, 200)


if __name__ == "__main__":
    unittest.main()
