"""Glasswright's HTTP server: the GBQA agent API on Lilya, served by uvicorn.

    GLASSWRIGHT_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import itertools
import json
import os
import threading

import uvicorn
from lilya.apps import Lilya
from lilya.requests import Request
from lilya.responses import JSONResponse
from lilya.routing import Path

from workshop import CommandError, Workshop

MAX_COMMAND_LENGTH = 500
MAX_GAMES = 2000

_games: dict[str, dict] = {}
_lock = threading.Lock()
_ids = itertools.count(1)


def _error(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"error": detail}, status_code=status)


def _start_game() -> tuple[str, Workshop]:
    with _lock:
        game_id = f"gw-{next(_ids):05d}"
        if len(_games) >= MAX_GAMES:
            oldest = next(iter(_games))
            del _games[oldest]
        workshop = Workshop()
        _games[game_id] = {"workshop": workshop, "turn": 0}
    return game_id, workshop


async def health(request: Request) -> JSONResponse:
    return JSONResponse({"status": "ok", "games": len(_games)})


async def new_game(request: Request) -> JSONResponse:
    game_id, workshop = _start_game()
    message = (
        "You inherit a glassblowing workshop with a week to pay its 400-coin lease. The furnace is still warm "
        "from last night. Type 'help' for the commands."
    )
    return JSONResponse({"game_id": game_id, "message": message, "state": workshop.snapshot()})


async def command(request: Request) -> JSONResponse:
    raw = await request.body()
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return _error(400, "the body must be JSON")
    if not isinstance(body, dict):
        return _error(400, "the body must be a JSON object")
    game_id = body.get("game_id")
    line = body.get("command")
    if not isinstance(game_id, str) or not isinstance(line, str):
        return _error(400, "game_id and command are required strings")
    if len(line) > MAX_COMMAND_LENGTH:
        return _error(413, f"a command is at most {MAX_COMMAND_LENGTH} characters")
    game = _games.get(game_id)
    if game is None:
        return _error(404, f"no game {game_id!r}")
    workshop: Workshop = game["workshop"]
    with _lock:
        try:
            message = workshop.handle(line)
            success = True
        except CommandError as refused:
            message = str(refused)
            success = False
        game["turn"] += 1
        return JSONResponse(
            {
                "success": success,
                "message": message,
                "state": workshop.snapshot(),
                "game_over": workshop.over,
                "turn": game["turn"],
            }
        )


async def state(request: Request) -> JSONResponse:
    game_id = request.path_params["game_id"]
    game = _games.get(game_id)
    if game is None:
        return _error(404, f"no game {game_id!r}")
    return JSONResponse({"game_id": game_id, "state": game["workshop"].snapshot()})


app = Lilya(
    routes=[
        Path("/healthz", health, methods=["GET"]),
        Path("/api/agent/new", new_game, methods=["POST"]),
        Path("/api/agent/command", command, methods=["POST"]),
        Path("/api/agent/state/{game_id}", state, methods=["GET"]),
    ]
)


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("GLASSWRIGHT_PORT", "8000"))
    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()
