"""HTTP front for the Quayside Inn (GBQA agent API), on Sanic.

    python server.py            # HOST=127.0.0.1, QUAYSIDE_PORT=8000 by default
"""

from __future__ import annotations

import itertools
import os

from sanic import Sanic
from sanic.exceptions import BadRequest, NotFound
from sanic.response import json

import inn

app = Sanic("QuaysideInn")
app.config.FALLBACK_ERROR_FORMAT = "json"

GAMES: dict[str, dict] = {}
_ids = itertools.count(1)


def _body(request) -> dict:
    try:
        body = request.json
    except Exception as exc:  # malformed JSON
        raise BadRequest("the body must be a JSON object") from exc
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    return body


def _game(game_id) -> dict:
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise NotFound(f"no game {game_id!r}")
    return GAMES[game_id]


@app.get("/api/health")
async def health(request):
    return json({"status": "ok", "games": len(GAMES)})


@app.post("/api/agent/new")
async def new_game(request):
    game_id = f"qi-{next(_ids):05d}"
    state = inn.new_state()
    GAMES[game_id] = {"state": state, "turn": 0}
    return json({"game_id": game_id, "message": inn.opening_message(state), "state": state})


@app.post("/api/agent/command")
async def command(request):
    body = _body(request)
    if "game_id" not in body or "command" not in body:
        raise BadRequest("send game_id and command")
    if not isinstance(body["command"], str):
        raise BadRequest("command must be a string")
    game = _game(body["game_id"])
    success, message = inn.run_command(game["state"], body["command"])
    game["turn"] += 1
    state = game["state"]
    return json({"success": success, "message": message, "state": state,
                 "game_over": state["gameOver"], "turn": game["turn"]})


@app.get("/api/agent/state/<game_id>")
async def get_state(request, game_id: str):
    return json({"game_id": game_id, "state": _game(game_id)["state"]})


if __name__ == "__main__":
    app.run(host=os.environ.get("HOST", "127.0.0.1"), port=int(os.environ.get("QUAYSIDE_PORT", "8000")),
            single_process=True, access_log=False, motd=False)
