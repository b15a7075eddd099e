import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import muffin  # noqa: E402

from server import app  # noqa: E402


class ApiTest(unittest.IsolatedAsyncioTestCase):
    def setUp(self):
        self.client = muffin.TestClient(app)

    async def new_game(self):
        res = await self.client.post("/api/agent/new")
        self.assertEqual(res.status_code, 200)
        return await res.json()

    async def test_health(self):
        res = await self.client.get("/api/health")
        self.assertEqual(res.status_code, 200)

    async def test_new_command_state(self):
        body = await self.new_game()
        self.assertIn("message", body)
        self.assertEqual(body["state"]["till_pence"], 5000)
        res = await self.client.post("/api/agent/command",
                                     json={"game_id": body["game_id"], "command": "buy -c 2"})
        self.assertEqual(res.status_code, 200)
        reply = await res.json()
        self.assertEqual(set(reply), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        self.assertEqual(reply["state"]["clay_kg"], 7)
        res = await self.client.get(f"/api/agent/state/{body['game_id']}")
        self.assertEqual((await res.json())["state"]["clay_kg"], 7)

    async def test_bad_requests_are_4xx(self):
        body = await self.new_game()
        res = await self.client.post("/api/agent/command", data=b"not json",
                                     headers={"Content-Type": "application/json"})
        self.assertEqual(res.status_code, 400)
        res = await self.client.post("/api/agent/command", json={"game_id": body["game_id"]})
        self.assertEqual(res.status_code, 400)
        res = await self.client.post("/api/agent/command", json=["help"])
        self.assertEqual(res.status_code, 400)
        res = await self.client.post("/api/agent/command", json={"game_id": "nope", "command": "help"})
        self.assertEqual(res.status_code, 404)
        res = await self.client.get("/api/agent/state/nope")
        self.assertEqual(res.status_code, 404)


if __name__ == "__main__":
    unittest.main()
