"""Gavelry's HTTP front: a small HTTP/1.1 server on asyncio streams.

    POST /api/agent/new                 -> {game_id, message, state}
    POST /api/agent/command {game_id, command}
                                        -> {success, message, state, game_over, turn}
    GET  /api/agent/state/<game_id>     -> {game_id, state}
    GET  /healthz                       -> {ok: true}

Listens on $HOST (default 127.0.0.1), port $GAVELRY_PORT (default 8080).
"""

import asyncio
import json
import logging
import os

from auction import DAYS, GOAL, Season

log = logging.getLogger("gavelry")

MAX_BODY = 64 * 1024
REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
           411: "Length Required", 413: "Payload Too Large", 500: "Internal Server Error"}

WELCOME = ("Welcome to Gavelry. The rooms open on day 1 of {days} with {purse} crowns in your purse: "
           "buy well, sell better, and reach {goal} crowns before the season ends. "
           "Type `help` for the commands.\n")


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


class Rooms:
    """Every season in progress, by game id."""

    def __init__(self):
        self.seasons = {}
        self.count = 0

    def new(self):
        self.count += 1
        game_id = f"season-{self.count}"
        season = Season()
        self.seasons[game_id] = season
        message = (WELCOME.format(days=DAYS, purse=season.purse, goal=GOAL)
                   + "On the block: " + season.describe_block())
        return {"game_id": game_id, "message": message, "state": season.snapshot()}

    def get(self, game_id):
        if not isinstance(game_id, str) or game_id not in self.seasons:
            raise HttpError(404, f"no game {game_id!r}")
        return self.seasons[game_id]

    def command(self, body):
        if not isinstance(body, dict):
            raise HttpError(400, "expected a JSON object")
        season = self.get(body.get("game_id"))
        command = body.get("command")
        if not isinstance(command, str):
            raise HttpError(400, "missing 'command' (a string)")
        ok, message = season.run(command)
        return {"success": ok, "message": message, "state": season.snapshot(),
                "game_over": season.over, "turn": season.turn}

    def route(self, method, path, raw):
        path = path.split("?", 1)[0]
        if path in ("/healthz", "/api/health"):
            self._allow(method, "GET")
            return {"ok": True}
        if path == "/api/agent/new":
            self._allow(method, "POST")
            return self.new()
        if path == "/api/agent/command":
            self._allow(method, "POST")
            try:
                body = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                raise HttpError(400, "body is not JSON")
            return self.command(body)
        if path.startswith("/api/agent/state/"):
            self._allow(method, "GET")
            game_id = path[len("/api/agent/state/"):]
            return {"game_id": game_id, "state": self.get(game_id).snapshot()}
        raise HttpError(404, f"nothing at {path}")

    @staticmethod
    def _allow(method, wanted):
        if method != wanted:
            raise HttpError(405, f"use {wanted}")


async def read_line(reader):
    try:
        return await reader.readline()
    except ValueError:
        raise HttpError(400, "header line too long")


async def read_request(reader):
    """(method, path, headers, body), or None when the client hung up between requests."""
    line = await read_line(reader)
    if not line:
        return None
    try:
        method, path, _version = line.decode("latin-1").split()
    except ValueError:
        raise HttpError(400, "malformed request line")
    headers = {}
    while True:
        line = await read_line(reader)
        if line in (b"\r\n", b"\n", b""):
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        raise HttpError(411, "send a Content-Length")
    try:
        length = int(headers.get("content-length", "0"))
    except ValueError:
        raise HttpError(400, "bad Content-Length")
    if length < 0 or length > MAX_BODY:
        raise HttpError(413, "body too large")
    body = await reader.readexactly(length) if length else b""
    return method.upper(), path, headers, body


async def write_response(writer, status, payload, keep_alive):
    body = json.dumps(payload).encode("utf-8")
    head = (f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n"
            f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n\r\n")
    writer.write(head.encode("latin-1") + body)
    await writer.drain()


def handler(rooms):
    async def handle(reader, writer):
        try:
            while True:
                try:
                    request = await read_request(reader)
                except HttpError as exc:
                    await write_response(writer, exc.status, {"error": exc.message}, False)
                    break
                if request is None:
                    break
                method, path, headers, body = request
                keep_alive = headers.get("connection", "").lower() != "close"
                try:
                    status, payload = 200, rooms.route(method, path, body)
                except HttpError as exc:
                    status, payload = exc.status, {"error": exc.message}
                except Exception:
                    log.exception("%s %s failed", method, path)
                    status, payload = 500, {"error": "internal error"}
                await write_response(writer, status, payload, keep_alive)
                if not keep_alive:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()
    return handle


async def main():
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("GAVELRY_PORT", "8080"))
    server = await asyncio.start_server(handler(Rooms()), host, port)
    log.info("gavelry listening on %s:%d", host, port)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
