"""HTTP front of the signalbox: the agent API on Tornado."""

from __future__ import annotations

import json
import os

import tornado.ioloop
import tornado.web

from railway import Railway

SHIFTS: dict[str, Railway] = {}


class JsonHandler(tornado.web.RequestHandler):
    def reply(self, status: int, body: dict) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(body))

    def body_json(self) -> dict | None:
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            return None
        return data if isinstance(data, dict) else None


class Health(JsonHandler):
    def get(self) -> None:
        self.reply(200, {"ok": True})


class NewShift(JsonHandler):
    def post(self) -> None:
        game_id = f"shift-{len(SHIFTS) + 1}"
        railway = Railway()
        SHIFTS[game_id] = railway
        self.reply(200, {"game_id": game_id, "message": railway.intro(), "state": railway.state(), "turn": 0})


class Command(JsonHandler):
    def post(self) -> None:
        data = self.body_json()
        if data is None:
            self.reply(400, {"error": "body must be a JSON object"})
            return
        game_id, command = data.get("game_id"), data.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            self.reply(400, {"error": "game_id and command (strings) are required"})
            return
        railway = SHIFTS.get(game_id)
        if railway is None:
            self.reply(404, {"error": f"no shift {game_id}"})
            return
        message, success = railway.command(command)
        self.reply(
            200,
            {
                "message": message,
                "success": success,
                "state": railway.state(),
                "game_over": railway.over,
                "turn": railway.turn,
            },
        )


class State(JsonHandler):
    def get(self, game_id: str) -> None:
        railway = SHIFTS.get(game_id)
        if railway is None:
            self.reply(404, {"error": f"no shift {game_id}"})
            return
        self.reply(200, {"state": railway.state(), "turn": railway.turn, "game_over": railway.over})


def make_app() -> tornado.web.Application:
    return tornado.web.Application(
        [
            (r"/healthz", Health),
            (r"/api/agent/new", NewShift),
            (r"/api/agent/command", Command),
            (r"/api/agent/state/([^/]+)", State),
        ]
    )


def main() -> None:
    port = int(os.environ.get("SIGNALBOX_PORT", "8000"))
    make_app().listen(port, address="0.0.0.0")
    tornado.ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
