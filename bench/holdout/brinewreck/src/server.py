"""HTTP front of the salvage submarine: the agent API on FastAPI, served by uvicorn."""

from __future__ import annotations

import itertools
import os

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from sub import Sub

app = FastAPI(title="Brinewreck")
GAMES: dict[str, Sub] = {}
NEXT_ID = itertools.count(1)


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse(status_code=status, content={"error": text})


def _reply(game_id: str, sub: Sub, message: str, success: bool = True) -> dict:
    return {
        "game_id": game_id,
        "message": message,
        "state": sub.state(),
        "success": success,
        "game_over": sub.game_over,
        "turn": sub.turn,
    }


@app.get("/healthz")
def healthz() -> dict:
    return {"ok": True}


@app.post("/api/agent/new")
def new_game() -> dict:
    game_id = f"dive-{next(NEXT_ID)}"
    sub = Sub()
    GAMES[game_id] = sub
    return _reply(game_id, sub, sub.intro())


@app.post("/api/agent/command")
async def command(request: Request):
    try:
        body = await request.json()
    except ValueError:
        return _error(400, "the body must be JSON")
    if not isinstance(body, dict):
        return _error(400, "the body must be a JSON object")
    game_id, line = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(line, str):
        return _error(400, "give game_id and command as strings")
    sub = GAMES.get(game_id)
    if sub is None:
        return _error(404, f"no game {game_id!r}")
    message, success = sub.run(line)
    return _reply(game_id, sub, message, success)


@app.get("/api/agent/state/{game_id}")
def state(game_id: str):
    sub = GAMES.get(game_id)
    if sub is None:
        return _error(404, f"no game {game_id!r}")
    return {"game_id": game_id, "state": sub.state(), "turn": sub.turn, "game_over": sub.game_over}


if __name__ == "__main__":
    uvicorn.run(app, host="0.0.0.0", port=int(os.environ.get("BRINE_PORT", "8000")), log_level="warning")
