"""Handlers for the operations in openapi.yaml, routed by operationId."""

from __future__ import annotations

import threading
import uuid

from vintry.game import Vineyard

_games: dict[str, Vineyard] = {}
_lock = threading.Lock()


def _not_found(game_id: str) -> tuple[dict, int]:
    return {"error": f"no game with id {game_id!r}; POST /api/agent/new starts one"}, 404


def health() -> dict:
    return {"status": "ok"}


def new_game() -> dict:
    game = Vineyard()
    game_id = uuid.uuid4().hex
    with _lock:
        _games[game_id] = game
    return {"game_id": game_id, "message": game.welcome(), "state": game.state()}


def send_command(body: dict) -> dict | tuple[dict, int]:
    game_id = body["game_id"]
    with _lock:
        game = _games.get(game_id)
        if game is None:
            return _not_found(game_id)
        reply = game.command(body["command"])
        return {
            "success": reply.success,
            "message": reply.message,
            "state": game.state(),
            "game_over": game.game_over,
            "turn": game.turn,
        }


def get_state(game_id: str) -> dict | tuple[dict, int]:
    with _lock:
        game = _games.get(game_id)
        if game is None:
            return _not_found(game_id)
        return {"game_id": game_id, "state": game.state()}
