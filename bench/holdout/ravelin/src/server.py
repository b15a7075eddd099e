"""Ravelin's HTTP server: BlackSheep on uvicorn, speaking the agent API.

    RAVELIN_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import os
import uuid

from blacksheep import Application, Request, html, json
from blacksheep.exceptions import BadRequest

from fortress import Fortress

app = Application()
games: dict[str, Fortress] = {}

WELCOME = (
    "Ravelin. The enemy's camp fires ring the hill; they will come tonight, and for four nights after.\n"
    "Hold the walls until the relief column arrives. Type 'help' for your orders."
)


def error(status: int, message: str):
    return json({"error": message}, status=status)


def reply(game_id: str, fortress: Fortress, success: bool, message: str) -> dict:
    return {
        "game_id": game_id,
        "success": success,
        "message": message,
        "state": fortress.snapshot(),
        "game_over": fortress.over,
        "turn": fortress.turn,
    }


@app.router.get("/healthz")
async def healthz():
    return json({"ok": True, "games": len(games)})


@app.router.post("/api/agent/new")
async def new_game():
    game_id = uuid.uuid4().hex[:12]
    fortress = Fortress()
    games[game_id] = fortress
    return json({"game_id": game_id, "message": WELCOME, "state": fortress.snapshot()})


@app.router.post("/api/agent/command")
async def command(request: Request):
    try:
        body = await request.json()
    except (BadRequest, ValueError):
        return error(400, "the body must be JSON")
    if not isinstance(body, dict):
        return error(400, "the body must be a JSON object")
    game_id, text = body.get("game_id"), body.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return error(400, "game_id and command are required strings")
    fortress = games.get(game_id)
    if fortress is None:
        return error(404, f"no game {game_id!r}")
    success, message = fortress.order(text)
    return json(reply(game_id, fortress, success, message))


@app.router.get("/api/agent/state/{game_id}")
async def state(game_id: str):
    fortress = games.get(game_id)
    if fortress is None:
        return error(404, f"no game {game_id!r}")
    return json({"game_id": game_id, "state": fortress.snapshot()})


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Ravelin</title>
<style>body{font:15px monospace;background:#1d1b18;color:#e8dcc0;max-width:52em;margin:2em auto}
pre{white-space:pre-wrap}input{width:100%;font:inherit;background:#2c2924;color:inherit;border:1px solid #665}</style>
</head><body><h1>Ravelin</h1><pre id="out"></pre><input id="cmd" autofocus placeholder="help">
<script>
let id = null; const out = document.getElementById('out'), cmd = document.getElementById('cmd');
function show(t) { out.textContent += t + "\\n\\n"; window.scrollTo(0, document.body.scrollHeight); }
fetch('/api/agent/new', {method: 'POST'}).then(r => r.json()).then(d => { id = d.game_id; show(d.message); });
cmd.addEventListener('keydown', e => {
  if (e.key !== 'Enter' || !id) return;
  const c = cmd.value; cmd.value = ''; show('> ' + c);
  fetch('/api/agent/command', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({game_id: id, command: c})}).then(r => r.json()).then(d => show(d.message));
});
</script></body></html>"""


@app.router.get("/")
async def index():
    return html(PAGE)


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(
        app,
        host=os.environ.get("HOST", "127.0.0.1"),
        port=int(os.environ.get("RAVELIN_PORT", "8000")),
        log_level="warning",
    )
