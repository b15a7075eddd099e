"""Orebend over HTTP: a bare ASGI application speaking the GBQA agent API, served by uvicorn.

    OREBEND_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import itertools
import json
import os

from game import Game

MAX_BODY = 64 * 1024

GAMES: dict[str, Game] = {}
_serial = itertools.count(1)


class HTTPError(Exception):
    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


async def _read_body(receive) -> bytes:
    chunks = []
    size = 0
    while True:
        event = await receive()
        if event["type"] == "http.disconnect":
            raise HTTPError(400, "client went away")
        chunk = event.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            raise HTTPError(413, "request body too large")
        chunks.append(chunk)
        if not event.get("more_body", False):
            return b"".join(chunks)


async def _send_json(send, status: int, payload: dict) -> None:
    body = json.dumps(payload).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _json_object(body: bytes) -> dict:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise HTTPError(400, "body is not JSON") from exc
    if not isinstance(data, dict):
        raise HTTPError(400, "body must be a JSON object")
    return data


def _game(game_id: object) -> Game:
    if not isinstance(game_id, str) or not game_id:
        raise HTTPError(400, "game_id must be a non-empty string")
    game = GAMES.get(game_id)
    if game is None:
        raise HTTPError(404, f"no game {game_id!r}")
    return game


def new_game() -> dict:
    game_id = f"orebend-{next(_serial)}"
    game = Game()
    GAMES[game_id] = game
    return {"game_id": game_id, "message": game.intro(), "state": game.state()}


def command(body: bytes) -> dict:
    data = _json_object(body)
    game = _game(data.get("game_id"))
    text = data.get("command")
    if not isinstance(text, str):
        raise HTTPError(400, "command must be a string")
    success, message = game.handle(text)
    return {
        "success": success,
        "message": message,
        "state": game.state(),
        "game_over": game.over,
        "turn": game.turn,
    }


def state(game_id: str) -> dict:
    return {"game_id": game_id, "state": _game(game_id).state()}


async def _lifespan(receive, send) -> None:
    while True:
        event = await receive()
        if event["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif event["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def app(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    if scope["type"] != "http":
        return
    method = scope["method"]
    path = scope["path"].rstrip("/") or "/"
    try:
        body = await _read_body(receive)
        if path == "/healthz":
            allowed, handler = "GET", lambda: {"status": "ok", "games": len(GAMES)}
        elif path == "/api/agent/new":
            allowed, handler = "POST", new_game
        elif path == "/api/agent/command":
            allowed, handler = "POST", lambda: command(body)
        elif path.startswith("/api/agent/state/"):
            game_id = path[len("/api/agent/state/") :]
            allowed, handler = "GET", lambda: state(game_id)
        else:
            raise HTTPError(404, f"no route {path}")
        if method != allowed:
            raise HTTPError(405, f"{path} takes {allowed}")
        payload = handler()
    except HTTPError as error:
        await _send_json(send, error.status, {"error": error.detail})
        return
    await _send_json(send, 200, payload)


def main() -> None:
    import uvicorn

    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("OREBEND_PORT", "8000"))
    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()
