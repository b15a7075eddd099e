import json
import unittest

from webob import Request

from starwatch.app import make_app


class ApiTest(unittest.TestCase):
    def setUp(self):
        self.app = make_app()

    def call(self, method, path, body=None, content_type="application/json"):
        request = Request.blank(path, method=method)
        if body is not None:
            request.body = body if isinstance(body, bytes) else json.dumps(body).encode()
            request.content_type = content_type
        return request.get_response(self.app)

    def new(self):
        response = self.call("POST", "/api/agent/new")
        self.assertEqual(response.status_int, 200)
        return response.json

    def test_health(self):
        self.assertEqual(self.call("GET", "/api/health").status_int, 200)

    def test_new_command_state(self):
        created = self.new()
        self.assertIn("help", created["message"])
        reply = self.call("POST", "/api/agent/command", {"game_id": created["game_id"], "command": "status"})
        self.assertEqual(reply.status_int, 200)
        body = reply.json
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        state = self.call("GET", f"/api/agent/state/{created['game_id']}").json
        self.assertEqual(state["state"]["grant"]["budget"], "$1,500")

    def test_bad_requests_get_4xx(self):
        created = self.new()
        self.assertEqual(self.call("POST", "/api/agent/command", b"not json").status_int, 400)
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": created["game_id"]}).status_int, 400)
        self.assertEqual(self.call("POST", "/api/agent/command", [1, 2]).status_int, 400)
        self.assertEqual(
            self.call("POST", "/api/agent/command", {"game_id": "nope", "command": "help"}).status_int, 404
        )
        self.assertEqual(self.call("GET", "/api/agent/state/nope").status_int, 404)

    def test_odd_commands_are_refused_not_crashed(self):
        game_id = self.new()["game_id"]
        for command in ["", "///", "observe", "observe/m42/abc", "observe/m42/²", "buy/plates/-1", "wait/9999",
                        "develop/0", "forecast/0", "night/start", "help/paper"]:
            reply = self.call("POST", "/api/agent/command", {"game_id": game_id, "command": command})
            self.assertEqual(reply.status_int, 200, command)


if __name__ == "__main__":
    unittest.main()
