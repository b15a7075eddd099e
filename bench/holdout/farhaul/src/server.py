"""HTTP front of the voyage: the agent API over aiohttp."""

from __future__ import annotations

import itertools
import json
import os

from aiohttp import web

from farhaul.engine import Voyage

GAMES: dict[str, Voyage] = {}
_ids = itertools.count(1)


def _error(status: int, text: str) -> web.Response:
    return web.json_response({"error": text}, status=status)


def _reply(game_id: str, voyage: Voyage, message: str, success: bool = True) -> web.Response:
    return web.json_response(
        {
            "game_id": game_id,
            "message": message,
            "state": voyage.state(),
            "success": success,
            "game_over": voyage.won,
            "turn": voyage.turn,
        }
    )


async def new_game(request: web.Request) -> web.Response:
    game_id = f"voyage-{next(_ids)}"
    voyage = Voyage()
    GAMES[game_id] = voyage
    return _reply(game_id, voyage, voyage.intro())


async def command(request: web.Request) -> web.Response:
    try:
        body = json.loads(await request.text())
    except ValueError:
        return _error(400, "body must be JSON")
    if not isinstance(body, dict):
        return _error(400, "body must be a JSON object")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(400, "need game_id and command, both strings")
    voyage = GAMES.get(game_id)
    if voyage is None:
        return _error(404, f"no game {game_id}")
    success, message = voyage.command(text)
    return _reply(game_id, voyage, message, success)


async def state(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    voyage = GAMES.get(game_id)
    if voyage is None:
        return _error(404, f"no game {game_id}")
    return _reply(game_id, voyage, voyage.menu_text())


async def health(request: web.Request) -> web.Response:
    return web.json_response({"ok": True})


def make_app() -> web.Application:
    app = web.Application()
    app.router.add_post("/api/agent/new", new_game)
    app.router.add_post("/api/agent/command", command)
    app.router.add_get("/api/agent/state/{game_id}", state)
    app.router.add_get("/healthz", health)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), host="0.0.0.0", port=int(os.environ.get("FARHAUL_PORT", "8080")), print=None)
