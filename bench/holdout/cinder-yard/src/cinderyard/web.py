"""HTTP face of Cinder Yard (Starlette): the agent API over the rules in `cinderyard.rules`.

POST /api/agent/new                  -> {game_id, message, state}
POST /api/agent/command {game_id, command} -> {success, message, state, game_over, turn}
GET  /api/agent/state/{game_id}      -> {game_id, state}
GET  /healthz                        -> {status: "ok"}
"""

from __future__ import annotations

import itertools
import json
from collections import OrderedDict

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from cinderyard.rules import Yard

MAX_GAMES = 500


class Shifts:
    """The open games, oldest dropped first once there are too many."""

    def __init__(self) -> None:
        self._games: OrderedDict[str, Yard] = OrderedDict()
        self._ids = itertools.count(1)

    def open(self) -> tuple[str, Yard]:
        game_id = f"shift-{next(self._ids):05d}"
        yard = Yard()
        self._games[game_id] = yard
        while len(self._games) > MAX_GAMES:
            self._games.popitem(last=False)
        return game_id, yard

    def get(self, game_id: str) -> Yard | None:
        return self._games.get(game_id)


def problem(status: int, text: str) -> JSONResponse:
    return JSONResponse({"success": False, "error": text}, status_code=status)


def build_app() -> Starlette:
    shifts = Shifts()

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok", "game": "cinder-yard"})

    async def new_game(request: Request) -> JSONResponse:
        game_id, yard = shifts.open()
        return JSONResponse({"game_id": game_id, "message": yard.briefing(), "state": yard.snapshot()})

    async def command(request: Request) -> JSONResponse:
        raw = await request.body()
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            return problem(400, "the body must be JSON: {\"game_id\": ..., \"command\": ...}")
        if not isinstance(body, dict):
            return problem(400, "the body must be a JSON object")
        game_id = body.get("game_id")
        if isinstance(game_id, bool) or not isinstance(game_id, str | int):
            return problem(400, "game_id is missing or not a string")
        yard = shifts.get(str(game_id))
        if yard is None:
            return problem(404, f"no game {str(game_id)[:60]!r}; POST /api/agent/new first")
        text = body.get("command")
        if not isinstance(text, str):
            return problem(400, "command is missing or not a string")
        # a lone surrogate is valid JSON but cannot be echoed back as UTF-8
        reply = yard.execute(text.encode("utf-8", "replace").decode("utf-8"))
        return JSONResponse(
            {
                "success": reply.ok,
                "message": reply.text,
                "state": yard.snapshot(),
                "game_over": yard.over,
                "turn": yard.turn,
            }
        )

    async def state(request: Request) -> JSONResponse:
        game_id = request.path_params["game_id"]
        yard = shifts.get(game_id)
        if yard is None:
            return problem(404, f"no game {game_id[:60]!r}")
        return JSONResponse({"game_id": game_id, "state": yard.snapshot()})

    async def http_problem(request: Request, exc: Exception) -> JSONResponse:
        status = exc.status_code if isinstance(exc, HTTPException) else 400
        detail = exc.detail if isinstance(exc, HTTPException) else "bad request"
        return problem(status, str(detail))

    routes = [
        Route("/healthz", health, methods=["GET"]),
        Route("/api/agent/new", new_game, methods=["POST"]),
        Route("/api/agent/command", command, methods=["POST"]),
        Route("/api/agent/state/{game_id}", state, methods=["GET"]),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_problem})


app = build_app()
