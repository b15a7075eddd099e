"""The agent API over twisted.web, without opening a socket."""

import io
import json

from twisted.trial import unittest
from twisted.web.resource import getChildForRequest
from twisted.web.test.requesthelper import DummyRequest

import server


def call(method, path, body=None):
    site = server.make_site()
    request = DummyRequest([part.encode() for part in path.strip("/").split("/")])
    request.method = method.encode()
    request.content = io.BytesIO(body if body is not None else b"")
    leaf = getChildForRequest(site.resource, request)
    data = leaf.render(request)
    return request.responseCode or 200, json.loads(data)


class ApiTests(unittest.TestCase):
    def test_health(self):
        code, body = call("GET", "/api/health")
        self.assertEqual((code, body["status"]), (200, "ok"))

    def test_new_command_state(self):
        code, body = call("POST", "/api/agent/new")
        self.assertEqual(code, 200)
        game_id = body["game_id"]
        self.assertIn("QUARRYMOOR", body["message"])
        payload = json.dumps({"game_id": game_id, "command": "go office"}).encode()
        code, reply = call("POST", "/api/agent/command", payload)
        self.assertEqual(code, 200)
        self.assertEqual(set(reply), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        code, state = call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(state["state"]["detective"]["location"], "office")

    def test_bad_requests(self):
        self.assertEqual(call("POST", "/api/agent/command", b"{not json")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", b'{"game_id": "x"}')[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", b'{"game_id": "x", "command": "look"}')[0], 404)
        self.assertEqual(call("GET", "/api/agent/state/nope")[0], 404)
