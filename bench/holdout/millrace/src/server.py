"""Millrace's HTTP face: the GBQA agent API on Litestar, served by uvicorn."""

from __future__ import annotations

import json
import os
import uuid
from typing import Any

from litestar import Litestar, Request, Response, get, post

from mill import HELP, Mill

GAMES: dict[str, Mill] = {}
MAX_GAMES = 500

WELCOME = (
    "MILLRACE. THE BOOKS OF THE MILL ON THE RACE, SEASON OF 12 WEEKS.\n"
    "WK 1 OPENS. RIVER HIGH. PURSE 100s 0d. THE OWNERS WANT 250s 0d BY THE CLOSE OF WK 12.\n\n" + HELP
)


def _error(status: int, text: str) -> Response[dict[str, Any]]:
    return Response({"error": text}, status_code=status)


@get("/api/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@post("/api/agent/new", status_code=200)
async def new_game() -> dict[str, Any]:
    if len(GAMES) >= MAX_GAMES:
        GAMES.pop(next(iter(GAMES)))
    game_id = uuid.uuid4().hex
    mill = Mill()
    GAMES[game_id] = mill
    return {"game_id": game_id, "message": WELCOME, "state": mill.state()}


@post("/api/agent/command", status_code=200)
async def command(request: Request) -> Response[dict[str, Any]]:
    raw = await request.body()
    try:
        body = json.loads(raw or b"null")
    except ValueError:
        return _error(400, "the body is not JSON")
    if not isinstance(body, dict):
        return _error(400, "the body must be a JSON object with game_id and command")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(400, "game_id and command must both be strings")
    mill = GAMES.get(game_id)
    if mill is None:
        return _error(404, f"no game {game_id[:40]!r}")
    success, message = mill.order(text)
    return Response(
        {
            "success": success,
            "message": message,
            "state": mill.state(),
            "game_over": mill.season_over,
            "turn": mill.turn,
        },
        status_code=200,
    )


@get("/api/agent/state/{game_id:str}")
async def state(game_id: str) -> Response[dict[str, Any]]:
    mill = GAMES.get(game_id)
    if mill is None:
        return _error(404, f"no game {game_id[:40]!r}")
    return Response({"game_id": game_id, "state": mill.state()}, status_code=200)


app = Litestar(route_handlers=[health, new_game, command, state])


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(
        app,
        host=os.environ.get("HOST", "127.0.0.1"),
        port=int(os.environ.get("MILL_PORT", "8000")),
        log_level="warning",
    )
