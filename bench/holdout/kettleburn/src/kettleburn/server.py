"""HTTP/1.1 front door, read by hand off an asyncio stream. No framework.

Routes:
  GET  /api/health
  POST /api/agent/new
  POST /api/agent/command        {"game_id": str, "command": str}
  GET  /api/agent/state/<id>
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import traceback
import uuid
from collections import OrderedDict

from kettleburn.engine import Shop

MAX_LINE = 8192
MAX_HEADERS = 100
MAX_BODY = 64 * 1024
MAX_GAMES = 2000

REASONS = {
    200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
    411: "Length Required", 413: "Payload Too Large", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 505: "HTTP Version Not Supported",
}


class HttpError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Session:
    def __init__(self) -> None:
        self.shop = Shop()
        self.commands = 0


class Games:
    """Sessions by id; the oldest are dropped past MAX_GAMES."""

    def __init__(self) -> None:
        self.sessions: OrderedDict[str, Session] = OrderedDict()

    def new(self) -> tuple[str, Session]:
        game_id = uuid.uuid4().hex
        session = Session()
        self.sessions[game_id] = session
        while len(self.sessions) > MAX_GAMES:
            self.sessions.popitem(last=False)
        return game_id, session

    def get(self, game_id: str) -> Session:
        session = self.sessions.get(game_id)
        if session is None:
            raise HttpError(404, f"no game {game_id!r}")
        return session


GAMES = Games()


# ----- request reading -----

async def read_line(reader: asyncio.StreamReader) -> bytes:
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.LimitOverrunError:
        raise HttpError(431, "line too long") from None
    if len(line) > MAX_LINE:
        raise HttpError(431, "line too long")
    return line.rstrip(b"\r\n")


async def read_request(reader: asyncio.StreamReader) -> tuple[str, str, str, dict[str, str], bytes] | None:
    """(method, path, version, headers, body), or None when the client hung up between requests."""
    try:
        first = await read_line(reader)
        while first == b"":           # tolerate stray blank lines between requests
            first = await read_line(reader)
    except asyncio.IncompleteReadError:
        return None
    parts = first.decode("latin-1").split(" ")
    if len(parts) != 3:
        raise HttpError(400, "malformed request line")
    method, target, version = parts
    if not version.startswith("HTTP/1."):
        raise HttpError(505, "only HTTP/1.x")
    headers: dict[str, str] = {}
    while True:
        line = await read_line(reader)
        if line == b"":
            break
        if len(headers) >= MAX_HEADERS:
            raise HttpError(431, "too many headers")
        name, sep, value = line.decode("latin-1").partition(":")
        if not sep or not name.strip():
            raise HttpError(400, "malformed header")
        headers[name.strip().lower()] = value.strip()
    body = b""
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = await read_chunked(reader)
    elif "content-length" in headers:
        try:
            length = int(headers["content-length"])
        except ValueError:
            raise HttpError(400, "bad content-length") from None
        if length < 0:
            raise HttpError(400, "bad content-length")
        if length > MAX_BODY:
            raise HttpError(413, "body too large")
        body = await reader.readexactly(length)
    elif "transfer-encoding" in headers:
        raise HttpError(501, "unsupported transfer-encoding")
    path = target.split("?", 1)[0]
    return method.upper(), path, version, headers, body


async def read_chunked(reader: asyncio.StreamReader) -> bytes:
    body = bytearray()
    while True:
        size_line = (await read_line(reader)).split(b";", 1)[0].strip()
        try:
            size = int(size_line, 16)
        except ValueError:
            raise HttpError(400, "bad chunk size") from None
        if size == 0:
            while await read_line(reader) != b"":
                pass
            return bytes(body)
        if len(body) + size > MAX_BODY:
            raise HttpError(413, "body too large")
        body += await reader.readexactly(size)
        await read_line(reader)


# ----- routing -----

def json_body(body: bytes) -> dict:
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise HttpError(400, "body is not JSON") from None
    if not isinstance(data, dict):
        raise HttpError(400, "body must be a JSON object")
    return data


def route(method: str, path: str, body: bytes) -> tuple[int, dict]:
    if path in ("/api/health", "/health"):
        if method not in ("GET", "HEAD"):
            raise HttpError(405, "use GET")
        return 200, {"status": "ok", "game": "kettleburn", "games": len(GAMES.sessions)}

    if path == "/api/agent/new":
        if method != "POST":
            raise HttpError(405, "use POST")
        game_id, session = GAMES.new()
        return 200, {"game_id": game_id, "message": session.shop.welcome(), "state": session.shop.state()}

    if path == "/api/agent/command":
        if method != "POST":
            raise HttpError(405, "use POST")
        data = json_body(body)
        game_id, command = data.get("game_id"), data.get("command")
        if not isinstance(game_id, str):
            raise HttpError(400, "game_id must be a string")
        if not isinstance(command, str):
            raise HttpError(400, "command must be a string")
        if len(command) > 500:
            raise HttpError(400, "command too long")
        session = GAMES.get(game_id)
        ok, message = session.shop.run(command)
        session.commands += 1
        return 200, {
            "success": ok,
            "message": message,
            "state": session.shop.state(),
            "game_over": session.shop.over,
            "turn": session.commands,
        }

    if path.startswith("/api/agent/state/"):
        if method != "GET":
            raise HttpError(405, "use GET")
        game_id = path[len("/api/agent/state/"):]
        session = GAMES.get(game_id)
        return 200, {"game_id": game_id, "state": session.shop.state()}

    raise HttpError(404, f"no route {path}")


# ----- responses -----

def encode(status: int, payload: dict, keep_alive: bool) -> bytes:
    body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    head = (
        f"HTTP/1.1 {status} {REASONS.get(status, 'Unknown')}\r\n"
        "Content-Type: application/json; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n"
        "\r\n"
    )
    return head.encode("latin-1") + body


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            try:
                request = await asyncio.wait_for(read_request(reader), timeout=120)
            except HttpError as err:
                writer.write(encode(err.status, {"error": err.message}, keep_alive=False))
                await writer.drain()
                break
            except (asyncio.IncompleteReadError, asyncio.TimeoutError):
                break
            if request is None:
                break
            method, path, version, headers, body = request
            connection = headers.get("connection", "").lower()
            keep_alive = connection != "close" and not (version == "HTTP/1.0" and connection != "keep-alive")
            try:
                status, payload = route(method, path, body)
            except HttpError as err:
                status, payload = err.status, {"error": err.message}
            except Exception:
                traceback.print_exc(file=sys.stderr)
                status, payload = 500, {"error": "internal error"}
            data = encode(status, payload, keep_alive)
            if method == "HEAD":
                data = data.split(b"\r\n\r\n", 1)[0] + b"\r\n\r\n"
            writer.write(data)
            await writer.drain()
            if not keep_alive:
                break
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def main() -> None:
    host = os.environ.get("HOST", "0.0.0.0")
    port = int(os.environ.get("PORT", "8000"))
    server = await asyncio.start_server(handle, host, port, limit=MAX_LINE * 2)
    print(f"kettleburn listening on {host}:{port}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
