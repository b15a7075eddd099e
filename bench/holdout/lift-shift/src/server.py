"""HTTP front end for Lift Shift (standard library only).

POST /api/agent/new                      -> {game_id, message, state}
POST /api/agent/command {game_id, command} -> {success, message, state, game_over, turn}
GET  /api/agent/state/<game_id>          -> {game_id, state}
GET  /healthz                            -> {status: "ok"}
"""

import json
import os
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from lift import Shift

WELCOME = ("Evening shift at the Hotel Mirabel. You run the guest lift until the night porter comes at tick 90. "
           "Get 8 guests where they are going and keep the complaints under 3. Type help for the operator's card.")

shifts = {}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server_version = "LiftShift/1.0"

    def log_message(self, fmt, *args):
        pass

    def reply(self, status, payload):
        body = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def read_json(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return None, "bad Content-Length"
        raw = self.rfile.read(length) if length > 0 else b""
        if not raw.strip():
            return {}, None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None, "body is not JSON"
        if not isinstance(data, dict):
            return None, "body must be a JSON object"
        return data, None

    def do_GET(self):
        if self.path in ("/healthz", "/healthz/"):
            return self.reply(200, {"status": "ok"})
        prefix = "/api/agent/state/"
        if self.path.startswith(prefix):
            game_id = self.path[len(prefix):]
            with lock:
                shift = shifts.get(game_id)
                if shift is None:
                    return self.reply(404, {"error": "no game with id %r" % game_id})
                return self.reply(200, {"game_id": game_id, "state": shift.view()})
        return self.reply(404, {"error": "no route for GET %s" % self.path})

    def do_POST(self):
        data, problem = self.read_json()
        if self.path == "/api/agent/new":
            game_id = uuid.uuid4().hex[:12]
            with lock:
                shift = Shift()
                shifts[game_id] = shift
                return self.reply(200, {"game_id": game_id, "message": WELCOME + "\n\n" + shift.describe(),
                                        "state": shift.view()})
        if self.path != "/api/agent/command":
            return self.reply(404, {"error": "no route for POST %s" % self.path})
        if problem:
            return self.reply(400, {"error": problem})
        game_id, command = data.get("game_id"), data.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            return self.reply(400, {"error": "send a JSON object with string fields game_id and command"})
        with lock:
            shift = shifts.get(game_id)
            if shift is None:
                return self.reply(404, {"error": "no game with id %r" % game_id})
            try:
                ok, message = shift.do(command)
            except Exception as exc:
                return self.reply(500, {"error": "internal error: %s: %s" % (type(exc).__name__, exc)})
            return self.reply(200, {"success": ok, "message": message, "state": shift.view(),
                                    "game_over": shift.over, "turn": shift.moves})

    def do_PUT(self):
        self.read_json()
        self.reply(405, {"error": "method not allowed"})

    do_DELETE = do_PUT


def main():
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("LIFT_PORT", "7171"))
    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
