"""Fernery's HTTP server: a small HTTP/1.1 server on trio's TCP streams, speaking the GBQA agent API.

    POST /api/agent/new                  -> {"game_id", "message", "state"}
    POST /api/agent/command              {"game_id", "command"} -> {"success", "message", "state", "game_over", "turn"}
    GET  /api/agent/state/<game_id>      -> {"game_id", "state"}
    GET  /api/health                     -> {"status": "ok"}

Run it with `python server.py`; it listens on $HOST (127.0.0.1) and $FERNERY_PORT (8000).
"""

from __future__ import annotations

import json
import os
import sys
import traceback
import uuid
from collections import OrderedDict
from dataclasses import dataclass

import trio

from nursery import Nursery

MAX_HEAD = 16 * 1024
MAX_BODY = 64 * 1024
IDLE_SECONDS = 60
MAX_GAMES = 2000

REASONS = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    413: "Content Too Large",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
}


class HttpError(Exception):
    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


@dataclass
class Request:
    method: str
    target: str
    version: str
    headers: dict[str, str]
    body: bytes

    @property
    def keep_alive(self) -> bool:
        connection = self.headers.get("connection", "").lower()
        if self.version == "HTTP/1.0":
            return "keep-alive" in connection
        return "close" not in connection


class Games:
    """Every running game by id; the oldest are let go once there are too many."""

    def __init__(self) -> None:
        self._games: OrderedDict[str, Nursery] = OrderedDict()

    def new(self) -> tuple[str, Nursery]:
        game_id = uuid.uuid4().hex[:16]
        game = Nursery()
        self._games[game_id] = game
        while len(self._games) > MAX_GAMES:
            self._games.popitem(last=False)
        return game_id, game

    def get(self, game_id: str) -> Nursery:
        game = self._games.get(game_id)
        if game is None:
            raise HttpError(404, "no game with that id")
        self._games.move_to_end(game_id)
        return game


GAMES = Games()


# ---- the API ------------------------------------------------------------------------------------


def _json_body(request: Request) -> dict:
    if not request.body:
        raise HttpError(400, "send a JSON object")
    try:
        body = json.loads(request.body)
    except (ValueError, RecursionError):
        raise HttpError(400, "the body is not JSON") from None
    if not isinstance(body, dict):
        raise HttpError(400, "send a JSON object")
    return body


def new_game(request: Request) -> dict:
    game_id, game = GAMES.new()
    return {"game_id": game_id, "message": game.welcome(), "state": game.state()}


def command(request: Request) -> dict:
    body = _json_body(request)
    game_id, line = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not game_id:
        raise HttpError(400, "game_id is missing")
    if not isinstance(line, str):
        raise HttpError(400, "command is missing or not a string")
    game = GAMES.get(game_id)
    success, message = game.handle(line)
    return {
        "success": success,
        "message": message,
        "state": game.state(),
        "game_over": game.over,
        "turn": game.turn,
    }


def game_state(request: Request, game_id: str) -> dict:
    game = GAMES.get(game_id)
    return {"game_id": game_id, "state": game.state()}


def health(request: Request) -> dict:
    return {"status": "ok", "game": "fernery"}


def route(request: Request) -> tuple[int, dict]:
    path = request.target.split("?", 1)[0]
    if path in ("/api/health", "/healthz"):
        allowed, handler = ("GET", "HEAD"), health
    elif path == "/api/agent/new":
        allowed, handler = ("POST",), new_game
    elif path == "/api/agent/command":
        allowed, handler = ("POST",), command
    elif path.startswith("/api/agent/state/"):
        game_id = path[len("/api/agent/state/"):]
        if request.method != "GET":
            raise HttpError(405, "use GET")
        return 200, game_state(request, game_id)
    else:
        raise HttpError(404, f"nothing at {path[:80]}")
    if request.method not in allowed:
        raise HttpError(405, f"use {' or '.join(allowed)}")
    return 200, handler(request)


# ---- HTTP/1.1 on a trio stream --------------------------------------------------------------------


async def read_request(stream: trio.abc.Stream, buffer: bytearray) -> Request | None:
    while True:
        end = buffer.find(b"\r\n\r\n")
        if end >= 0:
            break
        if len(buffer) > MAX_HEAD:
            raise HttpError(431, "request head too large")
        chunk = await stream.receive_some(65536)
        if not chunk:
            if buffer.strip():
                raise HttpError(400, "connection closed mid-request")
            return None
        buffer += chunk
    head = bytes(buffer[:end]).decode("latin-1")
    del buffer[: end + 4]
    lines = head.lstrip("\r\n").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3:
        raise HttpError(400, "bad request line")
    method, target, version = parts
    if version not in ("HTTP/1.0", "HTTP/1.1"):
        raise HttpError(400, "HTTP/1.0 or HTTP/1.1 only")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise HttpError(400, "bad header line")
        headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        raise HttpError(400, "chunked bodies are not supported; send Content-Length")
    length_text = headers.get("content-length", "0")
    if not length_text.isascii() or not length_text.isdigit():
        raise HttpError(400, "bad Content-Length")
    length = int(length_text)
    if length > MAX_BODY:
        raise HttpError(413, "body too large")
    while len(buffer) < length:
        chunk = await stream.receive_some(65536)
        if not chunk:
            raise HttpError(400, "connection closed mid-body")
        buffer += chunk
    body = bytes(buffer[:length])
    del buffer[:length]
    return Request(method.upper(), target, version, headers, body)


async def send(stream: trio.abc.Stream, status: int, payload: dict, keep_alive: bool, head_only: bool = False) -> None:
    body = json.dumps(payload).encode()
    lines = [
        f"HTTP/1.1 {status} {REASONS.get(status, 'Unknown')}",
        "Content-Type: application/json; charset=utf-8",
        f"Content-Length: {len(body)}",
        "Connection: " + ("keep-alive" if keep_alive else "close"),
        "Server: fernery",
    ]
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    await stream.send_all(data if head_only else data + body)


async def serve_connection(stream: trio.SocketStream) -> None:
    buffer = bytearray()
    try:
        while True:
            request = None
            try:
                with trio.move_on_after(IDLE_SECONDS):
                    request = await read_request(stream, buffer)
                if request is None:
                    return
                try:
                    status, payload = route(request)
                except HttpError:
                    raise
                except Exception:
                    traceback.print_exc(file=sys.stderr)
                    status, payload = 500, {"error": "internal server error"}
            except HttpError as error:
                keep = request is not None and request.keep_alive
                await send(stream, error.status, {"error": error.detail}, keep)
                if keep:
                    continue
                return
            await send(stream, status, payload, request.keep_alive, request.method == "HEAD")
            if not request.keep_alive:
                return
    except (trio.BrokenResourceError, trio.ClosedResourceError, ConnectionError):
        return
    except Exception:
        traceback.print_exc(file=sys.stderr)
    finally:
        await trio.aclose_forcefully(stream)


async def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("FERNERY_PORT", "8000"))
    print(f"fernery listening on http://{host}:{port}", file=sys.stderr, flush=True)
    await trio.serve_tcp(serve_connection, port, host=host)


if __name__ == "__main__":
    try:
        trio.run(main)
    except KeyboardInterrupt:
        pass
