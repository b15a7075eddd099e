"""The HTTP side: a Pyramid app served by waitress, speaking the GBQA agent API."""

from __future__ import annotations

import itertools
import json
import os
import threading

from pyramid.config import Configurator
from pyramid.response import Response

from cairnline.game import Expedition

MAX_COMMAND = 500


class Expeditions:
    def __init__(self) -> None:
        self.games: dict[str, Expedition] = {}
        self.lock = threading.Lock()
        self.ids = itertools.count(1)

    def new(self) -> tuple[str, Expedition]:
        with self.lock:
            game_id = f"exp-{next(self.ids):04d}"
            self.games[game_id] = Expedition()
            return game_id, self.games[game_id]


def reply(body: dict, status: int = 200) -> Response:
    return Response(json.dumps(body), status=status, content_type="application/json", charset="utf-8")


def error(status: int, text: str) -> Response:
    return reply({"error": text}, status)


def health(request):
    return reply({"status": "ok", "game": "cairnline"})


def new_game(request):
    game_id, expedition = request.registry.expeditions.new()
    message = (
        "BASE> Cairnline expedition, day 1. Team at Base Camp, 5300 m: "
        + ", ".join(expedition.climbers)
        + ". Summit 7600 m. Orders: <climber> <order>. ? for help topics."
    )
    return reply({"game_id": game_id, "message": message, "state": expedition.state()})


def command(request):
    try:
        body = json.loads(request.body.decode("utf-8"))
    except (ValueError, RecursionError):
        return error(400, "body must be JSON")
    if not isinstance(body, dict):
        return error(400, "body must be a JSON object")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return error(400, "game_id and command must be strings")
    if len(text) > MAX_COMMAND:
        return error(400, f"command longer than {MAX_COMMAND} characters")
    store = request.registry.expeditions
    expedition = store.games.get(game_id)
    if expedition is None:
        return error(404, f"no expedition {game_id}")
    with store.lock:
        ok, message = expedition.command(text)
        return reply({
            "success": ok,
            "message": message,
            "state": expedition.state(),
            "game_over": expedition.over,
            "turn": expedition.turn,
        })


def state(request):
    game_id = request.matchdict["game_id"]
    store = request.registry.expeditions
    expedition = store.games.get(game_id)
    if expedition is None:
        return error(404, f"no expedition {game_id}")
    with store.lock:
        return reply({"game_id": game_id, "state": expedition.state()})


def not_found(request):
    return error(404, "not found")


def make_app():
    with Configurator() as config:
        config.registry.expeditions = Expeditions()
        config.add_route("health", "/api/health", request_method="GET")
        config.add_route("new", "/api/agent/new", request_method="POST")
        config.add_route("command", "/api/agent/command", request_method="POST")
        config.add_route("state", "/api/agent/state/{game_id}", request_method="GET")
        config.add_view(health, route_name="health")
        config.add_view(new_game, route_name="new")
        config.add_view(command, route_name="command")
        config.add_view(state, route_name="state")
        config.add_notfound_view(not_found)
        return config.make_wsgi_app()


def main() -> None:
    from waitress import serve

    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("CAIRNLINE_PORT", "8000"))
    serve(make_app(), host=host, port=port, threads=4)


if __name__ == "__main__":
    main()
