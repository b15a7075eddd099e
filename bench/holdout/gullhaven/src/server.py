"""Gullhaven's HTTP front: the GBQA agent API on web.py, and a small page to play it in a browser.

    GULLHAVEN_PORT=8080 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import json
import os
import threading
import uuid

import web

from harbour import Harbour

web.config.debug = False

urls = (
    "/", "Index",
    "/api/health", "Health",
    "/api/agent/new", "NewGame",
    "/api/agent/command", "Command",
    "/api/agent/state/(.*)", "State",
)

GAMES: dict[str, Harbour] = {}
LOCK = threading.Lock()
MAX_COMMAND = 500
HERE = os.path.dirname(os.path.abspath(__file__))


def reply(payload: dict) -> str:
    web.header("Content-Type", "application/json")
    return json.dumps(payload)


def fail(status: str, error: str) -> web.HTTPError:
    return web.HTTPError(status, {"Content-Type": "application/json"}, json.dumps({"error": error}))


def read_json() -> dict:
    raw = web.data()
    try:
        body = json.loads(raw or b"")
    except (ValueError, UnicodeDecodeError):
        raise fail("400 Bad Request", "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise fail("400 Bad Request", "the body must be a JSON object")
    return body


class Index:
    def GET(self):
        web.header("Content-Type", "text/html; charset=utf-8")
        with open(os.path.join(HERE, "static", "index.html"), encoding="utf-8") as page:
            return page.read()


class Health:
    def GET(self):
        return reply({"status": "ok", "games": len(GAMES)})


class NewGame:
    def POST(self):
        game = Harbour()
        game_id = uuid.uuid4().hex[:12]
        with LOCK:
            GAMES[game_id] = game
        return reply({"game_id": game_id, "message": game.welcome(), "state": game.state()})


class Command:
    def POST(self):
        body = read_json()
        game_id = body.get("game_id")
        command = body.get("command")
        if not isinstance(game_id, str) or not game_id:
            raise fail("400 Bad Request", "game_id is required")
        if not isinstance(command, str):
            raise fail("400 Bad Request", "command must be a string")
        if len(command) > MAX_COMMAND:
            raise fail("400 Bad Request", f"command is longer than {MAX_COMMAND} characters")
        with LOCK:
            game = GAMES.get(game_id)
            if game is None:
                raise fail("404 Not Found", f"no game {game_id}")
            success, message = game.command(command)
            return reply(
                {
                    "success": success,
                    "message": message,
                    "state": game.state(),
                    "game_over": game.over,
                    "turn": game.turn,
                }
            )


class State:
    def GET(self, game_id):
        with LOCK:
            game = GAMES.get(game_id)
            if game is None:
                raise fail("404 Not Found", f"no game {game_id}")
            return reply({"game_id": game_id, "state": game.state()})


app = web.application(urls, globals(), autoreload=False)


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("GULLHAVEN_PORT", "8080"))
    web.httpserver.runsimple(app.wsgifunc(), (host, port))


if __name__ == "__main__":
    main()
