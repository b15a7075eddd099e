"""Crumbwick's agent API, served by Flask."""

from __future__ import annotations

import os
import threading
from typing import Any

from flask import Flask, jsonify, request

from crumbwick.commands import INTRO, run
from crumbwick.shop import Shop

app = Flask(__name__)
games: dict[str, dict[str, Any]] = {}
lock = threading.Lock()


def _error(status: int, text: str):
    return jsonify({"error": text}), status


def _reply(game_id: str, message: str, success: bool = True) -> dict[str, Any]:
    game = games[game_id]
    shop: Shop = game["shop"]
    return {
        "game_id": game_id,
        "message": message,
        "state": shop.view(),
        "success": success,
        "game_over": shop.over,
        "turn": game["turn"],
    }


@app.get("/healthz")
def health():
    return jsonify({"ok": True})


@app.post("/api/agent/new")
def new_game():
    with lock:
        game_id = f"crumb-{len(games) + 1}"
        games[game_id] = {"shop": Shop(), "turn": 0, "last": INTRO}
        return jsonify(_reply(game_id, INTRO))


@app.post("/api/agent/command")
def command():
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return _error(400, "send a JSON object with game_id and command")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(400, "game_id and command must both be strings")
    with lock:
        if game_id not in games:
            return _error(404, f"no game {game_id!r}")
        game = games[game_id]
        outcome = run(game["shop"], text)
        game["turn"] += 1
        game["last"] = outcome.message
        return jsonify(_reply(game_id, outcome.message, outcome.success))


@app.get("/api/agent/state/<game_id>")
def state(game_id: str):
    with lock:
        if game_id not in games:
            return _error(404, f"no game {game_id!r}")
        return jsonify(_reply(game_id, games[game_id]["last"]))


if __name__ == "__main__":
    app.run(host="0.0.0.0", port=int(os.environ.get("CRUMB_PORT", "5050")), threaded=True)
