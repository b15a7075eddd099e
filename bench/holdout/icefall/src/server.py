"""HTTP front of the Kharsa expedition: the agent API served by CherryPy."""

from __future__ import annotations

import json
import os
import threading

import cherrypy

from summit.expedition import Expedition

GAMES: dict[str, Expedition] = {}
LOCK = threading.Lock()


def reply(body: dict, status: int = 200) -> bytes:
    cherrypy.response.status = status
    cherrypy.response.headers["Content-Type"] = "application/json"
    return json.dumps(body).encode()


def read_json() -> dict | None:
    try:
        length = int(cherrypy.request.headers.get("Content-Length") or 0)
        raw = cherrypy.request.rfile.read(length) if length > 0 else b""
        data = json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError, OSError):
        return None
    return data if isinstance(data, dict) else None


def snapshot(game_id: str, game: Expedition, message: str, success: bool = True) -> dict:
    return {
        "game_id": game_id,
        "message": message,
        "state": game.state(),
        "success": success,
        "game_over": game.won,
        "turn": game.turn,
    }


class AgentApi:
    @cherrypy.expose
    def new(self) -> bytes:
        if cherrypy.request.method != "POST":
            return reply({"error": "use POST to start an expedition"}, 405)
        with LOCK:
            game_id = f"kharsa-{len(GAMES) + 1}"
            game = Expedition()
            GAMES[game_id] = game
            return reply(snapshot(game_id, game, game.intro()))

    @cherrypy.expose
    def command(self) -> bytes:
        if cherrypy.request.method != "POST":
            return reply({"error": "use POST with game_id and command"}, 405)
        data = read_json()
        if data is None:
            return reply({"error": "the body must be a JSON object with game_id and command"}, 400)
        game_id, text = data.get("game_id"), data.get("command")
        if not isinstance(game_id, str) or not isinstance(text, str):
            return reply({"error": "game_id and command must both be strings"}, 400)
        with LOCK:
            game = GAMES.get(game_id)
            if game is None:
                return reply({"error": f"no expedition with game_id {game_id!r}"}, 404)
            success, message = game.command(text)
            return reply(snapshot(game_id, game, message, success))

    @cherrypy.expose
    def state(self, game_id: str = "", *rest: str) -> bytes:
        with LOCK:
            game = GAMES.get(game_id)
            if game is None or rest:
                return reply({"error": f"no expedition with game_id {game_id!r}"}, 404)
            return reply({"game_id": game_id, "state": game.state(), "turn": game.turn})


class Root:
    def __init__(self) -> None:
        self.api = Api()

    @cherrypy.expose
    def healthz(self) -> bytes:
        return reply({"status": "ok"})

    @cherrypy.expose
    def default(self, *_path: str, **_params: str) -> bytes:
        return reply({"error": "not found"}, 404)


class Api:
    def __init__(self) -> None:
        self.agent = AgentApi()

    @cherrypy.expose
    def default(self, *_path: str, **_params: str) -> bytes:
        return reply({"error": "not found"}, 404)


def main() -> None:
    port = int(os.environ.get("SUMMIT_PORT", "8080"))
    cherrypy.config.update(
        {
            "environment": "production",
            "server.socket_host": "0.0.0.0",
            "server.socket_port": port,
            "log.screen": True,
            "request.show_tracebacks": False,
        }
    )
    cherrypy.quickstart(Root(), "/", {"/": {"request.process_request_body": False}})


if __name__ == "__main__":
    main()
