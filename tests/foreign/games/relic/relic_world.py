"""Rules of Relic Hunt. State is nested the way our front end likes it."""
import copy

INTRO = "RELIC HUNT v0.3 -- type HELP for the verb list."
SOLUTION = ["GRAB TORCH", "WALK DOWN", "GRAB RELIC", "WALK UP", "WALK OUT"]
HELP = """VERBS
  WALK <UP|DOWN|OUT>   move
  GRAB <THING>         pick something up
  PEEK                 describe surroundings
  BAG                  list what you carry"""

MAP = {
    "gatehouse": {"blurb": "A crumbling gatehouse. Stairs lead DOWN; the road leads OUT.",
                  "ways": {"DOWN": "crypt", "OUT": "road"}, "things": ["TORCH"]},
    "crypt": {"blurb": "A cold crypt. Stairs lead UP.", "ways": {"UP": "gatehouse"}, "things": ["RELIC"],
              "dark": True},
    "road": {"blurb": "The open road.", "ways": {}, "things": []},
}


def fresh():
    return {"player": {"where": "gatehouse", "bag": []},
            "world": {k: {"things": list(v["things"])} for k, v in MAP.items()},
            "flags": {"game_won": False, "torch_lit": False},
            "clock": {"turn": 0}}


def public(g):
    where = g["player"]["where"]
    dark = MAP[where].get("dark") and "TORCH" not in g["player"]["bag"]
    return {"player": copy.deepcopy(g["player"]),
            "place": {"id": where, "blurb": MAP[where]["blurb"],
                      "exits": sorted(MAP[where]["ways"]),
                      "things": [] if dark else list(g["world"][where]["things"])},
            "flags": dict(g["flags"]), "clock": dict(g["clock"])}


def act(g, line):
    g["clock"]["turn"] += 1
    words = line.strip().upper().split()
    if not words:
        return False, "Say something."
    verb, rest = words[0], " ".join(words[1:])
    where = g["player"]["where"]
    if g["flags"]["game_won"]:
        return False, "The hunt is over."
    if verb == "HELP":
        return True, HELP
    if verb == "PEEK":
        p = public(g)["place"]
        return True, p["blurb"] + (" You see: " + ", ".join(p["things"]) if p["things"] else "")
    if verb == "BAG":
        return True, "Bag: " + (", ".join(g["player"]["bag"]) or "empty")
    if verb == "WALK":
        dest = MAP[where]["ways"].get(rest)
        if not dest:
            return False, "No way " + (rest or "there") + "."
        if dest == "road" and "RELIC" not in g["player"]["bag"]:
            return False, "You will not leave without the relic."
        g["player"]["where"] = dest
        if dest == "road":
            g["flags"]["game_won"] = True
            return True, "You walk out with the relic. YOU WIN."
        return True, MAP[dest]["blurb"]
    if verb == "GRAB":
        if rest not in public(g)["place"]["things"]:
            return False, "No " + (rest or "thing") + " here."
        g["world"][where]["things"].remove(rest)
        g["player"]["bag"].append(rest)
        if rest == "TORCH":
            g["flags"]["torch_lit"] = True
        return True, "Got " + rest + "."
    return False, "Unknown verb. Try HELP."
