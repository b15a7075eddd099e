"""Quarrymoor's HTTP front: the GBQA agent API on twisted.web.

    QM_PORT=8000 HOST=127.0.0.1 python server.py
"""

from __future__ import annotations

import json
import os
import sys
import uuid

from twisted.internet import endpoints, reactor
from twisted.python import log
from twisted.web import resource, server

from quarry.engine import INTRO, Investigation

GAMES: dict[str, Investigation] = {}

PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>Quarrymoor</title></head>
<body><h1>Quarrymoor</h1>
<p>A detective mystery for the agent API: POST /api/agent/new, POST /api/agent/command,
GET /api/agent/state/&lt;game_id&gt;. See README.md.</p></body></html>
"""


def send_json(request, body: dict, code: int = 200) -> bytes:
    request.setResponseCode(code)
    request.setHeader(b"content-type", b"application/json; charset=utf-8")
    return json.dumps(body).encode("utf-8")


def error(request, code: int, text: str) -> bytes:
    return send_json(request, {"error": text}, code)


class JsonLeaf(resource.Resource):
    isLeaf = True

    def render(self, request):
        method = request.method.decode("ascii", "replace")
        if not hasattr(self, "render_" + method):
            allowed = [m for m in ("GET", "POST") if hasattr(self, "render_" + m)]
            request.setHeader(b"allow", ", ".join(allowed).encode())
            return error(request, 405, f"{method} not allowed here")
        return super().render(request)


class Health(JsonLeaf):
    def render_GET(self, request):
        return send_json(request, {"status": "ok", "games": len(GAMES)})


class NewGame(JsonLeaf):
    def render_POST(self, request):
        game_id = uuid.uuid4().hex[:12]
        case = Investigation()
        GAMES[game_id] = case
        return send_json(request, {"game_id": game_id, "message": INTRO, "state": case.state()})


class Command(JsonLeaf):
    def render_POST(self, request):
        try:
            body = json.loads(request.content.read() or b"null")
        except (ValueError, UnicodeDecodeError):
            return error(request, 400, "the body must be JSON")
        if not isinstance(body, dict):
            return error(request, 400, "the body must be a JSON object with game_id and command")
        game_id, command = body.get("game_id"), body.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            return error(request, 400, "game_id and command must both be strings")
        case = GAMES.get(game_id)
        if case is None:
            return error(request, 404, f"no game {game_id!r}")
        reply = case.handle(command)
        return send_json(request, {
            "success": reply.success,
            "message": reply.message,
            "state": case.state(),
            "game_over": case.over,
            "turn": case.turn,
        })


class State(JsonLeaf):
    def render_GET(self, request):
        parts = [p for p in request.postpath if p]
        if len(parts) != 1:
            return error(request, 404, "use /api/agent/state/<game_id>")
        game_id = parts[0].decode("utf-8", "replace")
        case = GAMES.get(game_id)
        if case is None:
            return error(request, 404, f"no game {game_id!r}")
        return send_json(request, {"game_id": game_id, "state": case.state()})


class Branch(resource.Resource):
    def getChild(self, name, request):
        return NotFound()


class Root(resource.Resource):
    def getChild(self, name, request):
        if name == b"":
            return Page()
        return NotFound()

    def render_GET(self, request):
        return Page().render_GET(request)


class Page(resource.Resource):
    isLeaf = True

    def render_GET(self, request):
        request.setHeader(b"content-type", b"text/html; charset=utf-8")
        return PAGE


class NotFound(JsonLeaf):
    def render_GET(self, request):
        return error(request, 404, "not found")

    render_POST = render_GET


def make_site() -> server.Site:
    root = Root()
    api = Branch()
    agent = Branch()
    root.putChild(b"api", api)
    api.putChild(b"health", Health())
    api.putChild(b"agent", agent)
    agent.putChild(b"new", NewGame())
    agent.putChild(b"command", Command())
    agent.putChild(b"state", State())
    return server.Site(root)


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("QM_PORT", "8000"))
    log.startLogging(sys.stdout)
    endpoint = endpoints.TCP4ServerEndpoint(reactor, port, interface=host)
    endpoint.listen(make_site())
    reactor.run()


if __name__ == "__main__":
    main()
