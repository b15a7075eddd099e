import asyncio
import json
import unittest

import server


class ServerTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.server = await server.serve("127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def asyncTearDown(self):
        self.writer.close()
        await self.writer.wait_closed()
        self.server.close()
        await self.server.wait_closed()

    async def request(self, method, path, body=None, raw=None):
        data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        head = f"{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Length: {len(data)}\r\n\r\n".encode()
        self.writer.write(head + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload)

    async def test_health(self):
        status, body = await self.request("GET", "/api/health")
        self.assertEqual((status, body["status"]), (200, "ok"))

    async def test_a_game_over_one_kept_alive_connection(self):
        status, new = await self.request("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertEqual(set(new), {"game_id", "message", "state"})
        game_id = new["game_id"]
        status, reply = await self.request("POST", "/api/agent/command", {"game_id": game_id, "command": "drive:Brackwell"})
        self.assertEqual(status, 200)
        self.assertEqual(set(reply), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(reply["success"])
        self.assertEqual((reply["turn"], reply["game_over"]), (1, False))
        status, state = await self.request("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"]["town"], "Brackwell")

    async def test_bad_requests_get_4xx(self):
        self.assertEqual((await self.request("GET", "/api/agent/state/nope"))[0], 404)
        self.assertEqual((await self.request("POST", "/api/agent/command", raw=b"{not json"))[0], 400)
        self.assertEqual((await self.request("POST", "/api/agent/command", {"game_id": "x"}))[0], 400)
        self.assertEqual((await self.request("POST", "/api/agent/command", [1, 2]))[0], 400)
        self.assertEqual((await self.request("POST", "/api/agent/command", {"game_id": "x", "command": "look"}))[0], 404)
        self.assertEqual((await self.request("GET", "/api/agent/new"))[0], 405)
        self.assertEqual((await self.request("GET", "/nowhere"))[0], 404)
        self.assertEqual((await self.request("GET", "/api/health"))[0], 200)

    async def test_garbage_gets_a_400(self):
        self.writer.write(b"NOT HTTP AT ALL\r\n\r\n")
        await self.writer.drain()
        status_line = await self.reader.readline()
        self.assertIn(b" 400 ", status_line)


if __name__ == "__main__":
    unittest.main()
