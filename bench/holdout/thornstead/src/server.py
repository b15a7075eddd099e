"""Thornstead's HTTP server: the agent API over Starlette, served by uvicorn."""

from __future__ import annotations

import os

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from colony.engine import Colony

GAMES: dict[str, Colony] = {}
COUNTER = {"next": 1}


def _reply(game_id: str, colony: Colony, message: str, success: bool = True) -> dict[str, object]:
    return {
        "game_id": game_id,
        "message": message,
        "state": colony.state(),
        "success": success,
        "game_over": colony.over,
        "turn": colony.turn,
    }


async def health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True, "games": len(GAMES)})


async def new_game(request: Request) -> JSONResponse:
    game_id = f"thorn-{COUNTER['next']}"
    COUNTER["next"] += 1
    colony = Colony()
    GAMES[game_id] = colony
    return JSONResponse(_reply(game_id, colony, colony.intro()))


async def command(request: Request) -> JSONResponse:
    try:
        body = await request.json()
    except ValueError:
        return JSONResponse({"error": "the body must be a JSON object"}, status_code=400)
    if not isinstance(body, dict):
        return JSONResponse({"error": "the body must be a JSON object"}, status_code=400)
    game_id = body.get("game_id")
    text = body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return JSONResponse({"error": "game_id and command (strings) are required"}, status_code=400)
    colony = GAMES.get(game_id)
    if colony is None:
        return JSONResponse({"error": f"unknown game_id {game_id!r}"}, status_code=404)
    success, message = colony.command(text)
    return JSONResponse(_reply(game_id, colony, message, success))


async def state(request: Request) -> JSONResponse:
    game_id = request.path_params["game_id"]
    colony = GAMES.get(game_id)
    if colony is None:
        return JSONResponse({"error": f"unknown game_id {game_id!r}"}, status_code=404)
    return JSONResponse(_reply(game_id, colony, colony.report()))


app = Starlette(
    routes=[
        Route("/healthz", health, methods=["GET"]),
        Route("/api/agent/new", new_game, methods=["POST"]),
        Route("/api/agent/command", command, methods=["POST"]),
        Route("/api/agent/state/{game_id}", state, methods=["GET"]),
    ]
)


if __name__ == "__main__":
    port = int(os.environ.get("THORN_PORT", "8000"))
    uvicorn.run(app, host="0.0.0.0", port=port, log_level="warning")
