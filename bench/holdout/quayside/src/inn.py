"""Quayside Inn: the front desk of a small harbour inn, a few nights at a time.

The whole game lives in one plain dict (``state``) so the server can hand it out as JSON as it is.
Money is kept in pence; messages print it in pounds.
"""

from __future__ import annotations

import copy

LAST_NIGHT = 3
OPENING_FLOAT = 10000
TARGET = 55000
BREAKFAST = 850          # per person, per order
BOAT_HIRE = 2500         # per boat, per night
BOATS_PER_NIGHT = 2
CLEANS_PER_NIGHT = 2
GOODWILL = 1000          # credit given when a complaint is resolved

ROOMS = [
    {"id": "R11", "kind": "single", "capacity": 1, "ratePence": 4800, "status": "clean"},
    {"id": "R12", "kind": "double", "capacity": 2, "ratePence": 7200, "status": "clean"},
    {"id": "R14", "kind": "twin", "capacity": 2, "ratePence": 6800, "status": "clean"},
    {"id": "R21", "kind": "family", "capacity": 4, "ratePence": 9600, "status": "dirty"},
    {"id": "R22", "kind": "sea-view double", "capacity": 2, "ratePence": 8800, "status": "clean"},
]

BOOKINGS = [
    {"id": "G-001", "name": "Mrs. Okafor", "partySize": 2, "arrivalNight": 1, "departureNight": 3},
    {"id": "G-002", "name": "Mr. Haddad", "partySize": 1, "arrivalNight": 1, "departureNight": 2},
    {"id": "G-003", "name": "Dr. Lindqvist", "partySize": 3, "arrivalNight": 1, "departureNight": 2},
    {"id": "G-004", "name": "Ms. Pereira", "partySize": 2, "arrivalNight": 2, "departureNight": 3},
    {"id": "G-005", "name": "Capt. Murray", "partySize": 1, "arrivalNight": 2, "departureNight": 3},
]

COMPLAINTS = [
    # raised at the audit closing `night`, when the guest is in the house
    {"night": 1, "guestId": "G-001", "text": "the radiator rattled all night"},
]

HELP_ROWS = [
    ("/help", "show this table"),
    ("/desk", "tonight's arrivals, departures and the drawer"),
    ("/rooms", "every room with its size, rate and status"),
    ("/guests", "every guest and where they are"),
    ("/checkin G-001 R12", "check a guest into a clean room"),
    ("/checkout G-001", "settle the bill into the drawer and free the room"),
    ("/move G-001 R22", "move a checked-in guest to another clean room"),
    ("/bill G-001", "show a guest's bill"),
    ("/extra G-001 breakfast", "breakfast for the whole party"),
    ("/extra G-001 boat", "hire a boat for the night"),
    ("/clean R21", "send the cleaner to a dirty room"),
    ("/rota", "tonight's cleaning rota"),
    ("/complaints", "list complaints"),
    ("/resolve C-1", "settle a complaint with a goodwill credit"),
    ("/drawer", "count the cash drawer"),
    ("/endnight", "run the night audit and move to the next night"),
]


def money(pence: int) -> str:
    sign = "-" if pence < 0 else ""
    pence = abs(pence)
    return f"{sign}£{pence // 100}.{pence % 100:02d}"


def help_text() -> str:
    width = max(len(cmd) for cmd, _ in HELP_ROWS) + 3
    lines = ["Command".ljust(width) + "What it does", "-------".ljust(width) + "------------"]
    lines += [cmd.ljust(width) + what for cmd, what in HELP_ROWS]
    return "\n".join(lines)


def new_state() -> dict:
    rooms = [dict(room, occupantId=None) for room in ROOMS]
    guests = [
        dict(booking, status="expected", roomId=None, charges=[], creditsPence=0, nightsPosted=0)
        for booking in BOOKINGS
    ]
    return {
        "inn": "Quayside Inn",
        "night": 1,
        "lastNight": LAST_NIGHT,
        "drawerPence": OPENING_FLOAT,
        "targetPence": TARGET,
        "rooms": rooms,
        "guests": guests,
        "rota": [],
        "cleansPerNight": CLEANS_PER_NIGHT,
        "boatsPerNight": BOATS_PER_NIGHT,
        "boatsOut": 0,
        "complaints": [],
        "gameOver": False,
        "won": False,
    }


def opening_message(state: dict) -> str:
    return (
        "Welcome to the front desk of the Quayside Inn. "
        f"You have {state['lastNight']} nights to run. Close the last night with every guest "
        f"checked out and at least {money(state['targetPence'])} in the drawer. Type /help for the commands.\n\n"
        + desk(state)
    )


class Refusal(Exception):
    """A command the desk cannot carry out; the message says why."""


def _find(items: list[dict], ident: str, what: str) -> dict:
    ident = ident.upper()
    for item in items:
        if item["id"] == ident:
            return item
    raise Refusal(f"There is no {what} {ident}.")


def guest(state: dict, ident: str) -> dict:
    return _find(state["guests"], ident, "guest")


def room(state: dict, ident: str) -> dict:
    return _find(state["rooms"], ident, "room")


def bill_total(g: dict) -> int:
    return sum(c["amountPence"] for c in g["charges"]) - g["creditsPence"]


def _charge(state: dict, g: dict, item: str, amount: int) -> None:
    g["charges"].append({"night": state["night"], "item": item, "amountPence": amount})


def _need(args: list[str], count: int, usage: str) -> None:
    if len(args) < count:
        raise Refusal(f"Usage: {usage}")


# ---------------------------------------------------------------- commands

def cmd_help(state, args):
    return help_text()


def desk(state, args=None):
    night = state["night"]
    arrivals = [g for g in state["guests"] if g["status"] == "expected" and g["arrivalNight"] <= night]
    departures = [g for g in state["guests"] if g["status"] == "in" and g["departureNight"] <= night]
    lines = [f"Night {night} of {state['lastNight']}. Drawer: {money(state['drawerPence'])} "
             f"(target {money(state['targetPence'])})."]
    lines.append("Arrivals: " + (", ".join(f"{g['id']} {g['name']} (party of {g['partySize']})"
                                            for g in arrivals) or "none"))
    lines.append("Due out: " + (", ".join(f"{g['id']} {g['name']} in {g['roomId']}" for g in departures)
                                or "none"))
    open_complaints = [c for c in state["complaints"] if c["status"] == "open"]
    if open_complaints:
        lines.append(f"Open complaints: {len(open_complaints)} (see /complaints).")
    return "\n".join(lines)


def cmd_rooms(state, args):
    lines = []
    for r in state["rooms"]:
        where = r["status"]
        if r["status"] == "occupied":
            where = f"occupied by {guest(state, r['occupantId'])['name']}"
        lines.append(f"{r['id']}  {r['kind']:<16} sleeps {r['capacity']}  {money(r['ratePence']):>7}/night  {where}")
    return "\n".join(lines)


def cmd_guests(state, args):
    lines = []
    for g in state["guests"]:
        where = {"expected": f"expected night {g['arrivalNight']}",
                 "in": f"in {g['roomId']}, due out night {g['departureNight']}",
                 "out": "checked out"}[g["status"]]
        lines.append(f"{g['id']}  {g['name']:<14} party of {g['partySize']}  {where}")
    return "\n".join(lines)


def cmd_checkin(state, args):
    _need(args, 2, "/checkin G-001 R12")
    g, r = guest(state, args[0]), room(state, args[1])
    if g["status"] == "in":
        raise Refusal(f"{g['name']} is already in {g['roomId']}.")
    if g["status"] == "out":
        raise Refusal(f"{g['name']} has already checked out.")
    if g["arrivalNight"] > state["night"]:
        raise Refusal(f"{g['name']} is not booked in until night {g['arrivalNight']}.")
    if r["status"] != "clean":
        raise Refusal(f"{r['id']} is {r['status']}; it must be clean before anyone goes in.")
    if r["capacity"] < g["partySize"]:
        raise Refusal(f"{r['id']} sleeps {r['capacity']}; {g['name']}'s party is {g['partySize']}.")
    r["status"], r["occupantId"] = "occupied", g["id"]
    g["status"], g["roomId"] = "in", r["id"]
    return (f"{g['name']} checked into {r['id']} ({r['kind']}, {money(r['ratePence'])} a night), "
            f"due out night {g['departureNight']}.")


def cmd_move(state, args):
    _need(args, 2, "/move G-001 R22")
    g, r = guest(state, args[0]), room(state, args[1])
    if g["status"] != "in":
        raise Refusal(f"{g['name']} is not staying with us right now.")
    if r["id"] == g["roomId"]:
        raise Refusal(f"{g['name']} is already in {r['id']}.")
    if r["status"] != "clean":
        raise Refusal(f"{r['id']} is {r['status']}; it must be clean before anyone goes in.")
    if r["capacity"] < g["partySize"]:
        raise Refusal(f"{r['id']} sleeps {r['capacity']}; {g['name']}'s party is {g['partySize']}.")
    old = room(state, g["roomId"])
    old["status"] = "dirty"
    r["status"], r["occupantId"] = "occupied", g["id"]
    g["roomId"] = r["id"]
    return f"{g['name']} moved from {old['id']} to {r['id']} ({money(r['ratePence'])} a night). {old['id']} needs cleaning."


def cmd_checkout(state, args):
    _need(args, 1, "/checkout G-001")
    g = guest(state, args[0])
    if g["status"] != "in":
        raise Refusal(f"{g['name']} is not checked in.")
    if g["departureNight"] > state["night"]:
        raise Refusal(f"{g['name']} is booked until night {g['departureNight']}.")
    if any(c["guestId"] == g["id"] and c["status"] == "open" for c in state["complaints"]):
        raise Refusal(f"{g['name']} won't settle until the complaint is dealt with.")
    total = bill_total(g)
    state["drawerPence"] += sum(c["amountPence"] for c in g["charges"])
    r = room(state, g["roomId"])
    r["status"], r["occupantId"] = "dirty", None
    g["status"], g["roomId"] = "out", None
    return (f"{g['name']} paid {money(total)} and checked out. {r['id']} needs cleaning. "
            f"Drawer: {money(state['drawerPence'])}.")


def cmd_bill(state, args):
    _need(args, 1, "/bill G-001")
    g = {x["id"]: x for x in state["guests"]}[args[0].upper()]
    lines = [f"Bill for {g['name']} ({g['id']}):"]
    for c in g["charges"]:
        lines.append(f"  night {c['night']}  {c['item']:<12} {money(c['amountPence']):>8}")
    if g["creditsPence"]:
        lines.append(f"  goodwill credit       {money(-g['creditsPence']):>8}")
    lines.append(f"  total                 {money(bill_total(g)):>8}")
    return "\n".join(lines)


def _breakfast(state, g):
    amount = BREAKFAST * g["partySize"]
    _charge(state, g, "breakfast", amount)
    return f"Breakfast for {g['partySize']} added to {g['name']}'s bill: {money(BREAKFAST)}."


def _boat(state, g):
    if state["boatsOut"] > BOATS_PER_NIGHT:
        raise Refusal(f"All {BOATS_PER_NIGHT} boats are out tonight.")
    state["boatsOut"] += 1
    _charge(state, g, "boat hire", BOAT_HIRE)
    return f"Boat hired for {g['name']}: {money(BOAT_HIRE)} on the bill. Boats out tonight: {state['boatsOut']}."


EXTRAS = {"breakfast": _breakfast, "boat": _boat}


def cmd_extra(state, args):
    _need(args, 2, "/extra G-001 breakfast|boat")
    g = guest(state, args[0])
    if g["status"] != "in":
        raise Refusal(f"Extras go on a room bill; {g['name']} is not checked in.")
    extra = EXTRAS.get(args[1].lower())
    if extra is None:
        raise Refusal(f"We don't offer '{args[1]}'. Extras are breakfast and boat.")
    return extra(state, g)


def cmd_clean(state, args):
    _need(args, 1, "/clean R21")
    r = room(state, args[0])
    if r["status"] != "dirty":
        raise Refusal(f"{r['id']} is {r['status']}; nothing to clean.")
    used = [e for e in state["rota"] if e["night"] == state["night"]]
    if len(used) >= CLEANS_PER_NIGHT:
        raise Refusal(f"The cleaner has done {CLEANS_PER_NIGHT} rooms tonight; the rest wait for tomorrow.")
    state["rota"].append({"night": state["night"], "roomId": r["id"]})
    r["status"] = "clean"
    return f"{r['id']} is clean. Cleans left tonight: {CLEANS_PER_NIGHT - len(used) - 1}."


def cmd_rota(state, args):
    tonight = [e["roomId"] for e in state["rota"] if e["night"] == state["night"]]
    dirty = [r["id"] for r in state["rooms"] if r["status"] == "dirty"]
    return (f"Cleaned tonight: {', '.join(tonight) or 'none'} ({len(tonight)} of {CLEANS_PER_NIGHT}).\n"
            f"Dirty rooms: {', '.join(dirty) or 'none'}.")


def cmd_complaints(state, args):
    if not state["complaints"]:
        return "No complaints. Long may it last."
    return "\n".join(f"{c['id']}  {guest(state, c['guestId'])['name']}: {c['text']} ({c['status']})"
                     for c in state["complaints"])


def cmd_resolve(state, args):
    _need(args, 1, "/resolve C-1")
    c = _find(state["complaints"], args[0], "complaint")
    if c["status"] != "open":
        raise Refusal(f"{c['id']} is already resolved.")
    g = guest(state, c["guestId"])
    c["status"] = "resolved"
    g["creditsPence"] += GOODWILL
    return f"{c['id']} resolved: {money(GOODWILL)} goodwill credit on {g['name']}'s bill."


def cmd_drawer(state, args):
    return f"Drawer: {money(state['drawerPence'])}. Target for the last night: {money(state['targetPence'])}."


def cmd_endnight(state, args):
    night = state["night"]
    lines = [f"Night audit for night {night}:"]
    for g in state["guests"]:
        if g["status"] == "in" and g["nightsPosted"] < g["departureNight"] - g["arrivalNight"]:
            r = room(state, g["roomId"])
            _charge(state, g, f"room {r['id']}", r["ratePence"])
            g["nightsPosted"] += 1
            lines.append(f"  {g['name']}: {r['id']} {money(r['ratePence'])}")
    if night >= state["lastNight"]:
        still_in = [g for g in state["guests"] if g["status"] != "out"]
        state["gameOver"] = True
        state["won"] = not still_in and state["drawerPence"] >= state["targetPence"]
        if state["won"]:
            lines.append(f"The season's done. Everyone's settled and the drawer holds {money(state['drawerPence'])}. "
                         "You win!")
        else:
            why = []
            if still_in:
                why.append(f"{len(still_in)} guest(s) never checked out")
            if state["drawerPence"] < state["targetPence"]:
                why.append(f"the drawer holds {money(state['drawerPence'])}, short of "
                           f"{money(state['targetPence'])}")
            lines.append("The inn closes, but " + " and ".join(why) + ". Game over.")
        return "\n".join(lines)
    state["night"] = night + 1
    state["boatsOut"] = 0
    for n, spec in enumerate(COMPLAINTS, start=1):
        g = guest(state, spec["guestId"])
        if spec["night"] == night and g["status"] == "in":
            state["complaints"].append({"id": f"C-{n}", "guestId": g["id"], "text": spec["text"],
                                        "status": "open"})
            lines.append(f"At breakfast {g['name']} complains: {spec['text']}. (C-{n})")
    lines.append("")
    lines.append(desk(state))
    return "\n".join(lines)


COMMANDS = {
    "help": cmd_help, "desk": desk, "rooms": cmd_rooms, "guests": cmd_guests,
    "checkin": cmd_checkin, "checkout": cmd_checkout, "move": cmd_move, "bill": cmd_bill,
    "extra": cmd_extra, "clean": cmd_clean, "rota": cmd_rota, "complaints": cmd_complaints,
    "resolve": cmd_resolve, "drawer": cmd_drawer, "endnight": cmd_endnight,
}

READ_ONLY = {"help", "desk", "rooms", "guests", "bill", "rota", "complaints", "drawer"}


def run_command(state: dict, text: str) -> tuple[bool, str]:
    """Carry out one slash command on `state` (in place). Returns (success, message)."""
    words = text.strip().split()
    if not words or not words[0].startswith("/") or len(words[0]) == 1:
        return False, "Desk commands start with a slash, like /help."
    name, args = words[0][1:].lower(), words[1:]
    handler = COMMANDS.get(name)
    if handler is None:
        return False, f"Unknown command /{name}. Type /help for the list."
    if state["gameOver"] and name not in READ_ONLY:
        return False, "The inn has closed for the season. Start a new game to play again."
    draft = copy.deepcopy(state)
    try:
        message = handler(draft, args)
    except Refusal as refusal:
        return False, str(refusal)
    state.clear()
    state.update(draft)
    return True, message
