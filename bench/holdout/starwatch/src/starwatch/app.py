"""The HTTP face of Starwatch: the agent API and a small browser page, as a Pecan application."""

from __future__ import annotations

import itertools
import threading

import pecan
from pecan import abort, expose, request, response

from starwatch import __version__
from starwatch.game import Game

MAX_COMMAND_LENGTH = 500


class GameStore:
    """Games live in memory; ids count up so a replay of the same requests gives the same ids."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._counter = itertools.count(1)
        self.lock = threading.Lock()

    def create(self) -> Game:
        with self.lock:
            game_id = f"sw-{next(self._counter):05d}"
            game = Game(game_id)
            self._games[game_id] = game
            return game

    def get(self, game_id: str) -> Game | None:
        return self._games.get(game_id)


STORE = GameStore()

WELCOME = (
    "Starwatch. You have the 60 cm reflector on Cold Hill for a ten-night season, a grant of {budget} "
    "and a box of {plates} glass plates. Expose plates on the observing list, develop and measure them, "
    "and publish a paper before the season ends.\nType `help` for the topics."
)


def _error(status: int, message: str) -> dict:
    response.status = status
    return {"error": message}


def _json_body() -> dict | None:
    try:
        body = request.json_body
    except (ValueError, TypeError, UnicodeDecodeError):
        return None
    return body if isinstance(body, dict) else None


class AgentController:
    @expose("json", generic=True)
    def new(self):
        return _error(405, "use POST")

    @new.when(method="POST", template="json")
    def new_post(self):
        game = STORE.create()
        state = game.state()
        message = WELCOME.format(budget=state["grant"]["budget"], plates=state["plates"]["unexposed"])
        return {"game_id": game.game_id, "message": message, "state": state}

    @expose("json", generic=True)
    def command(self):
        return _error(405, "use POST")

    @command.when(method="POST", template="json")
    def command_post(self):
        body = _json_body()
        if body is None:
            return _error(400, "the body must be a JSON object with game_id and command")
        game_id, command = body.get("game_id"), body.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            return _error(400, "game_id and command must both be strings")
        if len(command) > MAX_COMMAND_LENGTH:
            return _error(400, f"commands are at most {MAX_COMMAND_LENGTH} characters")
        game = STORE.get(game_id)
        if game is None:
            return _error(404, f"no game {game_id!r}")
        with STORE.lock:
            success, message = game.handle(command)
            return {
                "success": success,
                "message": message,
                "state": game.state(),
                "game_over": game.over,
                "turn": game.turn,
            }

    @expose("json")
    def state(self, game_id=None, *rest):
        if game_id is None or rest:
            return _error(404, "use /api/agent/state/<game_id>")
        game = STORE.get(game_id)
        if game is None:
            return _error(404, f"no game {game_id!r}")
        return {"game_id": game.game_id, "state": game.state()}


class ApiController:
    agent = AgentController()

    @expose("json")
    def health(self):
        return {"status": "ok", "game": "starwatch", "version": __version__}


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Starwatch</title>
<style>
body{background:#0b1020;color:#d8def0;font:15px/1.4 monospace;max-width:60em;margin:2em auto}
pre{white-space:pre-wrap;background:#121a33;padding:1em;min-height:20em}
input{width:80%;background:#121a33;color:#fff;border:1px solid #445;padding:.4em}
</style></head><body>
<h1>Starwatch</h1><pre id="log"></pre>
<form id="f"><input id="cmd" autofocus placeholder="help"> <button>Send</button></form>
<script>
let id=null;const log=document.getElementById('log');
function show(t){log.textContent+=t+"\\n\\n";log.scrollTop=log.scrollHeight;}
fetch('/api/agent/new',{method:'POST'}).then(r=>r.json()).then(d=>{id=d.game_id;show(d.message);});
document.getElementById('f').onsubmit=e=>{e.preventDefault();const c=document.getElementById('cmd');
fetch('/api/agent/command',{method:'POST',headers:{'Content-Type':'application/json'},
body:JSON.stringify({game_id:id,command:c.value})}).then(r=>r.json()).then(d=>{show('> '+c.value+'\\n'+d.message);c.value='';});};
</script></body></html>
"""


class RootController:
    api = ApiController()

    @expose(content_type="text/html")
    def index(self):
        return PAGE

    @expose("json")
    def healthz(self):
        return {"status": "ok"}


def make_app():
    return pecan.make_app(RootController(), debug=False, force_canonical=False, guess_content_type_from_ext=False)
