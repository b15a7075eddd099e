"""The shop served over HTTP: the agent API (new, command, state) and a health check."""

from __future__ import annotations

import json
import os
from itertools import count
from typing import Any

import bottle

from shop import Shop

app = bottle.Bottle()
shops: dict[str, Shop] = {}
serial = count(1)


def _json(status: int, body: dict[str, Any]) -> str:
    bottle.response.status = status
    bottle.response.content_type = "application/json"
    return json.dumps(body, ensure_ascii=False)


def _reply(game_id: str, shop: Shop, message: str, success: bool = True) -> str:
    return _json(
        200,
        {
            "game_id": game_id,
            "message": message,
            "state": shop.state(),
            "success": success,
            "game_over": shop.game_over,
            "turn": shop.turn,
        },
    )


@app.get("/healthz")
def health() -> str:
    return _json(200, {"status": "ok"})


@app.post("/api/agent/new")
def new_game() -> str:
    game_id = f"shop-{next(serial)}"
    shop = Shop()
    shops[game_id] = shop
    return _reply(game_id, shop, shop.intro())


@app.post("/api/agent/command")
def command() -> str:
    try:
        body = json.loads(bottle.request.body.read() or b"null")
    except ValueError:
        return _json(400, {"error": "the request body is not JSON"})
    if not isinstance(body, dict):
        return _json(400, {"error": "the request body must be a JSON object"})
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _json(400, {"error": "game_id and command are required strings"})
    shop = shops.get(game_id)
    if shop is None:
        return _json(404, {"error": f"no game {game_id!r}"})
    reply = shop.play(text)
    return _reply(game_id, shop, reply.message, reply.success)


@app.get("/api/agent/state/<game_id>")
def state(game_id: str) -> str:
    shop = shops.get(game_id)
    if shop is None:
        return _json(404, {"error": f"no game {game_id!r}"})
    return _json(200, {"game_id": game_id, "state": shop.state(), "turn": shop.turn})


def _error_page(error: bottle.HTTPError) -> str:
    bottle.response.content_type = "application/json"
    return json.dumps({"error": error.status_line})


for status in (400, 404, 405, 500):
    app.error(status)(_error_page)


if __name__ == "__main__":
    port = int(os.environ.get("ALEMBIC_PORT", "8093"))
    bottle.run(app, host="0.0.0.0", port=port, server="wsgiref", quiet=True)
