"""Limelight's web server (Robyn): the GBQA agent API and a small page to play in a browser.

    LIMELIGHT_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import json
import os
import signal
from typing import Any

from robyn import Request, Response, Robyn

from limelight import api

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Limelight</title>
<style>
body { font-family: Georgia, serif; background: #1d1420; color: #f3e9d2; max-width: 52rem; margin: 2rem auto; }
h1 { color: #c8f26b; font-weight: normal; letter-spacing: .1em; }
pre { background: #2b1f30; padding: 1rem; white-space: pre-wrap; min-height: 16rem; }
input { width: 80%; font: inherit; padding: .3rem; }
</style></head>
<body><h1>LIMELIGHT</h1>
<pre id="out">Starting the season...</pre>
<form id="f"><input id="cmd" autocomplete="off" placeholder="sell 2 tickets for row B"> <button>Say</button></form>
<script>
let id = null;
const out = document.getElementById('out');
fetch('/api/agent/new', {method: 'POST'}).then(r => r.json()).then(j => { id = j.game_id; out.textContent = j.message; });
document.getElementById('f').addEventListener('submit', e => {
  e.preventDefault();
  const box = document.getElementById('cmd');
  const command = box.value; box.value = '';
  fetch('/api/agent/command', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({game_id: id, command})})
    .then(r => r.json()).then(j => { out.textContent = '> ' + command + '\\n' + (j.message || j.error); });
});
</script></body></html>
"""

app = Robyn(__file__)
app.config.disable_openapi = True


def _json(status: int, payload: dict[str, Any]) -> Response:
    return Response(
        status_code=status,
        headers={"Content-Type": "application/json"},
        description=json.dumps(payload),
    )


@app.get("/")
def index(request: Request) -> Response:
    return Response(status_code=200, headers={"Content-Type": "text/html; charset=utf-8"}, description=PAGE)


@app.get("/api/health")
def health(request: Request) -> Response:
    return _json(200, {"status": "ok", "game": "limelight"})


@app.post("/api/agent/new")
def agent_new(request: Request) -> Response:
    return _json(*api.new_game())


@app.post("/api/agent/command")
def agent_command(request: Request) -> Response:
    return _json(*api.command(request.body))


@app.get("/api/agent/state/:game_id")
def agent_state(request: Request) -> Response:
    return _json(*api.state(request.path_params["game_id"]))


def main() -> None:
    # Robyn's own runtime keeps the process alive after a SIGTERM; a stopped server should stop.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("LIMELIGHT_PORT", "8000"))
    app.start(host=host, port=port, _check_port=False)


if __name__ == "__main__":
    main()
