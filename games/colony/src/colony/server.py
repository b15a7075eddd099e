"""The COLONY web server: the GBQA agent API and a page for a human to play, on one backend.

Games live in memory: a restart forgets every game id.
"""

from __future__ import annotations

import os
import threading
import uuid
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, request, send_from_directory
from werkzeug.exceptions import HTTPException

from colony.engine import Colony

MAX_COMMAND_LENGTH = 500
STATIC_DIR = Path(__file__).resolve().parent / "static"


def _error(status: int, message: str) -> tuple[Any, int]:
    return jsonify({"error": message}), status


def create_app() -> Flask:
    app = Flask(__name__, static_folder=str(STATIC_DIR), static_url_path="/static")
    games: dict[str, Colony] = {}
    lock = threading.Lock()

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Any, int]:
        return _error(exc.code or 500, exc.description or exc.name)

    @app.get("/")
    def index() -> Any:
        return send_from_directory(STATIC_DIR, "index.html")

    @app.get("/api/health")
    def health() -> Any:
        return jsonify({"status": "ok"})

    @app.post("/api/agent/new")
    def new_game() -> Any:
        game = Colony()
        game_id = uuid.uuid4().hex
        with lock:
            games[game_id] = game
            state, full = game.state(), game.full_state()
        message = f"Welcome to COLONY. Type 'help' for the commands. {game.status_text()}"
        return jsonify({"game_id": game_id, "message": message, "state": state, "full_state": full})

    @app.post("/api/agent/command")
    def command() -> Any:
        try:
            body = request.get_json(silent=True)
        except RecursionError:  # JSON nested deeper than the parser goes is a bad request, not a crash
            body = None
        if not isinstance(body, dict):
            return _error(400, "send a JSON object: {\"game_id\": ..., \"command\": ...}")
        game_id, text = body.get("game_id"), body.get("command")
        if not isinstance(game_id, str) or not isinstance(text, str):
            return _error(400, "game_id and command are required strings")
        if len(text) > MAX_COMMAND_LENGTH:
            return _error(400, f"command longer than {MAX_COMMAND_LENGTH} characters")
        with lock:
            game = games.get(game_id)
            if game is None:
                return _error(404, f"unknown game id {game_id[:64]!r}")
            reply = game.command(text)
            state, full = game.state(), game.full_state()
        return jsonify(
            {
                "success": reply.success,
                "message": reply.message,
                "state": state,
                "game_over": state["game_over"],
                "turn": state["turn"],
                "full_state": full,
            }
        )

    @app.get("/api/agent/state/<game_id>")
    def game_state(game_id: str) -> Any:
        with lock:
            game = games.get(game_id)
            if game is None:
                return _error(404, f"unknown game id {game_id[:64]!r}")
            state = game.state()
        return jsonify({"game_id": game_id, "state": state})

    return app


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    # Granian keeps a client's connection open between commands (HTTP/1.1 keep-alive; Werkzeug's development
    # server closes every connection) and, with one runtime thread and one app thread, costs a third less CPU
    # per request than waitress, which hands every request between two threads.
    from granian import Granian  # only the served game needs it, not an app imported for its tests

    Granian(
        "colony.server:create_app",
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
