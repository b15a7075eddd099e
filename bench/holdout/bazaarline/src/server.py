"""Bazaarline's HTTP server: the GBQA agent API on Quart, served by Hypercorn.

    BAZAAR_PORT=8000 python server.py
"""

from __future__ import annotations

import asyncio
import itertools
import os

from hypercorn.asyncio import serve
from hypercorn.config import Config
from quart import Quart, jsonify, request

from game import Game

app = Quart(__name__)

_games: dict[str, Game] = {}
_ids = itertools.count(1)
_lock = asyncio.Lock()

MAX_COMMAND = 500


def _error(status: int, text: str):
    return jsonify({"error": text}), status


@app.get("/healthz")
async def health():
    return jsonify({"status": "ok", "games": len(_games)})


@app.get("/")
async def index():
    return PAGE, 200, {"Content-Type": "text/html; charset=utf-8"}


@app.post("/api/agent/new")
async def new_game():
    async with _lock:
        game_id = f"caravan-{next(_ids)}"
        game = Game()
        _games[game_id] = game
    return jsonify({"game_id": game_id, "message": game.opening(), "state": game.snapshot()})


@app.post("/api/agent/command")
async def command():
    body = await request.get_json(force=True, silent=True)
    if not isinstance(body, dict):
        return _error(400, "send a JSON object with game_id and command")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(400, "game_id and command must both be strings")
    if len(text) > MAX_COMMAND:
        return _error(400, f"a command is at most {MAX_COMMAND} characters")
    game = _games.get(game_id)
    if game is None:
        return _error(404, f"no caravan called {game_id!r}")
    async with _lock:
        success, message = game.handle(text)
    return jsonify(
        {
            "success": success,
            "message": message,
            "state": game.snapshot(),
            "game_over": game.over,
            "turn": game.turn,
        }
    )


@app.get("/api/agent/state/<game_id>")
async def state(game_id: str):
    game = _games.get(game_id)
    if game is None:
        return _error(404, f"no caravan called {game_id!r}")
    return jsonify({"game_id": game_id, "state": game.snapshot()})


@app.errorhandler(404)
async def not_found(exc):
    return _error(404, "nothing lives at this address but sand")


@app.errorhandler(405)
async def wrong_method(exc):
    return _error(405, "that door does not open that way")


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bazaarline</title>
<style>
 body { background: #f4e7c5; color: #3b2a14; font: 16px Georgia, serif; max-width: 46em; margin: 2em auto; }
 #log { white-space: pre-wrap; background: #fffaf0; border: 1px solid #c8a96a; padding: 1em; height: 28em; overflow-y: auto; }
 input { width: 80%; font: inherit; }
</style></head>
<body>
<h1>Bazaarline</h1>
<div id="log"></div>
<form id="f"><input id="cmd" autocomplete="off" placeholder="help"> <button>Say</button></form>
<script>
let gameId = null;
const log = document.getElementById("log");
function say(text) { log.textContent += text + "\\n\\n"; log.scrollTop = log.scrollHeight; }
fetch("/api/agent/new", {method: "POST"}).then(r => r.json()).then(d => { gameId = d.game_id; say(d.message); });
document.getElementById("f").addEventListener("submit", e => {
  e.preventDefault();
  const input = document.getElementById("cmd");
  const command = input.value; input.value = "";
  say("> " + command);
  fetch("/api/agent/command", {method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({game_id: gameId, command})})
    .then(r => r.json()).then(d => say(d.message || d.error));
});
</script>
</body></html>
"""


def main() -> None:
    config = Config()
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("BAZAAR_PORT", "8000"))
    config.bind = [f"{host}:{port}"]
    config.accesslog = "-"
    asyncio.run(serve(app, config))


if __name__ == "__main__":
    main()
