import json
import unittest

from webob import Request

from lockgate.app import make_app


class ApiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.app = make_app()

    def call(self, method, path, body=None, raw=None):
        request = Request.blank(path, method=method)
        if raw is not None:
            request.body = raw
        elif body is not None:
            request.body = json.dumps(body).encode()
            request.content_type = "application/json"
        response = request.get_response(self.app)
        return response.status_code, response

    def new_game(self):
        status, response = self.call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        return response.json

    def test_health(self):
        status, response = self.call("GET", "/api/health")
        self.assertEqual(status, 200)
        self.assertEqual(response.json["status"], "ok")

    def test_new_command_state(self):
        game = self.new_game()
        self.assertEqual(game["state"]["day"], 1)
        self.assertIn("help", game["message"])
        status, response = self.call(
            "POST", "/api/agent/command", {"game_id": game["game_id"], "command": "fill --chamber 1"}
        )
        self.assertEqual(status, 200)
        body = response.json
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertFalse(body["game_over"])
        status, response = self.call("GET", f"/api/agent/state/{game['game_id']}")
        self.assertEqual(status, 200)
        self.assertEqual(response.json["state"]["reservoir"], 175)

    def test_refusal_is_not_an_error(self):
        game = self.new_game()
        status, response = self.call("POST", "/api/agent/command", {"game_id": game["game_id"], "command": "fly"})
        self.assertEqual(status, 200)
        self.assertFalse(response.json["success"])

    def test_bad_requests(self):
        self.assertEqual(self.call("POST", "/api/agent/command", raw=b"not json")[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", body=[1, 2])[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", body={"game_id": "x"})[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", body={"game_id": "x", "command": "status"})[0], 404)
        self.assertEqual(self.call("GET", "/api/agent/state/nope")[0], 404)
        self.assertEqual(self.call("GET", "/api/agent/new")[0], 405)


if __name__ == "__main__":
    unittest.main()
