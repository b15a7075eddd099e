import unittest

from blitz.server import create_app


class AgentApiTest(unittest.TestCase):
    def setUp(self):
        self.client = create_app().test_client()

    def new_game(self):
        response = self.client.post("/api/agent/new")
        self.assertEqual(response.status_code, 200)
        return response.get_json()

    def test_health(self):
        response = self.client.get("/api/health")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.get_json(), {"status": "ok"})

    def test_new_game_starts_at_the_entrance(self):
        body = self.new_game()
        self.assertIn("game_id", body)
        self.assertEqual(body["state"]["player"], {"x": 0, "y": 0})
        self.assertEqual(body["state"]["turn"], 0)

    def test_command_answers_the_agent_api(self):
        game_id = self.new_game()["game_id"]
        response = self.client.post("/api/agent/command", json={"game_id": game_id, "command": "east"})
        body = response.get_json()
        self.assertEqual(response.status_code, 200)
        self.assertTrue(body["success"])
        self.assertEqual(body["state"]["player"], {"x": 1, "y": 0})
        self.assertEqual(body["turn"], 1)
        self.assertFalse(body["game_over"])
        state = self.client.get(f"/api/agent/state/{game_id}").get_json()
        self.assertEqual(state["state"]["player"], {"x": 1, "y": 0})

    def test_unknown_verb_is_a_refusal_not_an_error(self):
        game_id = self.new_game()["game_id"]
        response = self.client.post("/api/agent/command", json={"game_id": game_id, "command": "dance wildly"})
        self.assertEqual(response.status_code, 200)
        self.assertFalse(response.get_json()["success"])

    def test_unknown_game_is_404(self):
        response = self.client.post("/api/agent/command", json={"game_id": "nope", "command": "look"})
        self.assertEqual(response.status_code, 404)
        self.assertEqual(self.client.get("/api/agent/state/nope").status_code, 404)

    def test_missing_fields_are_400(self):
        self.assertEqual(self.client.post("/api/agent/command", json={"command": "look"}).status_code, 400)
        self.assertEqual(self.client.post("/api/agent/command", data="not json").status_code, 400)

    def test_page_is_served(self):
        response = self.client.get("/")
        self.assertEqual(response.status_code, 200)
        self.assertIn(b"BLITZ", response.data)
        response.close()


if __name__ == "__main__":
    unittest.main()
