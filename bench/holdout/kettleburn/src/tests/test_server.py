import asyncio
import http.client
import json
import socket
import threading
import unittest

from kettleburn import server


class ServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        cls.port = sock.getsockname()[1]
        sock.close()
        cls.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve():
            asyncio.set_event_loop(cls.loop)
            cls.srv = cls.loop.run_until_complete(
                asyncio.start_server(server.handle, "127.0.0.1", cls.port)
            )
            ready.set()
            cls.loop.run_forever()

        cls.thread = threading.Thread(target=serve, daemon=True)
        cls.thread.start()
        ready.wait(5)

    @classmethod
    def tearDownClass(cls):
        async def shutdown():
            cls.srv.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(shutdown(), cls.loop).result(5)
        cls.loop.call_soon_threadsafe(cls.loop.stop)
        cls.thread.join(5)

    def request(self, method, path, body=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        payload = json.loads(resp.read())
        conn.close()
        return resp.status, payload

    def test_health(self):
        self.assertEqual(self.request("GET", "/api/health")[0], 200)

    def test_new_command_state(self):
        status, new = self.request("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        self.assertEqual(new["state"]["clock"], "08:00")
        status, reply = self.request("POST", "/api/agent/command", {"game_id": new["game_id"], "command": "kettle fill 1"})
        self.assertEqual(status, 200)
        self.assertTrue(reply["success"])
        self.assertEqual(reply["turn"], 1)
        self.assertFalse(reply["game_over"])
        status, state = self.request("GET", f"/api/agent/state/{new['game_id']}")
        self.assertEqual(status, 200)
        self.assertEqual(state["state"]["clock"], "08:01")

    def test_bad_requests_are_4xx(self):
        _, new = self.request("POST", "/api/agent/new")
        cases = [
            ("POST", "/api/agent/command", b"{not json"),
            ("POST", "/api/agent/command", {"command": "help"}),
            ("POST", "/api/agent/command", {"game_id": new["game_id"], "command": 7}),
            ("POST", "/api/agent/command", {"game_id": "nope", "command": "help"}),
            ("POST", "/api/agent/command", [1, 2]),
            ("GET", "/api/agent/state/nope", None),
            ("GET", "/api/agent/new", None),
            ("GET", "/nowhere", None),
        ]
        for method, path, body in cases:
            status, payload = self.request(method, path, body)
            self.assertTrue(400 <= status < 500, (method, path, body, status))
            self.assertIn("error", payload)

    def test_keep_alive(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        for _ in range(3):
            conn.request("GET", "/api/health")
            resp = conn.getresponse()
            self.assertEqual(resp.status, 200)
            resp.read()
        conn.close()


if __name__ == "__main__":
    unittest.main()
