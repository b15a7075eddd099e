"""Turnip Row HTTP front end (stdlib only). Speaks the GBQA agent protocol."""

import itertools
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from socketserver import ThreadingMixIn

from farm import Farm

_farms = {}
_ids = itertools.count(1001)
_lock = threading.Lock()

INTRO = ("Uncle Amos left you the farm on Turnip Row, and his debts with it. "
         "Make 150 gold and the bank goes away. (Type CARD for the farmhand's card.)")


class Server(ThreadingMixIn, HTTPServer):
    daemon_threads = True


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        return

    def _send(self, code, payload):
        body = json.dumps(payload, sort_keys=True).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/health":
            self._send(200, {"ok": True})
        elif self.path.startswith("/api/agent/state/"):
            farm = _farms.get(self.path.split("/")[-1])
            if farm is None:
                self._send(404, {"detail": "game not found"})
            else:
                self._send(200, {"game_id": self.path.split("/")[-1], "state": farm.view()})
        else:
            self._send(404, {"detail": "not found"})

    def do_POST(self):
        size = int(self.headers.get("Content-Length", 0) or 0)
        raw = self.rfile.read(size)
        if self.path == "/api/agent/new":
            with _lock:
                game_id = "farm-%d" % next(_ids)
                _farms[game_id] = Farm()
            farm = _farms[game_id]
            self._send(200, {"game_id": game_id, "message": INTRO + "\n\n" + farm.status(),
                             "state": farm.view()})
            return
        if self.path != "/api/agent/command":
            self._send(404, {"detail": "not found"})
            return
        try:
            data = json.loads(raw.decode() or "{}")
        except (ValueError, UnicodeDecodeError, RecursionError):
            self._send(400, {"detail": "invalid JSON"})
            return
        game_id = data.get("game_id") if isinstance(data, dict) else None
        farm = _farms.get(game_id) if isinstance(game_id, str) else None
        if farm is None:
            self._send(404, {"detail": "game not found"})
            return
        if not isinstance(data.get("command"), str):
            self._send(400, {"detail": "missing command"})
            return
        try:
            with _lock:
                ok, reply = farm.do(data["command"])
        except Exception as exc:
            self._send(500, {"detail": "server error: %r" % exc})
            return
        self._send(200, {"success": ok, "message": reply, "state": farm.view(),
                         "game_over": farm.won, "turn": farm.actions})


if __name__ == "__main__":
    Server((os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("FARM_PORT", "9090"))), Handler).serve_forever()
