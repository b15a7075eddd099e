import unittest

from stillroom.server import create_app


class ApiTest(unittest.TestCase):
    def setUp(self):
        self.client = create_app().test_client()

    def new_game(self):
        response = self.client.post("/api/agent/new")
        self.assertEqual(response.status_code, 200)
        return response.get_json()

    def test_health(self):
        self.assertEqual(self.client.get("/healthz").status_code, 200)

    def test_new_and_command(self):
        game_id = self.new_game()["game_id"]
        response = self.client.post("/api/agent/command", json={"game_id": game_id, "command": "buy salt"})
        body = response.get_json()
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertFalse(body["game_over"])
        state = self.client.get(f"/api/agent/state/{game_id}").get_json()["state"]
        self.assertEqual(state["purse"], 9)

    def test_refusal_is_200(self):
        game_id = self.new_game()["game_id"]
        response = self.client.post("/api/agent/command", json={"game_id": game_id, "command": "fly"})
        self.assertEqual(response.status_code, 200)
        self.assertFalse(response.get_json()["success"])

    def test_bad_requests(self):
        self.assertEqual(self.client.post("/api/agent/command", data="nope").status_code, 400)
        self.assertEqual(self.client.post("/api/agent/command", json={"command": "look"}).status_code, 400)
        self.assertEqual(
            self.client.post("/api/agent/command", json={"game_id": "x", "command": "look"}).status_code, 404
        )
        self.assertEqual(self.client.get("/api/agent/state/x").status_code, 404)


if __name__ == "__main__":
    unittest.main()
