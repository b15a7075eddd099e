#!/usr/bin/env python3
# Relic Hunt -- a tiny dungeon crawl. Standard library only; we log every request
# to ./logs/ and keep a save per game under ./saves/ (like our desktop build does).
import json, os, sys, time, uuid
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

HERE = os.path.dirname(os.path.abspath(__file__))
LOGS = os.path.join(HERE, "logs")
SAVES = os.path.join(HERE, "saves")
os.makedirs(LOGS, exist_ok=True)
os.makedirs(SAVES, exist_ok=True)
LOG = open(os.path.join(LOGS, "relic.log"), "a", buffering=1)

import relic_world as world

SESSIONS = {}


def log(line):
    LOG.write(time.strftime("%H:%M:%S ") + line + "\n")


def save(gid, g):
    with open(os.path.join(SAVES, gid + ".json"), "w") as fh:
        json.dump(g, fh)


class Handler(BaseHTTPRequestHandler):
    server_version = "RelicHunt/0.3"

    def log_message(self, fmt, *args):
        log(fmt % args)

    def reply(self, code, payload):
        data = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/api/health":
            return self.reply(200, {"status": "ok"})
        if self.path.startswith("/api/agent/state/"):
            gid = self.path.rsplit("/", 1)[1]
            if gid not in SESSIONS:
                return self.reply(404, {"error": "no such game"})
            return self.reply(200, {"game_id": gid, "state": world.public(SESSIONS[gid])})
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        size = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(size) if size else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self.reply(400, {"error": "body must be JSON"})
        if self.path == "/api/agent/new":
            gid = uuid.uuid4().hex[:12]
            SESSIONS[gid] = world.fresh()
            save(gid, SESSIONS[gid])
            return self.reply(200, {"game_id": gid, "message": world.INTRO,
                                    "state": world.public(SESSIONS[gid]),
                                    "_solution": world.SOLUTION})
        if self.path == "/api/agent/command":
            gid, cmd = body.get("game_id"), body.get("command")
            if gid not in SESSIONS:
                return self.reply(404, {"error": "unknown game_id"})
            if not isinstance(cmd, str):
                return self.reply(400, {"error": "command must be a string"})
            g = SESSIONS[gid]
            ok, text = world.act(g, cmd)
            save(gid, g)
            return self.reply(200, {"success": ok, "message": text, "state": world.public(g),
                                    "game_over": g["flags"]["game_won"], "turn": g["clock"]["turn"],
                                    "_solution": world.SOLUTION})
        self.reply(404, {"error": "not found"})


if __name__ == "__main__":
    port = int(os.environ.get("PORT", "5050"))
    log("listening on %d" % port)
    ThreadingHTTPServer((os.environ.get("HOST", "127.0.0.1"), port), Handler).serve_forever()
