"""Kilnworth's HTTP server: the GBQA agent API on Muffin, served by uvicorn.

    KILNWORTH_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import os
import uuid

import muffin
from asgi_tools.errors import ASGIDecodeError

from game import Game

app = muffin.Application(name="kilnworth")

GAMES: dict[str, Game] = {}


def _error(status: int, text: str) -> muffin.ResponseJSON:
    return muffin.ResponseJSON({"error": text}, status_code=status)


def _game_or_none(game_id: object) -> Game | None:
    if not isinstance(game_id, str):
        return None
    return GAMES.get(game_id)


@app.route("/", methods=["GET"])
async def index(request: muffin.Request):
    return muffin.ResponseText(
        "Kilnworth pottery co-op. POST /api/agent/new to start, then POST /api/agent/command.\n"
    )


@app.route("/api/health", methods=["GET"])
async def health(request: muffin.Request):
    return {"status": "ok", "games": len(GAMES)}


@app.route("/api/agent/new", methods=["POST"])
async def new_game(request: muffin.Request):
    game = Game()
    game_id = uuid.uuid4().hex
    GAMES[game_id] = game
    return {"game_id": game_id, "message": game.intro(), "state": game.state}


@app.route("/api/agent/command", methods=["POST"])
async def command(request: muffin.Request):
    try:
        body = await request.json()
    except ASGIDecodeError:
        return _error(400, "the body must be JSON")
    if not isinstance(body, dict):
        return _error(400, "the body must be a JSON object")
    command_text = body.get("command")
    if not isinstance(command_text, str):
        return _error(400, "'command' must be a string")
    if "game_id" not in body:
        return _error(400, "'game_id' is required")
    game = _game_or_none(body["game_id"])
    if game is None:
        return _error(404, "no such game")
    success, message = game.run(command_text)
    return {
        "success": success,
        "message": message,
        "state": game.state,
        "game_over": game.state["game_over"],
        "turn": game.turn,
    }


@app.route("/api/agent/state/{game_id}", methods=["GET"])
async def state(request: muffin.Request):
    game_id = request.path_params["game_id"]
    game = _game_or_none(game_id)
    if game is None:
        return _error(404, "no such game")
    return {"game_id": game_id, "state": game.state}


def main() -> None:
    import uvicorn

    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("KILNWORTH_PORT", "8000"))
    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()
