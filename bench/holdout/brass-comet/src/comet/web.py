"""The agent API over HTTP, on bottle: new voyage, one order, read the state, and a health check.

Run with `python -m comet.web`; the port comes from $COMET_PORT (8088 when unset).
"""

from __future__ import annotations

import itertools
import json
import os
import threading

import bottle

from comet.voyage import Voyage

WELCOME = (
    "The Brass Comet sits in her berth at Vesta Yard with a full tank, an empty hold and 240 credits in the "
    "purse. The Shipwrights' Guild wants its 2000 credits back by day 40, or it takes the ship. "
    "Type `help` for the orders you can give."
)

app = bottle.Bottle()
_voyages: dict[str, Voyage] = {}
_numbers = itertools.count(1)
_lock = threading.Lock()


def _error(status: int, text: str) -> dict:
    bottle.response.status = status
    return {"error": text}


def _reply(game_id: str, voyage: Voyage, success: bool, message: str) -> dict:
    return {
        "game_id": game_id,
        "success": success,
        "message": message,
        "state": voyage.snapshot(),
        "game_over": voyage.over,
        "turn": voyage.orders,
    }


@app.get("/healthz")
def health() -> dict:
    return {"ok": True, "voyages": len(_voyages)}


@app.post("/api/agent/new")
def new_voyage() -> dict:
    with _lock:
        game_id = f"comet-{next(_numbers):05d}"
        voyage = _voyages[game_id] = Voyage()
        return {"game_id": game_id, "message": WELCOME, "state": voyage.snapshot()}


@app.post("/api/agent/command")
def command() -> dict:
    try:
        body = json.loads(bottle.request.body.read() or b"null")
    except ValueError:
        return _error(400, "the body must be JSON")
    if not isinstance(body, dict):
        return _error(400, "the body must be a JSON object with game_id and command")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(text, str):
        return _error(400, "command must be a string")
    with _lock:
        voyage = _voyages.get(str(game_id))
        if voyage is None:
            return _error(404, f"no voyage with id {game_id!r}")
        outcome = voyage.order(text)
        return _reply(str(game_id), voyage, outcome.accepted, outcome.text)


@app.get("/api/agent/state/<game_id>")
def state(game_id: str) -> dict:
    with _lock:
        voyage = _voyages.get(game_id)
        if voyage is None:
            return _error(404, f"no voyage with id {game_id!r}")
        return {"game_id": game_id, "state": voyage.snapshot()}


def main() -> None:
    port = int(os.environ.get("COMET_PORT", "8088"))
    bottle.run(app, host="0.0.0.0", port=port, server="wsgiref", quiet=True)


if __name__ == "__main__":
    main()
