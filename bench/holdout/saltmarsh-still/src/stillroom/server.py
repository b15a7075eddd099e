"""HTTP front of the workshop: the GBQA agent API. Games live in memory; a restart forgets them."""

from __future__ import annotations

import os
import threading
import uuid
from typing import Any

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from stillroom.workshop import Workshop

MAX_COMMAND_LENGTH = 300
WELCOME = "SALTMARSH STILL. day 1 of the season. the GUILD awaits its commission. type: help"


def _error(status: int, message: str) -> tuple[Any, int]:
    return jsonify({"error": message}), status


def create_app() -> Flask:
    app = Flask(__name__)
    games: dict[str, Workshop] = {}
    lock = threading.Lock()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Any, int]:
        return _error(exc.code or 500, exc.description or exc.name)

    @app.get("/healthz")
    def health() -> Any:
        return jsonify({"ok": True})

    @app.post("/api/agent/new")
    def new_game() -> Any:
        game = Workshop()
        game_id = uuid.uuid4().hex[:16]
        with lock:
            games[game_id] = game
            state = game.state()
        return jsonify({"game_id": game_id, "message": WELCOME, "state": state})

    @app.post("/api/agent/command")
    def command() -> Any:
        try:
            body = request.get_json(silent=True)
        except RecursionError:
            body = None
        if not isinstance(body, dict):
            return _error(400, 'expected a JSON object {"game_id": ..., "command": ...}')
        game_id, text = body.get("game_id"), body.get("command")
        if not isinstance(game_id, str) or not isinstance(text, str):
            return _error(400, "game_id and command must be strings")
        if len(text) > MAX_COMMAND_LENGTH:
            return _error(400, f"command over {MAX_COMMAND_LENGTH} characters")
        with lock:
            game = games.get(game_id)
            if game is None:
                return _error(404, "no such game")
            reply = game.command(text)
            state = game.state()
        return jsonify(
            {
                "success": reply.success,
                "message": reply.message,
                "state": state,
                "game_over": state["game_over"],
                "turn": state["turn"],
            }
        )

    @app.get("/api/agent/state/<game_id>")
    def game_state(game_id: str) -> Any:
        with lock:
            game = games.get(game_id)
            if game is None:
                return _error(404, "no such game")
            state = game.state()
        return jsonify({"game_id": game_id, "state": state})

    return app


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("STILL_PORT", "8000"))
    from granian import Granian

    Granian(
        "stillroom.server:create_app",
        factory=True,
        address=host,
        port=port,
        interface="wsgi",
        http="1",
        workers=1,
        runtime_mode="st",
        runtime_threads=1,
        blocking_threads=1,
        log_access=False,
    ).serve()


if __name__ == "__main__":
    main()
