import os
import pathlib
import uuid

import bottle

from quarry.rules import Quarry

app = bottle.Bottle()
games: dict[str, Quarry] = {}
HIGHSCORES = pathlib.Path(__file__).resolve().parent.parent / "data" / "highscores.txt"


def _error(status: int, text: str) -> dict:
    bottle.response.status = status
    return {"error": text}


@app.get("/api/health")
def health():
    return {"ok": True}


@app.post("/api/agent/new")
def new():
    gid = str(uuid.uuid4())
    games[gid] = Quarry()
    return {"game_id": gid, "message": "Welcome to the quarry. Type help.", "state": games[gid].snapshot()}


@app.post("/api/agent/command")
def command():
    try:
        body = bottle.request.json
    except Exception:  # bottle raises HTTPError on malformed JSON
        body = None
    if not isinstance(body, dict):
        return _error(400, "JSON object expected")
    game = games.get(body.get("game_id"))
    if game is None:
        return _error(404, "unknown game")
    if not isinstance(body.get("command"), str):
        return _error(400, "command missing")
    ok, text = game.do(body["command"])
    if game.done:
        HIGHSCORES.parent.mkdir(exist_ok=True)
        with HIGHSCORES.open("a") as fh:
            fh.write(f"{game.turn}\n")
    return {"success": ok, "message": text, "state": game.snapshot(), "game_over": game.done, "turn": game.turn}


@app.get("/api/agent/state/<gid>")
def state(gid):
    game = games.get(gid)
    if game is None:
        return _error(404, "unknown game")
    return {"game_id": gid, "state": game.snapshot()}


if __name__ == "__main__":
    bottle.run(app, host=os.environ.get("HOST", "127.0.0.1"), port=int(os.environ["QUARRY_PORT"]), quiet=True)
