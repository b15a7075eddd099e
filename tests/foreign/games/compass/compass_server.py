"""Compass: four places, a lantern, a key and a gate. The day counter lives inside the state."""

import json
import os
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PLACES = {
    "cellar": {"east": "stairs"},
    "stairs": {"west": "cellar", "south": "garden"},
    "garden": {"north": "stairs", "east": "gate"},
    "gate": {"west": "garden"},
}
ITEMS = {"cellar": ["lantern"], "garden": ["key"]}
SESSIONS = {}


def new_session():
    return {"at": "cellar", "bag": [], "ground": {k: list(v) for k, v in ITEMS.items()}, "day": 1,
            "unlocked": False, "escaped": False}


def view(s):
    return {"day": s["day"], "where": {"name": s["at"], "exits": sorted(PLACES[s["at"]]),
            "ground": s["ground"].get(s["at"], [])}, "bag": s["bag"],
            "progress": {"unlocked": s["unlocked"], "escaped": s["escaped"]}}


def act(s, text):
    words = text.lower().split()
    if not words:
        return False, "Say something."
    verb, rest = words[0], " ".join(words[1:])
    if verb == "help":
        return True, "Try: look, take <thing>, go <direction>, unlock gate, go out, bag."
    if verb == "look":
        things = ", ".join(s["ground"].get(s["at"], [])) or "nothing"
        return True, f"The {s['at']}. On the ground: {things}. Ways: {', '.join(sorted(PLACES[s['at']]))}."
    if verb == "bag":
        return True, "Bag: " + (", ".join(s["bag"]) or "empty") + "."
    if verb == "take":
        if rest in s["ground"].get(s["at"], []):
            s["ground"][s["at"]].remove(rest)
            s["bag"].append(rest)
            return True, f"Got the {rest}."
        return False, f"No {rest} here."
    if verb == "go" and rest == "out":
        if s["at"] == "gate" and s["unlocked"]:
            s["escaped"] = True
            return True, "You step through the gate. Free!"
        return False, "The way out is shut."
    if verb == "go":
        if rest in PLACES[s["at"]]:
            s["at"] = PLACES[s["at"]][rest]
            s["day"] += 1
            return True, f"You walk {rest} to the {s['at']}."
        return False, "No way there."
    if verb == "unlock" and rest == "gate":
        if s["at"] == "gate" and "key" in s["bag"]:
            s["unlocked"] = True
            return True, "The key turns. The gate is open."
        return False, "You cannot unlock anything here."
    return False, f"Unknown word: {verb}."


class Handler(BaseHTTPRequestHandler):
    def reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/api/health":
            return self.reply(200, {"status": "ok"})
        if self.path.startswith("/api/agent/state/"):
            sid = self.path.rsplit("/", 1)[1]
            if sid in SESSIONS:
                return self.reply(200, {"game_id": sid, "state": view(SESSIONS[sid])})
        return self.reply(404, {"error": "not found"})

    def do_POST(self):
        size = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(size) or b"{}")
        except ValueError:
            return self.reply(400, {"error": "bad json"})
        if not isinstance(body, dict):
            return self.reply(400, {"error": "expected an object"})
        if self.path == "/api/agent/new":
            sid = uuid.uuid4().hex[:10]
            SESSIONS[sid] = new_session()
            return self.reply(200, {"game_id": sid, "message": "You wake in a cellar.", "state": view(SESSIONS[sid])})
        if self.path == "/api/agent/command":
            s = SESSIONS.get(body.get("game_id"))
            if s is None or not isinstance(body.get("command"), str):
                return self.reply(200, {"success": False, "message": "No such game or command.", "state": {},
                                        "game_over": False})
            ok, message = act(s, body["command"])
            return self.reply(200, {"success": ok, "message": message, "state": view(s)})
        return self.reply(404, {"error": "not found"})


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("COMPASS_PORT", "7400"))), Handler).serve_forever()
