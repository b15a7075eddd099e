"""Highgrove's HTTP front: the GBQA agent API on Emmett.

Run it with `python server.py`; it listens on HOST (127.0.0.1 by default) and HIGHGROVE_PORT (8000).
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections import OrderedDict

from emmett import App, request, response
from emmett.tools import service

from estate import Estate

MAX_GAMES = 500
MAX_COMMAND = 200

app = App(__name__)

_games: OrderedDict[str, Estate] = OrderedDict()
_lock = threading.Lock()


def _state(estate: Estate) -> dict:
    return {"won": estate.won, "ledger": estate.ledger()}


def _fail(status: int, error: str) -> dict:
    response.status = status
    return {"error": error}


def _find(game_id: str) -> Estate | None:
    with _lock:
        estate = _games.get(game_id)
        if estate is not None:
            _games.move_to_end(game_id)
        return estate


@app.route("/api/health", methods=["get"])
@service.json
async def health():
    return {"status": "ok", "game": "highgrove"}


@app.route("/api/agent/new", methods=["post"])
@service.json
async def new_game():
    estate = Estate()
    game_id = uuid.uuid4().hex
    with _lock:
        _games[game_id] = estate
        while len(_games) > MAX_GAMES:
            _games.popitem(last=False)
    return {"game_id": game_id, "message": estate.welcome(), "state": _state(estate)}


@app.route("/api/agent/command", methods=["post"])
@service.json
async def command():
    raw = await request.body
    try:
        body = json.loads(raw or b"")
    except ValueError:
        return _fail(400, "body must be JSON")
    if not isinstance(body, dict):
        return _fail(400, "body must be a JSON object")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _fail(400, "game_id and command must be strings")
    if len(text) > MAX_COMMAND:
        return _fail(400, f"command longer than {MAX_COMMAND} characters")
    estate = _find(game_id)
    if estate is None:
        return _fail(404, "no such game")
    with _lock:
        success, message = estate.order(text)
        return {
            "success": success,
            "message": message,
            "state": _state(estate),
            "game_over": estate.game_over,
            "turn": estate.turn,
        }


@app.route("/api/agent/state/<str:game_id>", methods=["get"])
@service.json
async def state(game_id):
    estate = _find(game_id)
    if estate is None:
        return _fail(404, "no such game")
    return {"game_id": game_id, "state": _state(estate)}


def main() -> None:
    from emmett_core.server import run

    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("HIGHGROVE_PORT", "8000"))
    run("rsgi", ("server", "app"), host=host, port=port, log_level="info")


if __name__ == "__main__":
    main()
