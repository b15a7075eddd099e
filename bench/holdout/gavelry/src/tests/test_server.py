import asyncio
import http.client
import json
import os
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from server import Rooms, handler  # noqa: E402


class ServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.loop = asyncio.new_event_loop()
        started = threading.Event()

        async def serve():
            cls.server = await asyncio.start_server(handler(Rooms()), "127.0.0.1", 0)
            cls.port = cls.server.sockets[0].getsockname()[1]
            started.set()

        cls.thread = threading.Thread(target=cls.loop.run_forever, daemon=True)
        cls.thread.start()
        asyncio.run_coroutine_threadsafe(serve(), cls.loop)
        started.wait(5)

    @classmethod
    def tearDownClass(cls):
        async def shutdown():
            cls.server.close()
            await asyncio.sleep(0.1)

        asyncio.run_coroutine_threadsafe(shutdown(), cls.loop).result(5)
        cls.loop.call_soon_threadsafe(cls.loop.stop)
        cls.thread.join(5)
        cls.loop.close()

    def request(self, method, path, body=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
            conn.request(method, path, data)
            response = conn.getresponse()
            return response.status, json.loads(response.read())
        finally:
            conn.close()

    def test_health(self):
        self.assertEqual(self.request("GET", "/healthz")[0], 200)

    def test_new_command_state(self):
        status, new = self.request("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertIn("help", new["message"])
        game_id = new["game_id"]
        status, reply = self.request("POST", "/api/agent/command", {"game_id": game_id, "command": "bid 30"})
        self.assertEqual(status, 200)
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        self.assertFalse(reply["game_over"])
        status, state = self.request("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"], reply["state"])
        self.assertEqual(state["state"]["purse"], 117)

    def test_bad_requests(self):
        self.assertEqual(self.request("GET", "/api/agent/state/nobody")[0], 404)
        self.assertEqual(self.request("POST", "/api/agent/command", b"{not json")[0], 400)
        self.assertEqual(self.request("POST", "/api/agent/command", {"command": "look"})[0], 404)
        _, new = self.request("POST", "/api/agent/new")
        self.assertEqual(self.request("POST", "/api/agent/command", {"game_id": new["game_id"]})[0], 400)
        self.assertEqual(self.request("POST", "/api/agent/command", [1, 2])[0], 400)
        self.assertEqual(self.request("GET", "/api/agent/new")[0], 405)
        self.assertEqual(self.request("GET", "/nowhere")[0], 404)

    def test_keep_alive(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            for _ in range(3):
                conn.request("GET", "/healthz")
                response = conn.getresponse()
                self.assertEqual(response.status, 200)
                response.read()
        finally:
            conn.close()


if __name__ == "__main__":
    unittest.main()
