"""The GBQA agent API without the web framework: each call answers (HTTP status, JSON body).

server.py maps Robyn's routes onto these functions; the tests call them directly.
"""

from __future__ import annotations

import itertools
import json
from collections import OrderedDict
from typing import Any

from limelight.game import TITLE, Game

MAX_GAMES = 500

_games: OrderedDict[str, Game] = OrderedDict()
_ids = itertools.count(1)

WELCOME = (
    f"Welcome to the Limelight Theatre. You run the box office and the prompt corner for a season of {TITLE}. "
    "Cast the four parts, rehearse them, sell the house and raise the curtain, night after night. "
    "Type 'help' for the topics."
)

Reply = tuple[int, dict[str, Any]]


def _error(status: int, message: str) -> Reply:
    return status, {"error": message}


def new_game() -> Reply:
    game_id = f"lime-{next(_ids):05d}"
    game = Game()
    _games[game_id] = game
    while len(_games) > MAX_GAMES:
        _games.popitem(last=False)
    return 200, {"game_id": game_id, "message": WELCOME, "state": dict(game.state)}


def command(raw_body: str | bytes | None) -> Reply:
    if not raw_body:
        return _error(400, "send a JSON object with game_id and command")
    try:
        body = json.loads(raw_body)
    except (ValueError, UnicodeDecodeError):
        return _error(400, "the body is not JSON")
    if not isinstance(body, dict):
        return _error(400, "send a JSON object with game_id and command")
    game_id = body.get("game_id")
    text = body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(400, "game_id and command must both be strings")
    game = _games.get(game_id)
    if game is None:
        return _error(404, f"no game {game_id!r}; start one with POST /api/agent/new")
    success, message = game.handle(text)
    state = dict(game.state)
    return 200, {
        "success": success,
        "message": message,
        "state": state,
        "game_over": bool(state["season.over"]),
        "turn": state["game.turn"],
    }


def state(game_id: str) -> Reply:
    game = _games.get(game_id)
    if game is None:
        return _error(404, f"no game {game_id!r}")
    return 200, {"game_id": game_id, "state": dict(game.state)}
