"""Fogbell: one night on the Skerry Point light, served over the GBQA agent API with Microdot.

Run with `python server.py`; the port comes from FOGBELL_PORT (default 8080), the address from HOST.
The rules and every number used here are written down in RULES.md.
"""

import itertools
import json
import os
import re

from microdot import Microdot

START_HOUR = 20  # the watch is taken at 20:00
SHIFT_HOURS = 10  # and handed over at dawn, 06:00
TASKS_PER_HOUR = 3

LAMP_CAPACITY = 6
START_LAMP_OIL = 3
CAN_CAPACITY = 4
START_CELLAR = 8
START_MATCHES = 3
CLOCKWORK_FULL = 6
START_CLOCKWORK = 2
DIM_SOOT = 3
BURN_CLEAR = 1
BURN_FOG = 2
FOG_HOURS = (3, 4, 5)
TENDER_HOUR = 5
TENDER_OIL = 6
NOTE_LIMIT = 80
STAIRS = 117

SHIPS = (
    ("Mary Tolland", 1),
    ("Gannet", 4),
    ("Northern Star", 7),
    ("Hesper", 9),
)

HELP = """Fogbell: keep the Skerry Point light through the night, 20:00 to 06:00.

Every ship due on your watch must round the point safely. Each hour you have time
for 3 tasks; `wait` ends the hour.

Tasks (each takes one of the hour's 3):
  light            strike a match and light the lamp
  carry [pints]    carry oil up from the cellar in the can (a full can if no amount)
  fill             pour the can into the lamp's reservoir
  trim             trim the sooty wick so the beam burns bright
  wind             crank the clockwork weights to the top so the lens keeps turning
  ring             ring the fog bell

Free:
  wait             let the hour pass (oil burns, ships go by)
  look             the lamp, the lens, your stores and the next ship
  logbook [hh:00]  read the logbook page for an hour (this hour if none given)
  note <text>      write a line in this hour's page
  help             this text

The rules and all their numbers are in RULES.md."""


def clock_label(hour):
    return f"{(START_HOUR + hour) % 24:02d}:00"


def beam_of(lamp):
    if not lamp["lit"]:
        return "dark"
    if lamp["soot"] >= DIM_SOOT:
        return "dim"
    return "bright"


def plural(count, word="pint", many=None):
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


class Shift:
    """One keeper's night: the state the API shows, plus the logbook's pages."""

    def __init__(self):
        self.turn = 0
        self.state = {
            "clock": {
                "time": clock_label(0),
                "hour": 0,
                "hours_left": SHIFT_HOURS,
                "tasks_left": TASKS_PER_HOUR,
                "weather": "clear",
            },
            "lamp": {
                "lit": False,
                "oil": START_LAMP_OIL,
                "capacity": LAMP_CAPACITY,
                "soot": 0,
                "beam": "dark",
            },
            "lens": {"wound_hours": START_CLOCKWORK, "turning": True},
            "bell": {"rung_this_hour": False, "rings": 0},
            "stores": {"cellar": START_CELLAR, "can": 0, "matches": START_MATCHES},
            "ships": [
                {"name": name, "due": clock_label(hour), "status": "expected"} for name, hour in SHIPS
            ],
            "logbook": {"pages": 1, "notes": 0},
            "shift": {"over": False, "won": False, "wrecks": 0},
        }
        self.pages = [[f"{clock_label(0)}  Took the watch. Clear sky, the lamp cold."]]
        self.commands = {
            "help": self.cmd_help,
            "look": self.cmd_look,
            "light": self.cmd_light,
            "carry": self.cmd_carry,
            "fill": self.cmd_fill,
            "trim": self.cmd_trim,
            "wind": self.cmd_wind,
            "ring": self.cmd_ring,
            "wait": self.cmd_wait,
            "logbook": self.cmd_logbook,
            "note": self.cmd_note,
        }

    # -- helpers -------------------------------------------------------------------------------

    @property
    def over(self):
        return self.state["shift"]["over"]

    def refresh(self):
        self.state["lamp"]["beam"] = beam_of(self.state["lamp"])
        self.state["lens"]["turning"] = self.state["lens"]["wound_hours"] > 0

    def write(self, line):
        self.pages[self.state["clock"]["hour"]].append(f"  {line}")
        self.state["logbook"]["pages"] = len(self.pages)

    def take_task(self):
        clock = self.state["clock"]
        if clock["tasks_left"] <= 0:
            return False
        clock["tasks_left"] -= 1
        return True

    def ship_due(self, hour):
        for ship in self.state["ships"]:
            if ship["due"] == clock_label(hour) and ship["status"] == "expected":
                return ship
        return None

    def welcome(self):
        return (
            "You climb the 117 steps of the Skerry Point light as the sun goes down. It is 20:00; "
            "four ships are due past the reef before dawn and the lamp is still cold.\n"
            "Type `help` for what a keeper can do."
        )

    # -- the command loop ----------------------------------------------------------------------

    def run(self, text):
        self.turn += 1
        words = text.strip().split(None, 1)
        if not words:
            return False, "The wind howls. Type `help` for what a keeper can do."
        verb = words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        if verb in ("?", "h"):
            verb = "help"
        if verb in ("status", "l"):
            verb = "look"
        handler = self.commands.get(verb)
        if handler is None:
            return False, f"A keeper doesn't '{verb}'. Type `help` for the list of tasks."
        if self.over and verb not in ("help", "look", "logbook"):
            return False, "Your shift is over. Start a new game to keep another night."
        needs_task = verb in ("light", "carry", "fill", "trim", "wind", "ring")
        if needs_task and self.state["clock"]["tasks_left"] <= 0:
            return False, "There is no time left this hour for another task. `wait` for the next hour."
        return handler(rest)

    # -- free commands -------------------------------------------------------------------------

    def cmd_help(self, rest):
        return True, HELP

    def cmd_look(self, rest):
        s = self.state
        clock, lamp, lens, stores = s["clock"], s["lamp"], s["lens"], s["stores"]
        lines = [
            f"{clock['time']}, {clock['weather']}. {plural(clock['tasks_left'], 'task')} left this hour, "
            f"{plural(clock['hours_left'], 'hour')} to dawn.",
            f"Lamp: {'lit' if lamp['lit'] else 'unlit'}, {lamp['oil']}/{LAMP_CAPACITY} pints, "
            f"wick soot {lamp['soot']} (beam {beam_of(lamp)}).",
            f"Lens: wound for {plural(lens['wound_hours'], 'hour')}"
            f" ({'turning' if lens['wound_hours'] > 0 else 'stopped'}).",
            f"Stores: cellar {plural(stores['cellar'])}, can {stores['can']}/{CAN_CAPACITY}, "
            f"{plural(stores['matches'], 'match', 'matches')}.",
        ]
        upcoming = [ship for ship in s["ships"] if ship["status"] == "expected"]
        if upcoming:
            lines.append(f"Next ship: the {upcoming[0]['name']}, due {upcoming[0]['due']}.")
        else:
            lines.append("No more ships are due tonight.")
        if self.over:
            lines.append("The shift is over: " + ("you kept the light." if s["shift"]["won"] else "a ship was lost."))
        return True, "\n".join(lines)

    def cmd_logbook(self, rest):
        if not rest:
            index = self.state["clock"]["hour"]
        else:
            match = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?", rest)
            if not match or int(match.group(1)) > 23 or int(match.group(2) or 0) > 59:
                return False, "Which hour? Give it as on the clock, e.g. `logbook 23:00`."
            index = (int(match.group(1)) - START_HOUR) % 24
            if index > SHIFT_HOURS:
                return False, f"{clock_label(index)} is not on the night watch (20:00 to 06:00)."
        page = self.pages[index]
        return True, f"Logbook, {clock_label(index)}:\n" + "\n".join(page)

    def cmd_note(self, rest):
        if not rest:
            return False, "Write what? For example `note breakers heard to the north`."
        if len(rest) > NOTE_LIMIT:
            return False, f"That won't fit on one line of the logbook ({NOTE_LIMIT} characters at most)."
        self.write(f"note: {rest}")
        self.state["logbook"]["notes"] += 1
        return True, f"You write in the logbook under {self.state['clock']['time']}: \"{rest}\""

    # -- tasks ---------------------------------------------------------------------------------

    def cmd_light(self, rest):
        lamp, stores = self.state["lamp"], self.state["stores"]
        if lamp["lit"]:
            return False, "The lamp is already burning."
        if lamp["oil"] <= 0:
            return False, "The reservoir is dry. Fill it before you waste a match."
        if stores["matches"] <= 0:
            return False, "Your matchbox is empty."
        self.take_task()
        stores["matches"] -= 1
        lamp["lit"] = True
        self.refresh()
        self.write("lit the lamp")
        return True, (
            f"You strike a match and the wick takes. The beam sweeps out over the water "
            f"({plural(stores['matches'], 'match', 'matches')} left)."
        )

    def cmd_carry(self, rest):
        stores = self.state["stores"]
        room = CAN_CAPACITY - stores["can"]
        if stores["cellar"] <= 0:
            return False, "The cellar is out of oil."
        if rest:
            match = re.fullmatch(r"(\d+)(?:\s+pints?)?", rest.lower())
            if not match:
                return False, "Carry how many pints? For example `carry 3`."
            amount = int(match.group(1))
        else:
            amount = min(room, stores["cellar"])
        if amount <= 0:
            return False, "The can is already full." if room <= 0 else "Carry at least one pint."
        if amount > CAN_CAPACITY:
            return False, f"The can holds only {CAN_CAPACITY} pints."
        if amount > stores["cellar"]:
            return False, f"There is only {plural(stores['cellar'])} left in the cellar."
        self.take_task()
        stores["cellar"] -= amount
        stores["can"] += amount
        self.write(f"carried {plural(amount)} up from the cellar")
        return True, (
            f"You carry {plural(amount)} of oil up the {STAIRS} steps. "
            f"The can holds {plural(stores['can'])}; {plural(stores['cellar'])} left in the cellar."
        )

    def cmd_fill(self, rest):
        lamp, stores = self.state["lamp"], self.state["stores"]
        if stores["can"] <= 0:
            return False, "The can is empty. Carry oil up from the cellar first."
        space = LAMP_CAPACITY - lamp["oil"]
        if space <= 0:
            return False, "The reservoir is already full."
        self.take_task()
        poured = min(stores["can"], space)
        lamp["oil"] += poured
        stores["can"] = 0
        self.write(f"filled the lamp with {plural(poured)}")
        message = f"You pour {plural(poured)} into the reservoir; it holds {lamp['oil']} of {LAMP_CAPACITY}."
        if stores["can"]:
            message += f" {plural(stores['can'])} stay in the can."
        return True, message

    def cmd_trim(self, rest):
        lamp = self.state["lamp"]
        if lamp["soot"] <= 0:
            return False, "The wick is already clean."
        self.take_task()
        lamp["soot"] = 0
        self.write("trimmed the wick")
        if lamp["lit"]:
            return True, "You trim the charred wick square. The flame stands up clean and tall."
        return True, "You trim the charred wick square, ready for lighting."

    def cmd_wind(self, rest):
        lens = self.state["lens"]
        if lens["wound_hours"] >= CLOCKWORK_FULL:
            return False, "The weights are already at the top of the tower."
        self.take_task()
        added = CLOCKWORK_FULL - lens["wound_hours"]
        lens["wound_hours"] = CLOCKWORK_FULL
        self.refresh()
        self.write("wound the clockwork")
        return True, (
            f"You crank the weights back up the tower. The lens will keep turning for the next "
            f"{plural(added, 'hour')}."
        )

    def cmd_ring(self, rest):
        bell = self.state["bell"]
        self.take_task()
        bell["rung_this_hour"] = True
        bell["rings"] += 1
        self.write("rang the fog bell")
        if self.state["clock"]["weather"] == "fog":
            return True, "You haul on the rope and the fog bell booms out across the water."
        return True, "The bell clangs out over a clear sea. The gulls take off in a fright."

    def cmd_wait(self, rest):
        messages = self.end_hour()
        return True, "\n".join(messages)

    # -- the hour ------------------------------------------------------------------------------

    def end_hour(self):
        s = self.state
        clock, lamp, lens, bell, stores = s["clock"], s["lamp"], s["lens"], s["bell"], s["stores"]
        hour = clock["hour"]
        fog = clock["weather"] == "fog"
        messages = [f"The hour from {clock['time']} passes."]

        burned = 0
        if lamp["lit"]:
            burned = min(BURN_FOG if fog else BURN_CLEAR, lamp["oil"])
            lamp["oil"] -= burned
            if lamp["oil"] <= 0:
                lamp["lit"] = False
                messages.append("The last of the oil burns away and the lamp gutters out.")

        ship = self.ship_due(hour)
        if ship is not None:
            faults = []
            if not lamp["lit"]:
                faults.append("the tower was dark")
            elif beam_of(lamp) == "dim":
                faults.append("the sooty beam was too dim to see")
            if lens["wound_hours"] <= 0:
                faults.append("the lens stood still and the light could not be told from a cottage window")
            if fog and not bell["rung_this_hour"]:
                faults.append("no bell sounded in the fog")
            if faults:
                ship["status"] = "wrecked"
                s["shift"]["wrecks"] += 1
                s["shift"]["over"] = True
                messages.append(f"The {ship['name']} runs onto the Skerries: {'; '.join(faults)}.")
                self.write(f"the {ship['name']} WRECKED on the Skerries")
            else:
                ship["status"] = "passed"
                messages.append(f"The {ship['name']} rounds the point safely, her lights winking a thank-you.")
                self.write(f"the {ship['name']} passed safely")

        if burned:
            lamp["soot"] += 1
        if lens["wound_hours"] > 0:
            lens["wound_hours"] -= 1
            if lens["wound_hours"] == 0:
                messages.append("The clockwork weights reach the floor and the lens stops turning.")
        self.write(f"burned {plural(burned)}; {plural(lamp['oil'])} left in the lamp")
        self.refresh()

        if s["shift"]["over"]:
            messages.append("Your shift ends in disgrace. Start a new game to try the night again.")
            return messages

        hour += 1
        clock["hour"] = hour
        clock["hours_left"] = SHIFT_HOURS - hour
        clock["time"] = clock_label(hour)
        if hour >= SHIFT_HOURS:
            s["shift"]["over"] = True
            s["shift"]["won"] = True
            clock["tasks_left"] = 0
            self.pages.append([f"{clock['time']}  Dawn. Handed the light over to the relief keeper."])
            s["logbook"]["pages"] = len(self.pages)
            messages.append(
                "Dawn breaks at 06:00 and the relief keeper climbs the stairs. Every ship passed safely: "
                "you kept the light."
            )
            return messages

        clock["tasks_left"] = TASKS_PER_HOUR
        now_fog = hour in FOG_HOURS
        if now_fog and not fog:
            bell["rung_this_hour"] = False
            messages.append("Fog rolls in off the sea. Ring the fog bell every hour it lies.")
        elif fog and not now_fog:
            messages.append("The fog lifts and the stars come out.")
        elif now_fog:
            messages.append("The fog still lies thick on the water.")
        clock["weather"] = "fog" if now_fog else "clear"

        self.pages.append([f"{clock['time']}  {clock['weather'].capitalize()}."])
        s["logbook"]["pages"] = len(self.pages)
        if hour == TENDER_HOUR:
            stores["cellar"] += TENDER_OIL
            messages.append(f"The supply tender ties up below and leaves {plural(TENDER_OIL)} of oil in the cellar.")
            self.write(f"tender delivered {plural(TENDER_OIL)}")

        messages.append(f"It is {clock['time']}. You have time for {plural(TASKS_PER_HOUR, 'task')} this hour.")
        upcoming = self.ship_due(hour)
        if upcoming is not None:
            messages.append(f"The {upcoming['name']} is due past the point this hour.")
        return messages


# -- HTTP --------------------------------------------------------------------------------------

app = Microdot()
shifts = {}
_ids = itertools.count(1)


def _json_body(request):
    try:
        data = json.loads(request.body.decode("utf-8") or "null")
    except (ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


@app.get("/healthz")
async def healthz(request):
    return {"status": "ok", "game": "fogbell"}


@app.post("/api/agent/new")
async def new_game(request):
    game_id = f"fogbell-{next(_ids):05d}"
    shift = Shift()
    shifts[game_id] = shift
    return {"game_id": game_id, "message": shift.welcome(), "state": shift.state}


@app.post("/api/agent/command")
async def command(request):
    data = _json_body(request)
    if data is None:
        return {"error": "send a JSON object with game_id and command"}, 400
    game_id, text = data.get("game_id"), data.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return {"error": "game_id and command must both be strings"}, 400
    shift = shifts.get(game_id)
    if shift is None:
        return {"error": f"no game {game_id!r}"}, 404
    success, message = shift.run(text)
    return {
        "success": success,
        "message": message,
        "state": shift.state,
        "game_over": shift.over,
        "turn": shift.turn,
    }


@app.get("/api/agent/state/<game_id>")
async def state(request, game_id):
    shift = shifts.get(game_id)
    if shift is None:
        return {"error": f"no game {game_id!r}"}, 404
    return {"game_id": game_id, "state": shift.state}


if __name__ == "__main__":
    app.run(host=os.environ.get("HOST", "127.0.0.1"), port=int(os.environ.get("FOGBELL_PORT", "8080")))
