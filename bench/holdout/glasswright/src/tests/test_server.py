import asyncio
import json
import unittest

from server import app


def call(method: str, path: str, body: bytes = b"") -> tuple[int, dict]:
    """One request straight through the ASGI app, no network."""
    sent = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"host", b"test")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    payload = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(payload)


class AgentApi(unittest.TestCase):
    def test_health(self):
        status, body = call("GET", "/healthz")
        self.assertEqual(status, 200)
        self.assertEqual(body["status"], "ok")

    def test_new_command_state(self):
        status, new = call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertEqual(set(new), {"game_id", "message", "state"})
        self.assertEqual(new["state"]["money"], 120)
        game_id = new["game_id"]
        status, reply = call(
            "POST", "/api/agent/command", json.dumps({"game_id": game_id, "command": "furnace stoke 2"}).encode()
        )
        self.assertEqual(status, 200)
        self.assertEqual(set(reply), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        self.assertEqual(reply["state"]["furnace"]["temperature"], 1200)
        status, state = call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"], reply["state"])

    def test_refusals_are_not_errors(self):
        _, new = call("POST", "/api/agent/new")
        body = json.dumps({"game_id": new["game_id"], "command": "lease pay"}).encode()
        status, reply = call("POST", "/api/agent/command", body)
        self.assertEqual(status, 200)
        self.assertFalse(reply["success"])
        self.assertFalse(reply["game_over"])

    def test_bad_requests_get_4xx(self):
        self.assertEqual(call("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", b"[1, 2]")[0], 400)
        self.assertEqual(call("POST", "/api/agent/command", b'{"game_id": "gw-1"}')[0], 400)
        body = json.dumps({"game_id": "nope", "command": "help"}).encode()
        self.assertEqual(call("POST", "/api/agent/command", body)[0], 404)
        self.assertEqual(call("GET", "/api/agent/state/nope")[0], 404)


if __name__ == "__main__":
    unittest.main()
