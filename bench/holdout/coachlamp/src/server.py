"""HTTP front of the Coachlamp Line: asyncio streams with the sans-IO h11 state machine, no framework.

Routes (the GBQA agent API):
    GET  /api/health                 -> {"status": "ok"}
    POST /api/agent/new              -> {"game_id", "message", "state"}
    POST /api/agent/command          -> {"success", "message", "state", "game_over", "turn"}
    GET  /api/agent/state/{game_id}  -> {"game_id", "state"}

The port comes from COACHLAMP_PORT (default 8000), the address from HOST (default 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import http
import json
import logging
import os
import uuid
from collections import OrderedDict

import h11

from game import Game

LOG = logging.getLogger("coachlamp")

MAX_BODY = 64 * 1024
MAX_GAMES = 2000
IDLE_TIMEOUT = 120.0
READ_CHUNK = 65536

WELCOME = (
    "The Coachlamp Line, est. 1791. You hold the reins of its one coach at the Ashby yard. "
    "Carry passengers and parcels along the road to Eastgate and earn the charter fee before the "
    "end of day 5. Type help for the commands."
)


class HttpError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class App:
    """The routes, independent of the transport: (method, path, body) -> (status, JSON object)."""

    def __init__(self) -> None:
        self.games: OrderedDict[str, Game] = OrderedDict()

    def handle(self, method: str, path: str, body: bytes) -> tuple[int, dict[str, object]]:
        try:
            return 200, self._route(method, path, body)
        except HttpError as exc:
            return exc.status, {"error": exc.message}
        except Exception:
            LOG.exception("error while handling %s %s", method, path)
            return 500, {"error": "internal server error"}

    def _route(self, method: str, path: str, body: bytes) -> dict[str, object]:
        path = path.split("?", 1)[0]
        if path in ("/api/health", "/healthz"):
            self._allow(method, "GET")
            return {"status": "ok", "games": len(self.games)}
        if path == "/api/agent/new":
            self._allow(method, "POST")
            return self._new()
        if path == "/api/agent/command":
            self._allow(method, "POST")
            return self._command(body)
        prefix = "/api/agent/state/"
        if path.startswith(prefix) and len(path) > len(prefix):
            self._allow(method, "GET")
            game_id = path[len(prefix):]
            return {"game_id": game_id, "state": self._game(game_id).state()}
        raise HttpError(404, f"no route for {path}")

    @staticmethod
    def _allow(method: str, wanted: str) -> None:
        if method != wanted:
            raise HttpError(405, f"use {wanted}")

    def _game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            raise HttpError(404, "unknown game_id")
        return game

    def _new(self) -> dict[str, object]:
        game_id = uuid.uuid4().hex
        self.games[game_id] = Game()
        while len(self.games) > MAX_GAMES:
            self.games.popitem(last=False)
        return {"game_id": game_id, "message": WELCOME, "state": self.games[game_id].state()}

    def _command(self, body: bytes) -> dict[str, object]:
        try:
            payload = json.loads(body or b"null")
        except (ValueError, UnicodeDecodeError) as exc:
            raise HttpError(400, "body must be JSON") from exc
        if not isinstance(payload, dict):
            raise HttpError(400, "body must be a JSON object with game_id and command")
        game_id, command = payload.get("game_id"), payload.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            raise HttpError(400, "game_id and command must both be strings")
        game = self._game(game_id)
        success, message = game.command(command)
        return {
            "success": success,
            "message": message,
            "state": game.state(),
            "game_over": game.over,
            "turn": game.turn,
        }


def _response_headers(length: int, close: bool) -> list[tuple[str, str]]:
    headers = [
        ("Content-Type", "application/json; charset=utf-8"),
        ("Content-Length", str(length)),
        ("Server", "coachlamp"),
    ]
    if close:
        headers.append(("Connection", "close"))
    return headers


class Connection:
    """One TCP connection: feeds bytes to h11, answers each request in turn (keep-alive)."""

    def __init__(self, app: App, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.app = app
        self.reader = reader
        self.writer = writer
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=16 * 1024)

    async def _next_event(self) -> h11.Event | type[h11.NEED_DATA | h11.PAUSED]:
        while True:
            event = self.conn.next_event()
            if event is not h11.NEED_DATA:
                return event
            data = await asyncio.wait_for(self.reader.read(READ_CHUNK), IDLE_TIMEOUT)
            self.conn.receive_data(data)

    async def _send(self, *events: h11.Event) -> None:
        for event in events:
            data = self.conn.send(event)
            if data:
                self.writer.write(data)
        await self.writer.drain()

    async def _respond(self, status: int, payload: dict[str, object], close: bool = False) -> None:
        body = json.dumps(payload).encode()
        await self._send(
            h11.Response(
                status_code=status,
                headers=_response_headers(len(body), close),
                reason=http.HTTPStatus(status).phrase.encode(),
            ),
            h11.Data(data=body),
            h11.EndOfMessage(),
        )

    async def serve(self) -> None:
        try:
            while True:
                event = await self._next_event()
                if isinstance(event, h11.ConnectionClosed) or event is h11.PAUSED:
                    break
                if not isinstance(event, h11.Request):
                    break
                method = event.method.decode("ascii", "replace").upper()
                target = event.target.decode("ascii", "replace")
                body = bytearray()
                too_big = False
                while True:
                    part = await self._next_event()
                    if isinstance(part, h11.Data):
                        if len(body) + len(part.data) > MAX_BODY:
                            too_big = True
                        else:
                            body += part.data
                    elif isinstance(part, h11.EndOfMessage):
                        break
                    else:
                        raise h11.RemoteProtocolError("request ended early")
                if too_big:
                    await self._respond(413, {"error": "request body too large"}, close=True)
                    break
                status, payload = self.app.handle(method, target, bytes(body))
                await self._respond(status, payload)
                if self.conn.our_state is h11.MUST_CLOSE:
                    break
                self.conn.start_next_cycle()
        except h11.RemoteProtocolError as exc:
            if self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):
                try:
                    await self._respond(exc.error_status_hint, {"error": "bad request"}, close=True)
                except (h11.LocalProtocolError, ConnectionError):
                    pass
        except (TimeoutError, ConnectionError):
            pass
        finally:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except ConnectionError:
                pass


async def serve(host: str, port: int, app: App | None = None) -> asyncio.Server:
    app = app or App()

    async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await Connection(app, reader, writer).serve()

    return await asyncio.start_server(on_connect, host, port)


async def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("COACHLAMP_PORT", "8000"))
    server = await serve(host, port)
    LOG.info("the Coachlamp Line answers on http://%s:%d", host, port)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
