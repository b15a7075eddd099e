import asyncio
import json
import unittest

import server


def call(method, path, body=b""):
    sent = []
    events = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive():
        return events.pop(0) if events else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "headers": []}
    asyncio.run(server.app(scope, receive, send))
    status = sent[0]["status"]
    return status, json.loads(sent[1]["body"])


def command(game_id, text):
    return call("POST", "/api/agent/command", json.dumps({"game_id": game_id, "command": text}).encode())


class ApiTest(unittest.TestCase):
    def test_health(self):
        status, body = call("GET", "/healthz")
        self.assertEqual(status, 200)
        self.assertEqual(body["status"], "ok")

    def test_new_command_state(self):
        status, body = call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        game_id = body["game_id"]
        self.assertIn("help", body["message"])
        self.assertEqual(body["state"]["coin"], 40)
        status, body = command(game_id, "run gallery")
        self.assertEqual(status, 200)
        self.assertEqual(set(body), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertFalse(body["game_over"])
        status, body = call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(body["state"]["train"]["at"], "gallery")

    def test_refused_command_is_not_an_error(self):
        _, body = call("POST", "/api/agent/new")
        status, body = command(body["game_id"], "fly to the moon")
        self.assertEqual(status, 200)
        self.assertFalse(body["success"])

    def test_bad_requests(self):
        self.assertEqual(call("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", b"[1, 2]")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", b'{"command": "look"}')[0], 400)
        self.assertEqual(command("orebend-nope", "look")[0], 404)
        _, body = call("POST", "/api/agent/new")
        bad = json.dumps({"game_id": body["game_id"], "command": 5}).encode()
        self.assertEqual(call("POST", "/api/agent/command", bad)[0], 400)
        self.assertEqual(call("GET", "/api/agent/state/orebend-nope")[0], 404)
        self.assertEqual(call("GET", "/api/agent/new")[0], 405)
        self.assertEqual(call("GET", "/nowhere")[0], 404)


if __name__ == "__main__":
    unittest.main()
