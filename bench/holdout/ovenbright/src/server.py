"""Ovenbright's web server: the GBQA agent API on Klein.

    OVENBRIGHT_PORT=8080 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import json
import os
import sys
import uuid

from klein import Klein
from twisted.internet import endpoints, reactor
from twisted.logger import globalLogBeginner, textFileLogObserver
from twisted.web.server import Site

from bakery import Bakery

app = Klein()
games: dict[str, Bakery] = {}


class BadRequest(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def reply(request, payload: dict, status: int = 200) -> bytes:
    request.setResponseCode(status)
    request.setHeader(b"Content-Type", b"application/json; charset=utf-8")
    return json.dumps(payload).encode("utf-8")


@app.handle_errors(BadRequest)
def bad_request(request, failure):
    error = failure.value
    return reply(request, {"error": error.message}, error.status)


def read_json(request) -> dict:
    raw = request.content.read() if request.content is not None else b""
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadRequest(400, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise BadRequest(400, "the body must be a JSON object")
    return body


def find_game(game_id) -> Bakery:
    if not isinstance(game_id, str) or not game_id:
        raise BadRequest(400, "game_id must be a non-empty string")
    game = games.get(game_id)
    if game is None:
        raise BadRequest(404, f"no game with id {game_id!r}")
    return game


@app.route("/", methods=["GET"])
def index(request):
    request.setHeader(b"Content-Type", b"text/plain; charset=utf-8")
    return b"Ovenbright bakery. POST /api/agent/new to start a game.\n"


@app.route("/api/health", methods=["GET"])
def health(request):
    return reply(request, {"status": "ok", "games": len(games)})


@app.route("/api/agent/new", methods=["POST"])
def new_game(request):
    game_id = uuid.uuid4().hex
    game = Bakery()
    games[game_id] = game
    return reply(request, {"game_id": game_id, "message": game.start_message(), "state": game.state})


@app.route("/api/agent/command", methods=["POST"])
def command(request):
    body = read_json(request)
    if "game_id" not in body or "command" not in body:
        raise BadRequest(400, "send both game_id and command")
    game = find_game(body["game_id"])
    text = body["command"]
    if not isinstance(text, str):
        raise BadRequest(400, "command must be a string")
    success, message = game.handle(text)
    return reply(
        request,
        {
            "success": success,
            "message": message,
            "state": game.state,
            "game_over": game.game_over,
            "turn": game.turn,
        },
    )


@app.route("/api/agent/state/<string:game_id>", methods=["GET"])
def state(request, game_id):
    game = find_game(game_id)
    return reply(request, {"game_id": game_id, "state": game.state})


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("OVENBRIGHT_PORT", "8080"))
    globalLogBeginner.beginLoggingTo([textFileLogObserver(sys.stdout)])
    if ":" in host:
        endpoint = endpoints.TCP6ServerEndpoint(reactor, port, interface=host)
    else:
        endpoint = endpoints.TCP4ServerEndpoint(reactor, port, interface=host)
    endpoint.listen(Site(app.resource()))
    print(f"Ovenbright is open on http://{host}:{port}/", flush=True)
    reactor.run()


if __name__ == "__main__":
    main()
