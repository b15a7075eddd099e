"""The GBQA agent API on Morepath: one model class per endpoint, JSON views on them."""

from __future__ import annotations

import threading
import uuid

import morepath

from lockgate.game import Season


class LockgateApp(morepath.App):
    pass


class Games:
    """Every season being played, by game id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seasons: dict[str, Season] = {}
        self._turns: dict[str, int] = {}

    def create(self) -> tuple[str, Season]:
        game_id = uuid.uuid4().hex[:12]
        season = Season()
        with self._lock:
            self._seasons[game_id] = season
            self._turns[game_id] = 0
        return game_id, season

    def get(self, game_id: str) -> Season | None:
        with self._lock:
            return self._seasons.get(game_id)

    def play(self, game_id: str, line: str) -> tuple[bool, str, int]:
        with self._lock:
            season = self._seasons[game_id]
            self._turns[game_id] += 1
            success, message = season.run(line)
            return success, message, self._turns[game_id]


GAMES = Games()


class Health:
    pass


class NewGame:
    pass


class Command:
    pass


class GameState:
    def __init__(self, game_id: str):
        self.game_id = game_id


class Index:
    pass


@LockgateApp.path(model=Index, path="/")
def get_index() -> Index:
    return Index()


@LockgateApp.path(model=Health, path="/api/health")
def get_health() -> Health:
    return Health()


@LockgateApp.path(model=NewGame, path="/api/agent/new")
def get_new_game() -> NewGame:
    return NewGame()


@LockgateApp.path(model=Command, path="/api/agent/command")
def get_command() -> Command:
    return Command()


@LockgateApp.path(model=GameState, path="/api/agent/state/{game_id}")
def get_game_state(game_id: str) -> GameState:
    return GameState(game_id)


def _status(request: morepath.Request, code: int) -> None:
    @request.after
    def set_status(response) -> None:
        response.status_code = code


def _error(request: morepath.Request, code: int, message: str) -> dict:
    _status(request, code)
    return {"error": message}


@LockgateApp.view(model=Index)
def index_view(self: Index, request: morepath.Request) -> str:
    return (
        "Lockgate: a canal lock-keeper's season.\n"
        "POST /api/agent/new, POST /api/agent/command {game_id, command}, GET /api/agent/state/<game_id>\n"
    )


@LockgateApp.json(model=Health)
def health_view(self: Health, request: morepath.Request) -> dict:
    return {"status": "ok", "game": "lockgate"}


@LockgateApp.json(model=NewGame, request_method="POST")
def new_game_view(self: NewGame, request: morepath.Request) -> dict:
    game_id, season = GAMES.create()
    return {"game_id": game_id, "message": season.welcome(), "state": season.state()}


@LockgateApp.json(model=Command, request_method="POST")
def command_view(self: Command, request: morepath.Request) -> dict:
    try:
        body = request.json
    except (ValueError, LookupError):
        return _error(request, 400, "the body must be JSON: {\"game_id\": ..., \"command\": ...}")
    if not isinstance(body, dict):
        return _error(request, 400, "the body must be a JSON object")
    game_id = body.get("game_id")
    line = body.get("command")
    if not isinstance(game_id, str) or not isinstance(line, str):
        return _error(request, 400, "game_id and command are both required, as strings")
    season = GAMES.get(game_id)
    if season is None:
        return _error(request, 404, f"no game {game_id!r}; start one with POST /api/agent/new")
    success, message, turn = GAMES.play(game_id, line)
    return {
        "success": success,
        "message": message,
        "state": season.state(),
        "game_over": season.over,
        "turn": turn,
    }


@LockgateApp.json(model=GameState)
def state_view(self: GameState, request: morepath.Request) -> dict:
    season = GAMES.get(self.game_id)
    if season is None:
        return _error(request, 404, f"no game {self.game_id!r}")
    return {"game_id": self.game_id, "state": season.state()}


def make_app() -> LockgateApp:
    LockgateApp.commit()
    return LockgateApp()
