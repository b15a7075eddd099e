import io
import json
import unittest
from wsgiref.util import setup_testing_defaults

from comet.web import app


def call(method, path, body=None):
    data = body if isinstance(body, bytes) else (b"" if body is None else json.dumps(body).encode())
    environ = {}
    setup_testing_defaults(environ)
    environ.update(
        REQUEST_METHOD=method,
        PATH_INFO=path,
        CONTENT_LENGTH=str(len(data)),
        CONTENT_TYPE="application/json",
    )
    environ["wsgi.input"] = io.BytesIO(data)
    seen = {}

    def start_response(status, headers, exc_info=None):
        seen["status"] = int(status.split()[0])

    raw = b"".join(app(environ, start_response))
    return seen["status"], json.loads(raw) if raw.startswith(b"{") else raw


class ApiTest(unittest.TestCase):
    def test_health(self):
        self.assertEqual(call("GET", "/healthz")[0], 200)

    def test_new_command_and_state(self):
        status, new = call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertIn("Vesta Yard", new["message"])
        game_id = new["game_id"]
        status, reply = call("POST", "/api/agent/command", {"game_id": game_id, "command": "jump ceres"})
        self.assertEqual(status, 200)
        self.assertEqual(
            set(reply), {"game_id", "success", "message", "state", "game_over", "turn"}
        )
        self.assertTrue(reply["success"])
        self.assertEqual((reply["turn"], reply["game_over"]), (1, False))
        status, body = call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(body["state"]["ship"]["berth"], "ceres")

    def test_a_refused_order_is_still_http_200(self):
        game_id = call("POST", "/api/agent/new")[1]["game_id"]
        status, reply = call("POST", "/api/agent/command", {"game_id": game_id, "command": "STATUS please"})
        self.assertEqual((status, reply["success"]), (200, True))
        status, reply = call("POST", "/api/agent/command", {"game_id": game_id, "command": "warp 9"})
        self.assertEqual((status, reply["success"]), (200, False))

    def test_bad_requests_get_4xx(self):
        game_id = call("POST", "/api/agent/new")[1]["game_id"]
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": "nope", "command": "status"})[0], 404)
        self.assertEqual(call("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": game_id})[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", [1, 2])[0], 400)
        self.assertEqual(call("GET", "/api/agent/state/nope")[0], 404)


if __name__ == "__main__":
    unittest.main()
