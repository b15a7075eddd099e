"""The station's HTTP face: a plain WSGI application speaking the agent API.

    POST /api/agent/new                  -> {"game_id", "message", "state"}
    POST /api/agent/command              {"game_id", "command"} -> {"success", "message", "state", "game_over", "turn"}
    GET  /api/agent/state/<game_id>      -> {"game_id", "state"}
    GET  /healthz                        -> {"status": "ok"}
"""

from __future__ import annotations

import json
import uuid

from station import Station

MAX_BODY = 64 * 1024
MAX_GAMES = 500

WELCOME = (
    "Shearing season at the station. 60 sheep (40 merinos and 20 crossbreds) wait in the paddock, "
    "the board has four empty stands and the tin holds $200. Shear the flock, press the wool into bales "
    "and sell them before the season's ten days are out: the station needs $900 in the tin to make its year. "
    "Type `help` for a few examples."
)

STATUS_TEXT = {
    200: "200 OK",
    400: "400 Bad Request",
    404: "404 Not Found",
    405: "405 Method Not Allowed",
    413: "413 Payload Too Large",
    415: "415 Unsupported Media Type",
}

games: dict[str, Station] = {}


class HttpError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def respond(start_response, status: int, payload: dict) -> list[bytes]:
    body = json.dumps(payload).encode("utf-8")
    start_response(
        STATUS_TEXT[status],
        [("Content-Type", "application/json; charset=utf-8"), ("Content-Length", str(len(body)))],
    )
    return [body]


def read_json(environ) -> dict:
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise HttpError(400, "bad Content-Length") from None
    if length > MAX_BODY:
        raise HttpError(413, "request body too large")
    raw = environ["wsgi.input"].read(length) if length > 0 else b""
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise HttpError(400, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise HttpError(400, "the body must be a JSON object")
    return body


def find_game(game_id) -> Station:
    if not isinstance(game_id, str) or game_id not in games:
        raise HttpError(404, f"no game with id {str(game_id)[:60]!r}")
    return games[game_id]


def new_game(environ) -> tuple[int, dict]:
    if len(games) >= MAX_GAMES:
        oldest = next(iter(games))
        del games[oldest]
    game_id = uuid.uuid4().hex[:12]
    station = Station()
    games[game_id] = station
    return 200, {"game_id": game_id, "message": WELCOME, "state": station.snapshot()}


def command(environ) -> tuple[int, dict]:
    body = read_json(environ)
    if "game_id" not in body or "command" not in body:
        raise HttpError(400, "send both game_id and command")
    station = find_game(body["game_id"])
    text = body["command"]
    if not isinstance(text, str):
        raise HttpError(400, "command must be a string")
    reply = station.handle(text)
    return 200, {
        "success": reply.success,
        "message": reply.message,
        "state": station.snapshot(),
        "game_over": station.game_over,
        "turn": station.turn,
    }


def state(game_id: str) -> tuple[int, dict]:
    station = find_game(game_id)
    return 200, {"game_id": game_id, "state": station.snapshot()}


def route(environ) -> tuple[int, dict]:
    method = environ.get("REQUEST_METHOD", "GET")
    path = environ.get("PATH_INFO", "/")
    if path in ("/healthz", "/api/health"):
        return 200, {"status": "ok", "games": len(games)}
    if path == "/api/agent/new":
        if method != "POST":
            raise HttpError(405, "use POST")
        return new_game(environ)
    if path == "/api/agent/command":
        if method != "POST":
            raise HttpError(405, "use POST")
        return command(environ)
    if path.startswith("/api/agent/state/"):
        if method != "GET":
            raise HttpError(405, "use GET")
        return state(path[len("/api/agent/state/"):])
    raise HttpError(404, f"nothing at {path}")


def application(environ, start_response):
    try:
        status, payload = route(environ)
    except HttpError as error:
        return respond(start_response, error.status, {"error": error.message})
    return respond(start_response, status, payload)
