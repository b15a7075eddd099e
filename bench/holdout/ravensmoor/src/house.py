# Ravensmoor world + parser. Pure python, no deps.

CARRY_LIMIT = 4
TREASURES = {"silver coin": 10, "jade idol": 15, "golden locket": 25}
FULL_SCORE = sum(TREASURES.values())

HELP = """Available commands:
  look/l - Describe where you are
  go <direction> - Walk north, south, east, west, up or down (n/s/e/w/u/d also work)
  take/get/pick up + item - Pick up an item
  drop + item - Put down an item you carry
  examine/x <thing> - Look closely at something
  open/close <container> - Open or close a chest, drawer...
  put <item> in <container> - Store an item in a container
  unlock <door> with <key> - Unlock a door
  light/extinguish <item> - Light or put out a light source
  inventory/i - See what you are carrying
  score - Show your score
  save / restore - Save or restore your position (one slot)
  help - Show this list"""

ROOMS = {
    "hall": {
        "name": "Entrance Hall",
        "text": "You stand in a dim entrance hall. A worn red carpet runs between dusty portraits "
        "to a narrow stair leading down. Doorways open to the north and east; a heavy oak door "
        "stands in the west wall.",
        "exits": {"north": "parlour", "east": "library", "down": "cellar", "west": "study"},
        "scenery": {
            "carpet": "Threadbare, and red once. It smells of damp.",
            "portraits": "Stern faces of long-dead Ravens. One of them seems to be smiling.",
            "door": "A heavy oak door with an iron lock.",
        },
    },
    "parlour": {
        "name": "Parlour",
        "text": "Faded armchairs crowd around a cold fireplace. A cracked mirror hangs over the mantel.",
        "exits": {"south": "hall"},
        "scenery": {
            "armchairs": "Moth-eaten velvet. Nothing hidden in the cushions.",
            "fireplace": "Cold ashes, long dead.",
            "mirror": "Your reflection looks tired.",
            "mantel": "A marble mantel, thick with dust.",
        },
    },
    "library": {
        "name": "Library",
        "text": "Tall shelves of mildewed books reach the ceiling. An old sea chest sits beneath "
        "the window.",
        "exits": {"west": "hall"},
        "scenery": {
            "shelves": "Sermons and almanacs, all of them ruined by damp.",
            "books": "Sermons and almanacs, all of them ruined by damp.",
            "window": "Grimy glass. Outside, the moor.",
        },
    },
    "cellar": {
        "name": "Cellar",
        "text": "Damp stone walls sweat in the lamplight. Empty wine racks lean against the far wall.",
        "exits": {"up": "hall"},
        "dark": True,
        "scenery": {"racks": "Empty, every one of them.", "walls": "Cold and wet."},
    },
    "study": {
        "name": "Study",
        "text": "A cramped study. A writing desk with a single drawer faces a tiny window.",
        "exits": {"east": "hall"},
        "scenery": {"desk": "Oak, scarred by years of use. It has one drawer.", "window": "Too small."},
    },
}

ITEMS = {
    "brass lamp": "An old brass oil lamp. It still sloshes with oil.",
    "folded newspaper": "The Moor Gazette, thirty years old. RAVEN HEIR MISSING, says the headline.",
    "brass key": "A small brass key with a raven on its bow.",
    "iron poker": "A heavy fireplace poker.",
    "silver coin": "A silver coin, minted with a raven.",
    "jade idol": "A squat green idol, cold to the touch.",
    "golden locket": "A golden locket on a fine chain. Inside, a faded portrait.",
}

CONTAINERS = {"sea chest": "library", "desk drawer": "study"}

DIRECTIONS = {
    "n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down",
    "north": "north", "south": "south", "east": "east", "west": "west", "up": "up", "down": "down",
}  # fmt: skip

ARTICLES = ("the ", "a ", "an ", "some ")


def new_game():
    return {
        "room": "hall",
        "inventory": [],
        "floor": {
            "hall": ["brass lamp", "folded newspaper"],
            "parlour": ["brass key", "iron poker"],
            "library": [],
            "cellar": ["jade idol"],
            "study": [],
        },
        "containers": {"sea chest": ["silver coin"], "desk drawer": ["golden locket"]},
        "open": [],
        "lamp_lit": False,
        "door_locked": True,
        "score": 0,
        "scored": [],
        "moves": 0,
        "finished": False,
        "saved": None,
    }


def _strip(words):
    for article in ARTICLES:
        if words.startswith(article):
            return words[len(article):]
    return words


def _match(name, candidates):
    """Players type 'coin' for 'silver coin', 'chest' for 'sea chest'."""
    name = _strip(name.strip())
    if not name:
        return None
    for candidate in candidates:
        if name == candidate or name in candidate.split() or candidate.endswith(" " + name):
            return candidate
    return None


def is_dark(g):
    room = ROOMS[g["room"]]
    return room.get("dark", False) and not (g["lamp_lit"] and "brass lamp" in g["inventory"])


def visible_items(g):
    if is_dark(g):
        return []
    items = list(g["floor"][g["room"]])
    for box, room in CONTAINERS.items():
        if room == g["room"] and box in g["open"]:
            items += g["containers"][box]
    return items


def describe(g):
    if is_dark(g):
        return "It is pitch dark. You might be eaten by something."
    room = ROOMS[g["room"]]
    text = room["name"] + "\n" + room["text"]
    if g["room"] == "parlour":
        text += " A small brass key glints on the mantel."
    for box, where in CONTAINERS.items():
        if where == g["room"]:
            if box in g["open"]:
                inside = g["containers"][box]
                text += f" The {box} is open" + (f"; in it: {', '.join(inside)}." if inside else " and empty.")
            else:
                text += f" The {box} is closed."
    loose = [i for i in g["floor"][g["room"]] if not (g["room"] == "parlour" and i == "brass key")]
    if loose:
        text += "\nYou can see: " + ", ".join(loose) + "."
    if g["room"] == "hall" and g["door_locked"]:
        text += "\nThe oak door is locked."
    return text


def public(g):
    return {
        "location": ROOMS[g["room"]]["name"],
        "description": describe(g),
        "you_see": visible_items(g),
        "carrying": list(g["inventory"]),
        "lamp": "lit" if g["lamp_lit"] else "unlit",
        "score": g["score"],
        "max_score": FULL_SCORE,
        "moves": g["moves"],
        "finished": g["finished"],
    }


def act(g, line):
    """Returns (ok, text). Advances the move counter for every understood command."""
    line = " ".join(line.lower().split())
    if not line:
        return False, "Beg pardon?"
    if g["finished"]:
        return False, "The game is over. Start a new one to play again."
    words = line.split()
    verb, rest = words[0], " ".join(words[1:])
    if line.startswith("pick up "):
        verb, rest = "take", line[len("pick up "):]
    handler = VERBS.get(verb)
    if handler is None and verb in DIRECTIONS:
        handler, rest = do_go, verb
    if handler is None:
        return False, f"I don't know the word \"{verb}\"."
    ok, text = handler(g, rest)
    if ok:
        g["moves"] += 1
    return ok, text


def do_look(g, rest):
    return True, describe(g)


def do_go(g, rest):
    return move(g, DIRECTIONS[rest.split()[0]] if rest.split()[0] in DIRECTIONS else rest)


def move(g, direction):
    exits = ROOMS[g["room"]]["exits"]
    if direction not in exits:
        return False, "You can't go that way."
    target = exits[direction]
    if target == "study" and g["door_locked"]:
        return False, "The oak door is locked."
    g["room"] = target
    done = check_finished(g)
    return True, describe(g) + done


def check_finished(g):
    if g["room"] == "hall" and all(t in g["inventory"] for t in TREASURES):
        g["finished"] = True
        return f"\n\nYou carry all three treasures out into the grey morning. *** You have won *** (score {g['score']} of {FULL_SCORE})"
    return ""


def do_take(g, rest):
    if is_dark(g):
        return False, "You fumble around in the dark but find nothing."
    if _strip(rest) in ("all", "everything"):
        return False, "One thing at a time, please."
    name = _match(rest, visible_items(g))
    if name is None:
        if _match(rest, ITEMS) and _match(rest, g["inventory"]):
            return False, "You already have that."
        return False, "You don't see that here."
    if len(g["inventory"]) > CARRY_LIMIT:
        return False, "Your hands are full. You'll have to drop something first."
    if name in g["floor"][g["room"]]:
        g["floor"][g["room"]].remove(name)
    else:
        for box in g["containers"]:
            if name in g["containers"][box]:
                g["containers"][box].remove(name)
                break
    g["inventory"].append(name)
    text = "Taken."
    if name in TREASURES and name not in g["scored"]:
        g["scored"].append(name)
        g["score"] += TREASURES[name]
        text += f" [Your score went up by {TREASURES[name]} points.]"
    return True, text


def do_drop(g, rest):
    name = _match(rest, g["inventory"])
    if name is None:
        return False, "You aren't carrying that."
    g["inventory"].remove(name)
    if name == "brass lamp":
        g["lamp_lit"] = False
    g["floor"][g["room"]].append(name)
    return True, "Dropped." + check_finished(g)


def do_examine(g, rest):
    if is_dark(g):
        return False, "It's too dark to see."
    target = _strip(rest)
    name = _match(target, g["inventory"] + visible_items(g))
    if name:
        return True, ITEMS[name]
    box = _match(target, [b for b, r in CONTAINERS.items() if r == g["room"]])
    if box:
        if box not in g["open"]:
            return True, f"The {box} is closed."
        inside = g["containers"][box]
        return True, f"The {box} contains " + (", ".join(inside) if inside else "nothing") + "."
    scenery = ROOMS[g["room"]]["scenery"]
    key = _match(target, scenery)
    if key:
        return True, scenery[key]
    return False, "You see no such thing."


def _box_here(g, rest):
    return _match(rest, [b for b, r in CONTAINERS.items() if r == g["room"]])


def do_open(g, rest):
    if is_dark(g):
        return False, "It's too dark to see."
    if _match(rest, ["oak door"]) and g["room"] == "hall":
        return False, "It's locked." if g["door_locked"] else "It's already open."
    box = _box_here(g, rest)
    if box is None:
        return False, "You can't open that."
    if box in g["open"]:
        return False, "It's already open."
    g["open"].append(box)
    inside = g["containers"][box]
    return True, "Opened. " + (f"Inside you see: {', '.join(inside)}." if inside else "It's empty.")


def do_close(g, rest):
    box = _box_here(g, rest)
    if box is None or box not in g["open"]:
        return False, "That isn't something you can close."
    g["open"].remove(box)
    return True, "Closed."


def do_put(g, rest):
    if " in " not in f" {rest} ":
        return False, "Put it in what?"
    what, _, where = rest.partition(" in ")
    name = _match(what, g["inventory"])
    if name is None:
        return False, "You aren't carrying that."
    box = _box_here(g, where)
    if box is None or box not in g["open"]:
        return False, "You can't put anything there."
    g["containers"][box].append(name)
    if name == "brass lamp":
        g["lamp_lit"] = False
    return True, f"You put the {name} in the {box}."


def do_unlock(g, rest):
    what, _, key = rest.partition(" with ")
    if g["room"] != "hall" or not _match(what, ["oak door"]):
        return False, "There is nothing here to unlock."
    if not g["door_locked"]:
        return False, "It's already unlocked."
    if _match(key or "key", g["inventory"]) != "brass key":
        return False, "You have nothing that fits the lock."
    g["door_locked"] = False
    return True, "The brass key turns with a screech. The oak door is unlocked."


def do_light(g, rest):
    name = _match(rest, g["inventory"])
    if name != "brass lamp":
        return False, "You can't light that." if name else "You aren't carrying that."
    if g["lamp_lit"]:
        return False, "It's already lit."
    g["lamp_lit"] = True
    return True, "The brass lamp is now burning." + ("\n" + describe(g) if ROOMS[g["room"]].get("dark") else "")


def do_extinguish(g, rest):
    if _match(rest, g["inventory"]) != "brass lamp" or not g["lamp_lit"]:
        return False, "Nothing here is burning."
    g["lamp_lit"] = False
    return True, "The lamp is now out."


def do_inventory(g, rest):
    if not g["inventory"]:
        return True, "You are empty-handed."
    return True, "You are carrying: " + ", ".join(g["inventory"]) + "."


def do_score(g, rest):
    return True, f"Your score is {g['score']} of a possible {FULL_SCORE}, in {g['moves']} moves."


def do_save(g, rest):
    g["saved"] = {
        "room": g["room"],
        "inventory": list(g["inventory"]),
        "floor": {room: list(items) for room, items in g["floor"].items()},
        "containers": dict(g["containers"]),
        "open": list(g["open"]),
        "lamp_lit": g["lamp_lit"],
        "door_locked": g["door_locked"],
        "score": g["score"],
        "scored": list(g["scored"]),
    }
    return True, "Saved."


def do_restore(g, rest):
    saved = g["saved"]
    if saved is None:
        return False, "There is no saved position."
    for key, value in saved.items():
        g[key] = value.copy() if isinstance(value, list | dict) else value
    return True, "Restored.\n" + describe(g)


def do_help(g, rest):
    return True, HELP


VERBS = {
    "look": do_look, "l": do_look, "go": do_go, "walk": do_go,
    "take": do_take, "get": do_take, "drop": do_drop,
    "examine": do_examine, "x": do_examine, "open": do_open, "close": do_close, "put": do_put,
    "unlock": do_unlock, "light": do_light, "extinguish": do_extinguish,
    "inventory": do_inventory, "i": do_inventory, "score": do_score,
    "save": do_save, "restore": do_restore, "help": do_help,
}  # fmt: skip
