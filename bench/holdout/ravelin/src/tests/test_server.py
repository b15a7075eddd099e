import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from blacksheep.contents import Content  # noqa: E402
from blacksheep.testing import TestClient  # noqa: E402

import server  # noqa: E402


def body(data) -> Content:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return Content(b"application/json", raw)


class ServerTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        await server.app.start()
        self.client = TestClient(server.app)

    async def new(self):
        response = await self.client.post("/api/agent/new")
        self.assertEqual(response.status, 200)
        return await response.json()

    async def test_health(self):
        response = await self.client.get("/healthz")
        self.assertEqual(response.status, 200)

    async def test_new_command_state(self):
        game = await self.new()
        self.assertIn("help", game["message"])
        self.assertEqual(game["state"]["day"], 1)
        response = await self.client.post("/api/agent/command",
                                          content=body({"game_id": game["game_id"], "command": "hire 1 archer"}))
        self.assertEqual(response.status, 200)
        data = await response.json()
        self.assertTrue(data["success"])
        self.assertFalse(data["game_over"])
        self.assertEqual(data["turn"], 1)
        self.assertEqual(data["state"]["keep"]["archers"], 5)
        response = await self.client.get(f"/api/agent/state/{game['game_id']}")
        self.assertEqual((await response.json())["state"]["crowns"], 140)

    async def test_refusal_is_not_an_error(self):
        game = await self.new()
        response = await self.client.post("/api/agent/command",
                                          content=body({"game_id": game["game_id"], "command": "fly"}))
        data = await response.json()
        self.assertEqual(response.status, 200)
        self.assertFalse(data["success"])

    async def test_bad_requests(self):
        response = await self.client.post("/api/agent/command", content=body(b"{nope"))
        self.assertEqual(response.status, 400)
        response = await self.client.post("/api/agent/command", content=body({"game_id": "x"}))
        self.assertEqual(response.status, 400)
        response = await self.client.post("/api/agent/command", content=body({"game_id": "x", "command": "look"}))
        self.assertEqual(response.status, 404)
        response = await self.client.get("/api/agent/state/unknown")
        self.assertEqual(response.status, 404)


if __name__ == "__main__":
    unittest.main()
