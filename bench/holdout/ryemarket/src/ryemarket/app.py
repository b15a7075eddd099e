"""The Panther application: the GBQA agent API in front of the ordering desk."""

import uuid

from panther import Panther, status
from panther.app import API
from panther.request import Request
from panther.response import Response

from ryemarket.desk import Desk

GAMES: dict[str, Desk] = {}
MAX_GAMES = 500
MAX_COMMAND_LENGTH = 500


def _error(code: int, detail: str) -> Response:
    return Response(data={"error": detail}, status_code=code)


def _body(request: Request) -> dict | None:
    try:
        data = request.data
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


@API(methods=["GET"])
async def health():
    return Response(data={"status": "ok", "games": len(GAMES)})


@API(methods=["POST"])
async def new_game():
    if len(GAMES) >= MAX_GAMES:
        GAMES.pop(next(iter(GAMES)))
    game_id = uuid.uuid4().hex[:12]
    desk = Desk()
    GAMES[game_id] = desk
    return Response(data={"game_id": game_id, "message": desk.welcome(), "state": desk.bakery.snapshot()})


@API(methods=["POST"])
async def command(request: Request):
    body = _body(request)
    if body is None:
        return _error(status.HTTP_400_BAD_REQUEST, "send a JSON object like {\"game_id\": ..., \"command\": ...}")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return _error(status.HTTP_400_BAD_REQUEST, "game_id and command must both be strings")
    if len(text) > MAX_COMMAND_LENGTH:
        return _error(status.HTTP_400_BAD_REQUEST, f"command is longer than {MAX_COMMAND_LENGTH} characters")
    desk = GAMES.get(game_id)
    if desk is None:
        return _error(status.HTTP_404_NOT_FOUND, f"no game {game_id!r}")
    reply = desk.handle(text)
    return Response(data={
        "success": reply.success,
        "message": reply.message,
        "state": desk.bakery.snapshot(),
        "game_over": desk.bakery.state["game_over"],
        "turn": desk.turn,
    })


@API(methods=["GET"])
async def game_state(game_id: str):
    desk = GAMES.get(game_id)
    if desk is None:
        return _error(status.HTTP_404_NOT_FOUND, f"no game {game_id!r}")
    return Response(data={"game_id": game_id, "state": desk.bakery.snapshot()})


url_routing = {
    "api/health": health,
    "api/agent/new": new_game,
    "api/agent/command": command,
    "api/agent/state/<game_id>": game_state,
}

app = Panther(__name__, configs=__name__, urls=url_routing)
