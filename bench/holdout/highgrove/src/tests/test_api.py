import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from server import app  # noqa: E402


class ApiTest(unittest.TestCase):
    def setUp(self):
        self.client = app.test_client()

    def post(self, path, body=None, raw=None):
        data = raw if raw is not None else json.dumps(body or {})
        return self.client.post(path, data=data, headers={"content-type": "application/json"})

    def new_game(self):
        response = self.client.post("/api/agent/new")
        self.assertEqual(response.status, 200)
        return json.loads(response.data)

    def test_health(self):
        self.assertEqual(self.client.get("/api/health").status, 200)

    def test_new_command_state(self):
        game = self.new_game()
        self.assertIn("WELCOME", game["message"])
        self.assertIn("day=1", game["state"]["ledger"])
        response = self.post("/api/agent/command", {"game_id": game["game_id"], "command": "worker hire 2"})
        self.assertEqual(response.status, 200)
        body = json.loads(response.data)
        self.assertTrue(body["success"])
        self.assertFalse(body["game_over"])
        self.assertEqual(body["turn"], 1)
        self.assertIn("workers=2", body["state"]["ledger"])
        state = json.loads(self.client.get(f"/api/agent/state/{game['game_id']}").data)
        self.assertEqual(state["state"], body["state"])

    def test_bad_requests_are_4xx(self):
        game = self.new_game()
        self.assertEqual(self.post("/api/agent/command", raw="not json").status, 400)
        self.assertEqual(self.post("/api/agent/command", {"game_id": game["game_id"]}).status, 400)
        self.assertEqual(self.post("/api/agent/command", {"game_id": "nope", "command": "help"}).status, 404)
        self.assertEqual(self.client.get("/api/agent/state/nope").status, 404)


if __name__ == "__main__":
    unittest.main()
