"""The GBQA agent API over Falcon."""

from __future__ import annotations

import itertools
import threading
from typing import Any

import falcon

from museum.commands import run
from museum.game import Museum

INTRO = (
    "<p>The trustees hand you the keys of the <strong>Plinth Museum</strong>: three empty galleries and "
    "&euro;1,500.00. Reach a reputation of 120 before day 15 closes. Type <code>help</code>.</p>"
)


class Games:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counter = itertools.count(1)
        self.games: dict[str, dict[str, Any]] = {}

    def new(self) -> tuple[str, dict[str, Any]]:
        with self.lock:
            gid = f"museum-{next(self.counter)}"
            entry = {"museum": Museum(), "turn": 0}
            self.games[gid] = entry
            return gid, entry

    def get(self, gid: Any) -> dict[str, Any]:
        if not isinstance(gid, str) or gid not in self.games:
            raise falcon.HTTPNotFound(title="unknown game", description=f"no game with id {gid!r}")
        return self.games[gid]


def _body(entry: dict[str, Any], gid: str, message: str, success: bool = True) -> dict[str, Any]:
    museum: Museum = entry["museum"]
    return {
        "game_id": gid,
        "message": message,
        "state": museum.state(),
        "success": success,
        "game_over": museum.over,
        "turn": entry["turn"],
    }


class NewGame:
    def __init__(self, games: Games):
        self.games = games

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        gid, entry = self.games.new()
        resp.media = _body(entry, gid, INTRO)


class Command:
    def __init__(self, games: Games):
        self.games = games

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        data = req.get_media(default_when_empty=None)
        if not isinstance(data, dict):
            raise falcon.HTTPBadRequest(title="bad request", description="send a JSON object")
        command = data.get("command")
        if not isinstance(command, str):
            raise falcon.HTTPBadRequest(title="bad request", description="'command' must be a string")
        entry = self.games.get(data.get("game_id"))
        with self.games.lock:
            message, success = run(entry["museum"], command)
            entry["turn"] += 1
            resp.media = _body(entry, data["game_id"], message, success)


class State:
    def __init__(self, games: Games):
        self.games = games

    def on_get(self, req: falcon.Request, resp: falcon.Response, game_id: str) -> None:
        entry = self.games.get(game_id)
        resp.media = _body(entry, game_id, "")


class Health:
    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.media = {"ok": True}


def create_app() -> falcon.App:
    games = Games()
    app = falcon.App()
    app.add_route("/api/agent/new", NewGame(games))
    app.add_route("/api/agent/command", Command(games))
    app.add_route("/api/agent/state/{game_id}", State(games))
    app.add_route("/healthz", Health())
    return app
