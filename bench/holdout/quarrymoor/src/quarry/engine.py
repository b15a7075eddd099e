"""One investigation: the detective, the clock, the casebook and the commands that move them."""

from __future__ import annotations

from dataclasses import dataclass

from quarry import story
from quarry.story import CLUES, ITEMS, PEOPLE, PLACES

HELP = """\
QUARRYMOOR -- what you can do

  Getting about
    look                       where you are, who is here, what lies about (free)
    go <place>                 walk to a neighbouring place (1 hour)
    rest                       end the day and sleep at the Drover's Rest

  Asking questions
    ask <person> about <topic> put a question to someone here (1 hour)
    show <item> to <person>    let someone here see something you carry (1 hour)
    give <item> to <person>    hand something over for good (free)

  Looking closely
    examine <thing>            search a feature of this place (1 hour), or
                               look at something you carry (free). Short: x
    take <item> / drop <item>  pick up or put down (free)
    buy <item>                 buy ale or a lamp from Martha at the inn (free)

  Keeping track
    satchel                    what you carry and your purse (also: inventory, i)
    casebook                   your notes so far (also: notes)
    time                       the day and the hour
    accuse <person>            send Constable Yeo to make an arrest (1 hour)
    help                       this list

  Places: inn, cottages, office, floor, store, ledge.
  The day runs 08:00 to 18:00. You have until the end of day 3."""

INTRO = (
    "QUARRYMOOR\n\n"
    "Silas Redfern, foreman of the Quarrymoor granite works, was found dead on Monday morning at "
    "the foot of the north face. The coroner says he fell. His widow says he was pushed, and she "
    "has sent for you.\n\n"
    "The county inspector comes up from Exeter in three days' time and will close the matter as "
    "an accident. Until then the case is yours. Constable Yeo will make an arrest when your "
    "casebook holds enough against one person.\n\n"
    "Type `help` for what you can do."
)


@dataclass
class Reply:
    success: bool
    message: str


def _clean(text: str) -> str:
    words = text.lower().replace(",", " ").replace(".", " ").split()
    while words and words[0] in ("the", "a", "an", "to", "mr", "mrs"):
        words = words[1:]
    return " ".join(words)


class Investigation:
    """The whole state of one game, and the rules that change it."""

    def __init__(self) -> None:
        self.day = 1
        self.hour = story.DAY_STARTS
        self.location = "inn"
        self.purse = story.START_PURSE
        self.satchel: list[str] = []
        self.ground: dict[str, list[str]] = {key: [] for key in PLACES}
        self.searched: list[str] = []
        self.casebook: list[dict] = []
        self.suspects = {
            key: {"name": PEOPLE[key].name, "entries": 0} for key in story.SUSPECTS
        }
        self.met: list[str] = []
        self.given: dict[str, int] = {}
        self.status = "open"
        self.arrested: str | None = None
        self.turn = 0

    # ------------------------------------------------------------------ state

    @property
    def over(self) -> bool:
        return self.status != "open"

    def state(self) -> dict:
        return {
            "case": {
                "status": self.status,
                "solved": self.status == "solved",
                "arrested": self.arrested,
            },
            "clock": {"day": self.day, "hour": self.hour, "last_day": story.LAST_DAY},
            "detective": {
                "location": self.location,
                "purse": self.purse,
                "satchel": list(self.satchel),
            },
            "ground": {key: list(items) for key, items in self.ground.items()},
            "casebook": [dict(entry) for entry in self.casebook],
            "suspects": {key: dict(value) for key, value in self.suspects.items()},
            "met": list(self.met),
            "turn": self.turn,
        }

    # ------------------------------------------------------------------ commands

    def handle(self, command: str) -> Reply:
        self.turn += 1
        text = " ".join(command.strip().split())
        if not text:
            return Reply(False, "Say something. Type `help` for the commands.")
        verb, _, arg = text.partition(" ")
        verb = verb.lower()
        if self.over and verb not in ("help", "look", "l", "casebook", "notes", "satchel", "i",
                                      "inventory", "time"):
            return Reply(False, "The case is closed. Start a new game to investigate again.")
        handler = self.VERBS.get(verb)
        if handler is None:
            return Reply(False, f"I don't know how to '{verb}'. Type `help` for the commands.")
        return handler(self, arg.strip())

    def cmd_help(self, arg: str) -> Reply:
        return Reply(True, HELP)

    def cmd_look(self, arg: str) -> Reply:
        place = PLACES[self.location]
        lines = [f"You are at {place.name}. {self.clock_text()}.", place.description]
        for person in self.people_here():
            lines.append(person.about)
        if self.ground[self.location]:
            lines.append("On the ground: " + ", ".join(self.ground[self.location]) + ".")
        lines.append("Paths lead to: " + ", ".join(place.exits) + ".")
        return Reply(True, "\n".join(lines))

    def cmd_time(self, arg: str) -> Reply:
        left = story.LAST_DAY - self.day
        tail = "This is your last day." if left == 0 else f"{left} more day(s) after today."
        return Reply(True, f"{self.clock_text()}. {tail}")

    def cmd_go(self, arg: str) -> Reply:
        if not arg:
            return Reply(False, "Go where? Places: " + ", ".join(PLACES) + ".")
        target = story.PLACE_ALIASES.get(_clean(arg))
        if target is None:
            return Reply(False, f"There is no '{arg}' on your map of Quarrymoor.")
        if target == self.location:
            return Reply(False, f"You are already at {PLACES[target].name}.")
        if target not in PLACES[self.location].exits:
            exits = ", ".join(PLACES[self.location].exits)
            return Reply(False, f"No path leads straight there from here. From here: {exits}.")
        late = self.too_late()
        if late:
            return late
        self.hour += 1
        self.location = target
        return Reply(True, f"You walk to {PLACES[target].name}.\n" + self.cmd_look("").message)

    def cmd_examine(self, arg: str) -> Reply:
        if not arg:
            return Reply(False, "Examine what? Try `look` first.")
        name = _clean(arg)
        item = story.ITEM_ALIASES.get(name)
        if item and (item in self.satchel or item in self.ground[self.location]):
            return Reply(True, ITEMS[item])
        place = PLACES[self.location]
        if name not in place.features:
            return Reply(False, f"You see no '{arg}' here worth a closer look.")
        if (self.location, name) in story.FEATURES_NEEDING_LAMP and "lamp" not in self.satchel:
            return Reply(False, "It is pitch dark in there. You would need a lamp.")
        late = self.too_late()
        if late:
            return late
        self.hour += 1
        lines = [place.features[name]]
        spot = f"{self.location}:{name}"
        if spot == "ledge:gorse" and spot not in self.searched:
            self.ground["ledge"].append("button")
        if spot not in self.searched:
            self.searched.append(spot)
        clue = story.FEATURE_CLUES.get((self.location, name))
        if clue and self.note(clue):
            lines.append("(Noted in your casebook.)")
        return Reply(True, "\n".join(lines))

    def cmd_take(self, arg: str) -> Reply:
        if not arg:
            return Reply(False, "Take what?")
        item = story.ITEM_ALIASES.get(_clean(arg))
        pile = self.ground[self.location]
        if item is None or item not in pile:
            return Reply(False, f"There is no '{arg}' here to take.")
        if not self.has_room():
            return Reply(False, f"Your satchel is full ({story.SATCHEL_SIZE} things). Drop something first.")
        pile.remove(item)
        self.satchel.append(item)
        return Reply(True, f"You put the {item} in your satchel.")

    def cmd_drop(self, arg: str) -> Reply:
        if not arg:
            return Reply(False, "Drop what?")
        item = story.ITEM_ALIASES.get(_clean(arg))
        if item is None or item not in self.satchel:
            return Reply(False, f"You are not carrying any '{arg}'.")
        self.satchel.remove(item)
        self.ground[self.location].append(item)
        return Reply(True, f"You set the {item} down.")

    def cmd_buy(self, arg: str) -> Reply:
        if self.location != "inn":
            return Reply(False, "There is nothing for sale here. Martha sells ale and lamps at the inn.")
        item = story.ITEM_ALIASES.get(_clean(arg)) if arg else None
        if item not in story.PRICES:
            wares = ", ".join(f"{name} {price}s" for name, price in story.PRICES.items())
            return Reply(False, f"Martha sells: {wares}.")
        price = story.PRICES[item]
        if self.purse < price:
            return Reply(False, f"The {item} costs {price} shillings and you have {self.purse}.")
        if not self.has_room():
            return Reply(False, f"Your satchel is full ({story.SATCHEL_SIZE} things). Drop something first.")
        self.purse -= price
        self.satchel.append(item)
        return Reply(True, f"Martha takes {price} shilling(s) and hands you the {item}. "
                           f"Purse: {self.purse} shillings.")

    def cmd_satchel(self, arg: str) -> Reply:
        things = ", ".join(self.satchel) if self.satchel else "nothing"
        return Reply(True, f"In your satchel: {things} ({len(self.satchel)}/{story.SATCHEL_SIZE}). "
                           f"Purse: {self.purse} shillings.")

    def cmd_casebook(self, arg: str) -> Reply:
        if not self.casebook:
            return Reply(True, "Your casebook is empty.")
        lines = ["CASEBOOK"]
        for number, entry in enumerate(self.casebook, 1):
            lines.append(f"  {number}. [day {entry['day']}] {entry['note']}")
        counts = self.entries_against()
        against = [f"{PEOPLE[key].name} {count}" for key, count in counts.items() if count]
        if against:
            lines.append("Against: " + "; ".join(against) + f" (Yeo needs {story.CLUES_TO_ARREST}).")
        return Reply(True, "\n".join(lines))

    def cmd_ask(self, arg: str) -> Reply:
        who, topic = arg.split(" about ", 1)
        person = self.person_here(who)
        if isinstance(person, Reply):
            return person
        topic = _clean(topic)
        topic = story.TOPIC_ALIASES.get(topic, topic)
        if not topic:
            return Reply(False, f"Ask {person.short} about what?")
        late = self.too_late()
        if late:
            return late
        self.hour += 1
        answer, clue = person.topics.get(topic, (person.shrug, None))
        lines = [answer]
        if clue and self.note(clue):
            lines.append("(Noted in your casebook.)")
        return Reply(True, "\n".join(lines))

    def cmd_show(self, arg: str) -> Reply:
        what, sep, who = arg.partition(" to ")
        if not sep or not what or not who:
            return Reply(False, "Show what to whom? For example: show button to martha")
        item = story.ITEM_ALIASES.get(_clean(what))
        if item is None or item not in self.satchel:
            return Reply(False, f"You are not carrying any '{what}'.")
        person = self.person_here(who)
        if isinstance(person, Reply):
            return person
        late = self.too_late()
        if late:
            return late
        self.hour += 1
        reaction, clue = story.SHOW_REACTIONS.get(
            (item, person.key), (f"{person.short} looks at the {item} and shrugs.", None)
        )
        lines = [reaction]
        if clue and clue not in self.noted():
            self.casebook.append({"clue": clue, "day": self.day, "note": CLUES[clue].note,
                                  "points_to": CLUES[clue].points_to})
            lines.append("(Noted in your casebook.)")
        return Reply(True, "\n".join(lines))

    def cmd_give(self, arg: str) -> Reply:
        what, sep, who = arg.partition(" to ")
        if not sep or not what or not who:
            return Reply(False, "Give what to whom? For example: give ale to walter")
        item = story.ITEM_ALIASES.get(_clean(what))
        if item is None or item not in self.satchel:
            return Reply(False, f"You are not carrying any '{what}'.")
        person = self.person_here(who)
        if isinstance(person, Reply):
            return person
        if item != "ale":
            return Reply(False, f"{person.short} has no use for the {item}. You keep it.")
        self.satchel.remove(item)
        if person.key in story.TEETOTAL:
            return Reply(False, f"{person.short} pushes the bottle back at you. 'Not for me.'")
        self.given[person.key] = self.given.get(person.key, 0) + 1
        return Reply(True, f"{person.short} takes the ale gratefully and drinks half of it off.")

    def cmd_rest(self, arg: str) -> Reply:
        purse = self.purse
        if self.day > story.LAST_DAY:
            self.status = "failed"
            return Reply(True, "You sleep at the Drover's Rest. In the morning the county inspector's "
                               "trap comes up the moor road. He hears you out, calls it an accident "
                               "and closes the case. The case is lost.")
        lines = []
        if self.location != "inn":
            lines.append("You trudge back across the moor to the Drover's Rest.")
        self.location = "inn"
        self.day += 1
        if purse >= story.ROOM_PRICE:
            self.purse -= story.ROOM_PRICE
            self.hour = story.DAY_STARTS
            lines.append(f"You pay Martha {story.ROOM_PRICE} shillings for a room and sleep soundly. "
                         f"Purse: {purse} shillings.")
        else:
            self.hour = story.HAYLOFT_START
            lines.append("You cannot pay for a room, so Martha lets you sleep in the hayloft. "
                         "You wake stiff and late.")
        lines.append(f"Day {self.day} dawns. {self.clock_text()}.")
        if self.day == story.LAST_DAY:
            lines.append("The inspector arrives tomorrow. Today is your last day.")
        if self.day == PEOPLE["agnes"].from_day:
            lines.append("The carrier's cart brings Agnes Redfern home to the cottages.")
        return Reply(True, "\n".join(lines))

    def cmd_accuse(self, arg: str) -> Reply:
        if not arg:
            return Reply(False, "Accuse whom?")
        key = story.PERSON_ALIASES.get(_clean(arg))
        if key is None:
            return Reply(False, f"There is nobody called '{arg}' in this case.")
        count = self.entries_against().get(key, 0)
        name = PEOPLE[key].name
        if count < story.CLUES_TO_ARREST:
            return Reply(False, f"Constable Yeo reads your casebook. 'That's {count} against {name}, "
                                f"sir. I'll not take a man up on less than {story.CLUES_TO_ARREST}.'")
        late = self.too_late()
        if late:
            return late
        self.hour += 1
        self.arrested = key
        if key == story.CULPRIT:
            self.status = "solved"
            return Reply(True, f"Constable Yeo arrests {name} at his desk. Faced with the ledger and "
                               "the button he breaks down: Silas found the false names and met him "
                               "on the ledge, and Crane pushed him. The case is solved.")
        self.status = "failed"
        return Reply(True, f"Constable Yeo arrests {name}. A week later the real killer is still at "
                           "large, and the county inspector takes the case off you. The case is lost.")

    VERBS = {
        "help": cmd_help,
        "look": cmd_look,
        "l": cmd_look,
        "time": cmd_time,
        "go": cmd_go,
        "walk": cmd_go,
        "examine": cmd_examine,
        "x": cmd_examine,
        "search": cmd_examine,
        "take": cmd_take,
        "get": cmd_take,
        "drop": cmd_drop,
        "buy": cmd_buy,
        "satchel": cmd_satchel,
        "inventory": cmd_satchel,
        "i": cmd_satchel,
        "casebook": cmd_casebook,
        "notes": cmd_casebook,
        "ask": cmd_ask,
        "show": cmd_show,
        "give": cmd_give,
        "rest": cmd_rest,
        "sleep": cmd_rest,
        "accuse": cmd_accuse,
        "arrest": cmd_accuse,
    }

    # ------------------------------------------------------------------ helpers

    def clock_text(self) -> str:
        return f"Day {self.day} of {story.LAST_DAY}, {self.hour:02d}:00"

    def too_late(self) -> Reply | None:
        if self.hour >= story.DAY_ENDS:
            return Reply(False, "Night has come down on the moor. There is nothing more to be done "
                                "today: `rest`.")
        return None

    def has_room(self) -> bool:
        return len(self.satchel) <= story.SATCHEL_SIZE

    def people_here(self) -> list[story.Person]:
        return [person for person in PEOPLE.values()
                if person.place == self.location and self.day >= person.from_day]

    def person_here(self, who: str) -> story.Person | Reply:
        key = story.PERSON_ALIASES.get(_clean(who))
        if key is None:
            return Reply(False, f"There is nobody called '{who}' in this case.")
        person = PEOPLE[key]
        if person not in self.people_here():
            return Reply(False, f"{person.name} is not here.")
        if key not in self.met:
            self.met.append(key)
        return person

    def noted(self) -> list[str]:
        return [entry["clue"] for entry in self.casebook]

    def note(self, clue: str) -> bool:
        """Write a clue in the casebook; False when it is already there."""
        if clue in self.noted():
            return False
        points_to = CLUES[clue].points_to
        self.casebook.append({"clue": clue, "day": self.day, "note": CLUES[clue].note,
                              "points_to": points_to})
        if points_to in self.suspects:
            self.suspects[points_to]["entries"] += 1
        return True

    def entries_against(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for entry in self.casebook:
            if entry["points_to"]:
                counts[entry["points_to"]] = counts.get(entry["points_to"], 0) + 1
        return counts
