"""The agent API over HTTP: start a case, send it commands, read its state."""

from __future__ import annotations

import itertools
import json
import os
from collections import OrderedDict
from typing import Any

from aiohttp import web

from lanternhook.case import Case
from lanternhook.prose import INTRO

MAX_CASES = 500
MAX_COMMAND = 500

CASES: web.AppKey[OrderedDict[str, Case]] = web.AppKey("cases", OrderedDict)
COUNTER: web.AppKey[itertools.count[int]] = web.AppKey("counter", itertools.count)


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def _reply(game_id: str, case: Case, message: str, success: bool = True) -> web.Response:
    return web.json_response(
        {
            "game_id": game_id,
            "message": message,
            "state": case.state(),
            "success": success,
            "game_over": case.over,
            "turn": case.turn,
        }
    )


@web.middleware
async def json_errors(request: web.Request, handler: Any) -> web.StreamResponse:
    """Routing and method errors answer in JSON like every other refusal of a malformed request."""
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        return _error(exc.status, exc.reason)


async def health(_: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def new_case(request: web.Request) -> web.Response:
    cases = request.app[CASES]
    game_id = f"case-{next(request.app[COUNTER])}"
    cases[game_id] = Case()
    while len(cases) > MAX_CASES:
        cases.popitem(last=False)
    case = cases[game_id]
    return _reply(game_id, case, f"{INTRO} {case.describe()}")


async def command(request: web.Request) -> web.Response:
    try:
        body = json.loads(await request.read())
    except (ValueError, UnicodeDecodeError):
        return _error(400, "the body must be a JSON object with game_id and command")
    if not isinstance(body, dict):
        return _error(400, "the body must be a JSON object with game_id and command")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(400, "game_id and command must both be strings")
    if len(text) > MAX_COMMAND:
        return _error(400, f"a command may be at most {MAX_COMMAND} characters")
    case = request.app[CASES].get(game_id)
    if case is None:
        return _error(404, f"no case {game_id!r}")
    reply = case.handle(text)
    return _reply(game_id, case, reply.message, reply.success)


async def state(request: web.Request) -> web.Response:
    game_id = request.match_info["game_id"]
    case = request.app[CASES].get(game_id)
    if case is None:
        return _error(404, f"no case {game_id!r}")
    return web.json_response({"game_id": game_id, "state": case.state(), "turn": case.turn, "game_over": case.over})


def make_app() -> web.Application:
    app = web.Application(middlewares=[json_errors])
    app[CASES] = OrderedDict()
    app[COUNTER] = itertools.count(1)
    app.router.add_get("/healthz", health)
    app.router.add_post("/api/agent/new", new_case)
    app.router.add_post("/api/agent/command", command)
    app.router.add_get("/api/agent/state/{game_id}", state)
    return app


def main() -> None:
    port = int(os.environ.get("LANTERNHOOK_PORT", "8080"))
    web.run_app(make_app(), host="0.0.0.0", port=port, print=None, access_log=None)
