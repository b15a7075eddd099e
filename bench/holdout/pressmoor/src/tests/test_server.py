import io
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import server  # noqa: E402


def call(method, path, body=None, raw=None):
    data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.input": io.BytesIO(data),
    }
    seen = {}

    def start_response(status, headers):
        seen["status"] = int(status.split()[0])

    out = b"".join(server.app(environ, start_response))
    return seen["status"], json.loads(out)


class ApiTest(unittest.TestCase):
    def test_health(self):
        self.assertEqual(call("GET", "/healthz")[0], 200)

    def test_new_command_state(self):
        status, body = call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertEqual(set(body), {"game_id", "message", "state"})
        gid = body["game_id"]
        status, body = call("POST", "/api/agent/command", {"game_id": gid, "command": "pick dabinett 2"})
        self.assertEqual(status, 200)
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertEqual(body["state"]["cart"]["dabinett"], 2)
        status, body = call("GET", f"/api/agent/state/{gid}")
        self.assertEqual(status, 200)
        self.assertEqual(body["state"]["hours_left"], 10)

    def test_refusal_is_not_an_error(self):
        gid = call("POST", "/api/agent/new")[1]["game_id"]
        status, body = call("POST", "/api/agent/command", {"game_id": gid, "command": "fill"})
        self.assertEqual(status, 200)
        self.assertFalse(body["success"])

    def test_bad_requests(self):
        gid = call("POST", "/api/agent/new")[1]["game_id"]
        self.assertEqual(call("POST", "/api/agent/command", raw=b"not json")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", raw=b"[1, 2]")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": gid})[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", {"command": "look"})[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": gid, "command": 5})[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": "nope", "command": "look"})[0], 404)
        self.assertEqual(call("POST", "/api/agent/command", {"game_id": [1], "command": "look"})[0], 404)
        self.assertEqual(call("GET", "/api/agent/state/nope")[0], 404)
        self.assertEqual(call("GET", "/api/agent/new")[0], 405)
        self.assertEqual(call("GET", "/elsewhere")[0], 404)

    def test_games_are_separate(self):
        a = call("POST", "/api/agent/new")[1]["game_id"]
        b = call("POST", "/api/agent/new")[1]["game_id"]
        call("POST", "/api/agent/command", {"game_id": a, "command": "pick redstreak 3"})
        self.assertEqual(call("GET", f"/api/agent/state/{b}")[1]["state"]["cart"]["redstreak"], 0)


if __name__ == "__main__":
    unittest.main()
