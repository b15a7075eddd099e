import io
import json
import unittest
from wsgiref.util import setup_testing_defaults

from app import application


def call(method, path, body=None, raw=None):
    environ = {}
    setup_testing_defaults(environ)
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
    environ.update(
        REQUEST_METHOD=method,
        PATH_INFO=path,
        CONTENT_LENGTH=str(len(data)),
        CONTENT_TYPE="application/json",
    )
    environ["wsgi.input"] = io.BytesIO(data)
    seen = {}

    def start_response(status, headers):
        seen["status"] = int(status.split()[0])

    payload = b"".join(application(environ, start_response))
    return seen["status"], json.loads(payload)


class ApiTest(unittest.TestCase):
    def test_health(self):
        self.assertEqual(call("GET", "/healthz")[0], 200)

    def test_new_command_state(self):
        status, body = call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertEqual(set(body), {"game_id", "message", "state"})
        game_id = body["game_id"]
        status, body = call("POST", "/api/agent/command", {"game_id": game_id, "command": "hire a shearer"})
        self.assertEqual(status, 200)
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        status, body = call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(len(body["state"]["shearers"]), 1)

    def test_help_is_examples(self):
        game_id = call("POST", "/api/agent/new")[1]["game_id"]
        body = call("POST", "/api/agent/command", {"game_id": game_id, "command": "help"})[1]
        self.assertIn("> hire 2 shearers from the town", body["message"])

    def test_bad_requests(self):
        self.assertEqual(call("GET", "/api/agent/state/nope")[0], 404)
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": "nope", "command": "look"})[0], 404)
        self.assertEqual(call("POST", "/api/agent/command", raw=b"not json")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", {"command": "look"})[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", raw=b"[1, 2]")[0], 400)
        self.assertEqual(call("GET", "/api/agent/new")[0], 405)
        game_id = call("POST", "/api/agent/new")[1]["game_id"]
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": game_id, "command": 7})[0], 400)


if __name__ == "__main__":
    unittest.main()
