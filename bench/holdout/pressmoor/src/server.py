"""Pressmoor's HTTP front: a plain WSGI function served by wsgiref.

    POST /api/agent/new                    -> {"game_id", "message", "state"}
    POST /api/agent/command  {game_id, command}
                                           -> {"success", "message", "state", "game_over", "turn"}
    GET  /api/agent/state/<game_id>        -> {"game_id", "state"}
    GET  /healthz                          -> {"ok": true}

Run with `python server.py`; PRESSMOOR_PORT (default 8080) and HOST (default 127.0.0.1) pick the socket.
"""

import json
import os
import threading
import uuid
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import season

MAX_BODY = 64 * 1024
MAX_COMMAND = 500

GAMES = {}
LOCK = threading.Lock()

WELCOME = (
    "Autumn at Pressmoor. The trees hang heavy with dabinett, foxwhelp and redstreak, the old screw press "
    f"stands ready in the press house, and you have {season.START_PURSE} shillings and {season.SEASON_DAYS} days "
    f"to turn the crop into {season.GOAL}. Type `help` for the commands."
)


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def _reply(start_response, status, payload):
    body = json.dumps(payload).encode("utf-8")
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]


def _read_json(environ):
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise HttpError("400 Bad Request", "bad Content-Length")
    if length > MAX_BODY:
        raise HttpError("413 Payload Too Large", "request body too large")
    raw = environ["wsgi.input"].read(length) if length > 0 else b""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise HttpError("400 Bad Request", "body must be a JSON object")
    if not isinstance(data, dict):
        raise HttpError("400 Bad Request", "body must be a JSON object")
    return data


def _game(game_id):
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise HttpError("404 Not Found", "no such game")
    return GAMES[game_id]


def new_game():
    game_id = uuid.uuid4().hex[:12]
    record = {"season": season.new_season(), "turn": 0}
    with LOCK:
        GAMES[game_id] = record
    return {"game_id": game_id, "message": WELCOME, "state": season.view(record["season"])}


def command(data):
    game_id = data.get("game_id")
    text = data.get("command")
    if game_id is None or text is None:
        raise HttpError("400 Bad Request", "need game_id and command")
    if not isinstance(text, str):
        raise HttpError("400 Bad Request", "command must be a string")
    if len(text) > MAX_COMMAND:
        raise HttpError("400 Bad Request", f"command longer than {MAX_COMMAND} characters")
    with LOCK:
        record = _game(game_id)
        record["turn"] += 1
        ok, message = season.play(record["season"], text)
        return {
            "success": ok,
            "message": message,
            "state": season.view(record["season"]),
            "game_over": record["season"]["over"],
            "turn": record["turn"],
        }


def app(environ, start_response):
    method = environ.get("REQUEST_METHOD", "GET")
    path = environ.get("PATH_INFO", "/")
    try:
        if path in ("/healthz", "/api/health"):
            return _reply(start_response, "200 OK", {"ok": True, "games": len(GAMES)})
        if path == "/api/agent/new":
            if method != "POST":
                raise HttpError("405 Method Not Allowed", "use POST")
            return _reply(start_response, "200 OK", new_game())
        if path == "/api/agent/command":
            if method != "POST":
                raise HttpError("405 Method Not Allowed", "use POST")
            return _reply(start_response, "200 OK", command(_read_json(environ)))
        if path.startswith("/api/agent/state/"):
            if method != "GET":
                raise HttpError("405 Method Not Allowed", "use GET")
            game_id = path[len("/api/agent/state/"):]
            with LOCK:
                state = season.view(_game(game_id)["season"])
            return _reply(start_response, "200 OK", {"game_id": game_id, "state": state})
        raise HttpError("404 Not Found", f"nothing at {path}")
    except HttpError as err:
        return _reply(start_response, err.status, {"error": err.message})


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):
        pass


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


def main():
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PRESSMOOR_PORT", "8080"))
    with make_server(host, port, app, server_class=ThreadingWSGIServer, handler_class=QuietHandler) as httpd:
        print(f"Pressmoor listening on http://{host}:{port}", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
