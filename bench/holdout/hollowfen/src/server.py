"""Hollowfen's HTTP server: HTTP/1.1 spoken directly over asyncio streams (no http.server).

Routes: POST /api/agent/new, POST /api/agent/command, GET /api/agent/state/<game_id>, GET /healthz.
The port comes from HOLLOWFEN_PORT (default 8080).
"""

from __future__ import annotations

import asyncio
import json
import os
from collections import OrderedDict
from typing import Any

from fen import INTRO, Skirmish

MAX_HEAD = 16 * 1024
MAX_BODY = 64 * 1024
MAX_GAMES = 1000
IDLE_TIMEOUT = 120.0
REASONS = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    411: "Length Required",
    413: "Payload Too Large",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    501: "Not Implemented",
}


class HttpError(Exception):
    def __init__(self, status: int, message: str, close: bool = False):
        super().__init__(message)
        self.status = status
        self.message = message
        self.close = close


class Games:
    """Every running skirmish by id; the oldest are forgotten past MAX_GAMES."""

    def __init__(self) -> None:
        self.games: OrderedDict[str, Skirmish] = OrderedDict()
        self.counter = 0

    def new(self) -> tuple[str, Skirmish]:
        self.counter += 1
        game_id = f"fen-{self.counter}"
        self.games[game_id] = Skirmish()
        while len(self.games) > MAX_GAMES:
            self.games.popitem(last=False)
        return game_id, self.games[game_id]

    def get(self, game_id: Any) -> Skirmish:
        if not isinstance(game_id, str) or game_id not in self.games:
            raise HttpError(404, f"no game with id {game_id!r}")
        return self.games[game_id]


GAMES = Games()


def reply(game: Skirmish, message: str, success: bool = True) -> dict[str, Any]:
    return {
        "message": message,
        "state": game.state(),
        "success": success,
        "game_over": game.over,
        "turn": game.turn,
    }


def route(method: str, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
    path = path.split("?", 1)[0]
    if path in ("/healthz", "/api/health"):
        if method not in ("GET", "HEAD"):
            raise HttpError(405, "use GET")
        return 200, {"ok": True}
    if path == "/api/agent/new":
        if method != "POST":
            raise HttpError(405, "use POST")
        game_id, game = GAMES.new()
        return 200, {"game_id": game_id, **reply(game, INTRO)}
    if path == "/api/agent/command":
        if method != "POST":
            raise HttpError(405, "use POST")
        data = parse_json(body)
        command = data.get("command")
        if not isinstance(command, str):
            raise HttpError(400, "the body needs a string field 'command'")
        game = GAMES.get(data.get("game_id"))
        success, message = game.command(command)
        return 200, reply(game, message, success)
    if path.startswith("/api/agent/state/"):
        if method not in ("GET", "HEAD"):
            raise HttpError(405, "use GET")
        game = GAMES.get(path.removeprefix("/api/agent/state/"))
        return 200, {"state": game.state(), "turn": game.turn, "game_over": game.over}
    raise HttpError(404, f"no route {path}")


def parse_json(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise HttpError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise HttpError(400, "the body must be a JSON object")
    return data


async def read_head(reader: asyncio.StreamReader) -> tuple[str, str, str, dict[str, str]] | None:
    """The request line and headers, or None when the client closed the connection between requests."""
    try:
        raw = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), IDLE_TIMEOUT)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial.strip():
            return None
        raise HttpError(400, "incomplete request head", close=True) from None
    except asyncio.LimitOverrunError:
        raise HttpError(431, "request head too large", close=True) from None
    except asyncio.TimeoutError:
        return None
    lines = raw.decode("latin-1").split("\r\n")
    while lines and not lines[0]:
        lines.pop(0)  # tolerate stray blank lines before a request line
    parts = lines[0].split(" ") if lines else []
    if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
        raise HttpError(400, "malformed request line", close=True)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if not line:
            continue
        name, sep, value = line.partition(":")
        if not sep or not name.strip() or name != name.strip():
            raise HttpError(400, "malformed header line", close=True)
        key = name.lower()
        headers[key] = f"{headers[key]}, {value.strip()}" if key in headers else value.strip()
    return parts[0].upper(), parts[1], parts[2], headers


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if "chunked" in headers.get("transfer-encoding", "").lower():
        return await read_chunked(reader)
    length_text = headers.get("content-length")
    if length_text is None:
        return b""
    if not length_text.isdigit():
        raise HttpError(400, "bad Content-Length", close=True)
    length = int(length_text)
    if length > MAX_BODY:
        raise HttpError(413, "request body too large", close=True)
    try:
        return await asyncio.wait_for(reader.readexactly(length), IDLE_TIMEOUT)
    except (asyncio.IncompleteReadError, asyncio.TimeoutError):
        raise HttpError(400, "request body shorter than its Content-Length", close=True) from None


async def read_chunked(reader: asyncio.StreamReader) -> bytes:
    body = bytearray()
    try:
        while True:
            size_line = await asyncio.wait_for(reader.readuntil(b"\r\n"), IDLE_TIMEOUT)
            size = int(size_line.split(b";")[0].strip() or b"x", 16)
            if size == 0:
                while (await reader.readuntil(b"\r\n")) != b"\r\n":
                    pass  # trailers
                return bytes(body)
            if len(body) + size > MAX_BODY:
                raise HttpError(413, "request body too large", close=True)
            body += await reader.readexactly(size)
            if await reader.readexactly(2) != b"\r\n":
                raise ValueError("chunk not followed by CRLF")
    except (ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError):
        raise HttpError(400, "malformed chunked body", close=True) from None


def keep_alive(version: str, headers: dict[str, str]) -> bool:
    tokens = {t.strip().lower() for t in headers.get("connection", "").split(",")}
    if version == "HTTP/1.0":
        return "keep-alive" in tokens
    return "close" not in tokens


async def send(
    writer: asyncio.StreamWriter, status: int, payload: dict[str, Any], keep: bool, head_only: bool = False
) -> None:
    body = json.dumps(payload).encode("utf-8")
    head = (
        f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\n"
        "Content-Type: application/json; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Connection: {'keep-alive' if keep else 'close'}\r\n\r\n"
    ).encode("ascii")
    writer.write(head if head_only else head + body)
    await writer.drain()


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            keep = False
            head = None
            try:
                head = await read_head(reader)
                if head is None:
                    break
                method, path, version, headers = head
                body = await read_body(reader, headers)
                keep = keep_alive(version, headers)
                status, payload = route(method, path, body)
            except HttpError as exc:
                status, payload = exc.status, {"error": exc.message}
                keep = keep and not exc.close
            except Exception:
                status, payload = 500, {"error": "internal server error"}
            await send(writer, status, payload, keep, head_only=head is not None and head[0] == "HEAD")
            if not keep:
                break
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()
        try:
            await writer.wait_closed()
        except (ConnectionError, OSError):
            pass


async def main() -> None:
    port = int(os.environ.get("HOLLOWFEN_PORT", "8080"))
    server = await asyncio.start_server(handle, "0.0.0.0", port, limit=MAX_HEAD)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
