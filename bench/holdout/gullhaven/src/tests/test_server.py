import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import server  # noqa: E402


def post(path, body=None, raw=None):
    data = raw if raw is not None else ("" if body is None else json.dumps(body))
    return server.app.request(path, method="POST", data=data, headers={"Content-Type": "application/json"})


class ApiTest(unittest.TestCase):
    def new_game(self):
        response = post("/api/agent/new")
        self.assertEqual(response.status, "200 OK")
        return json.loads(response.data)

    def test_health(self):
        self.assertEqual(server.app.request("/api/health").status, "200 OK")

    def test_new_game(self):
        body = self.new_game()
        self.assertEqual(set(body), {"game_id", "message", "state"})
        self.assertIn("harbour master", body["message"])
        self.assertEqual(body["state"]["debt"], 700)

    def test_command(self):
        game_id = self.new_game()["game_id"]
        response = post("/api/agent/command", {"game_id": game_id, "command": "buy bait"})
        self.assertEqual(response.status, "200 OK")
        body = json.loads(response.data)
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertEqual(body["state"]["purse"], 37)
        self.assertFalse(body["game_over"])

    def test_state(self):
        game_id = self.new_game()["game_id"]
        post("/api/agent/command", {"game_id": game_id, "command": "6 fuel"})
        response = server.app.request(f"/api/agent/state/{game_id}")
        self.assertEqual(response.status, "200 OK")
        body = json.loads(response.data)
        self.assertEqual(body["game_id"], game_id)
        self.assertEqual(body["state"]["fuel"], 30)

    def test_refused_command_is_still_200(self):
        game_id = self.new_game()["game_id"]
        body = json.loads(post("/api/agent/command", {"game_id": game_id, "command": "fly"}).data)
        self.assertFalse(body["success"])
        self.assertEqual(body["turn"], 0)

    def test_bad_requests(self):
        game_id = self.new_game()["game_id"]
        self.assertEqual(post("/api/agent/command", raw="not json").status[:3], "400")
        self.assertEqual(post("/api/agent/command", raw="[1, 2]").status[:3], "400")
        self.assertEqual(post("/api/agent/command", {"command": "look"}).status[:3], "400")
        self.assertEqual(post("/api/agent/command", {"game_id": game_id}).status[:3], "400")
        self.assertEqual(post("/api/agent/command", {"game_id": game_id, "command": 7}).status[:3], "400")
        self.assertEqual(post("/api/agent/command", {"game_id": "nope", "command": "look"}).status[:3], "404")
        self.assertEqual(server.app.request("/api/agent/state/nope").status[:3], "404")

    def test_the_page(self):
        response = server.app.request("/")
        self.assertEqual(response.status, "200 OK")
        self.assertIn("Gullhaven", response.data.decode() if isinstance(response.data, bytes) else response.data)


if __name__ == "__main__":
    unittest.main()
