"""One investigation: the sleuth, the town and the case, advanced one typed command at a time."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lanternhook import dialogue
from lanternhook.parser import direction, names_match, parse, strip_articles
from lanternhook.prose import HELP, hour_words, listing, pick, sq
from lanternhook.prose import dq as q
from lanternhook.world import (
    CLUES,
    CLUES_NEEDED,
    CULPRIT,
    DAWN_HOUR,
    EVIDENCE_NEEDED,
    ITEMS,
    LANTERN_OIL,
    MOVES_PER_HOUR,
    PEOPLE,
    PLACES,
    SATCHEL_LIMIT,
    START_HOUR,
    START_PLACE,
    VICTIM,
    new_world,
    people_at,
)

READ_ONLY = frozenset({"help", "look", "inventory", "notebook", "nothing"})


@dataclass(frozen=True)
class Reply:
    message: str
    success: bool = True


class Case:
    """The whole game of one player. `handle` takes a typed command and returns the narrator's reply."""

    def __init__(self) -> None:
        self.where = START_PLACE
        self.places = new_world()
        self.hour = START_HOUR
        self.moves = 0
        self.turn = 0
        self.satchel: list[dict[str, Any]] = []
        self.weight = 0
        self.clues: list[str] = []
        self.accused: str | None = None
        self.solved = False
        self.over = False
        self.outcome = "open"

    # ----- the state a player may see -----

    def state(self) -> dict[str, Any]:
        dark = self._is_dark()
        place = PLACES[self.where]
        return {
            "world": {
                "place": {
                    "id": self.where,
                    "name": place["name"],
                    "dark": dark,
                    "exits": {way: PLACES[to]["name"] for way, to in place["exits"].items()},
                    "items": [] if dark else copy.deepcopy(self._here()),
                    "people": [] if dark else people_at(self.where),
                },
                "hour": self.hour,
                "moves": self.moves,
            },
            "sleuth": {
                "satchel": {"items": copy.deepcopy(self.satchel), "weight": self.weight, "limit": SATCHEL_LIMIT},
                "notebook": {"clues": list(self.clues)},
            },
            "case": {
                "victim": VICTIM,
                "suspects": ["Jory Quill", "Maud Trevelyan", "Ned Carrow"],
                "accused": self.accused,
                "solved": self.solved,
                "over": self.over,
                "outcome": self.outcome,
            },
        }

    # ----- one command -----

    def handle(self, text: str) -> Reply:
        self.turn += 1
        command = parse(text)
        if self.over and command.verb not in READ_ONLY:
            return self._refuse(
                "closed",
                (
                    "The case is closed now, for good or ill. Nothing you do tonight will change it.",
                    "It is over. The town has its answer, whatever you might say now.",
                ),
            )
        handler: Callable[[str], Reply] = getattr(self, f"_do_{command.verb}")
        return handler(command.subject)

    def _pick(self, key: str, options: tuple[str, ...], **values: Any) -> str:
        return pick(key, self.turn, options).format(**values)

    def _ok(self, key: str, options: tuple[str, ...], **values: Any) -> Reply:
        return Reply(self._pick(key, options, **values))

    def _refuse(self, key: str, options: tuple[str, ...], **values: Any) -> Reply:
        return Reply(self._pick(key, options, **values), success=False)

    # ----- helpers about the world -----

    def _here(self) -> list[dict[str, Any]]:
        return self.places[self.where]["items"]

    def _carried(self, name: str) -> dict[str, Any] | None:
        return next((item for item in self.satchel if item["name"] == name), None)

    def _lying_here(self, name: str) -> dict[str, Any] | None:
        return next((item for item in self._here() if item["name"] == name), None)

    def _lantern_burning(self) -> bool:
        lantern = self._carried("lantern")
        return bool(lantern and lantern["lit"])

    def _is_dark(self) -> bool:
        return bool(PLACES[self.where]["dark"]) and not self._lantern_burning()

    def _match_item(self, items: list[dict[str, Any]], phrase: str) -> dict[str, Any] | None:
        return next((item for item in items if names_match(phrase, item["name"])), None)

    def _match_person(self, phrase: str) -> str | None:
        for name in people_at(self.where):
            if names_match(phrase, name, PEOPLE[name]["aliases"]):
                return name
        return None

    def _match_anyone(self, phrase: str) -> str | None:
        return next((n for n, p in PEOPLE.items() if names_match(phrase, n, p["aliases"])), None)

    def _match_fixture(self, phrase: str) -> str | None:
        fixtures = PLACES[self.where]["fixtures"]
        return next((name for name in fixtures if names_match(phrase, name)), None)

    def _match_place(self, phrase: str) -> str | None:
        for key, place in PLACES.items():
            if names_match(phrase, strip_articles(place["name"].lower()), place["aliases"]):
                return key
        return None

    def _note(self, clue: str) -> bool:
        """Write a clue into the notebook; True when it is news."""
        fresh = clue not in self.clues
        self.clues.append(clue)
        return fresh

    def _noted(self, clue: str, fresh: bool) -> str:
        if fresh:
            return self._pick(
                "noted",
                (
                    'You write it in your notebook: "{clue}".',
                    'Your pencil scratches a new line: "{clue}".',
                    'That goes in the notebook, underlined: "{clue}".',
                ),
                clue=clue,
            )
        return self._pick(
            "known",
            (
                "Nothing there you have not already written down.",
                'Your notebook already holds "{clue}".',
            ),
            clue=clue,
        )

    def _reweigh(self) -> None:
        self.weight = sum(item["weight"] for item in self.satchel)

    def _fits(self, item: dict[str, Any]) -> bool:
        return self.weight + item["weight"] < SATCHEL_LIMIT

    # ----- seeing -----

    def _do_nothing(self, _: str) -> Reply:
        return self._refuse(
            "nothing",
            (
                "The fog swallows your silence. Say what you mean to do.",
                "You open your mouth, and think better of it. Type something, or ask for help.",
            ),
        )

    def _do_unknown(self, said: str) -> Reply:
        return self._refuse(
            "unknown",
            (
                "The gulls cry, the sea sighs, and nobody in Lanternhook knows what “{said}” means.",
                "You mutter “{said}” to the fog; the fog keeps its counsel. (Type help for the narrator's advice.)",
                "That is not something a sleuth can do here. Try help if you are lost.",
            ),
            said=said,
        )

    def _do_help(self, _: str) -> Reply:
        return Reply(HELP)

    def _do_look(self, _: str) -> Reply:
        return Reply(self.describe())

    def describe(self) -> str:
        place = PLACES[self.where]
        ways = listing(list(place["exits"]))
        clock = self._pick(
            "clock",
            (
                "The chapel clock has struck {hour}.",
                "It is past {hour} by the chapel clock.",
            ),
            hour=hour_words(self.hour),
        )
        if self._is_dark():
            return self._pick(
                "dark",
                (
                    "It is pitch dark in {name}. You can make out nothing at all, only feel the way back {ways}.",
                    "Black as the inside of a boot. This is {name}, by your reckoning; the way out lies {ways}.",
                ),
                name=place["name"],
                ways=ways,
            )
        parts = [f"{place['name'][0].upper()}{place['name'][1:]}. {place['description']}"]
        if place["dark"]:
            parts.append("Your lantern throws a wavering circle of light over everything.")
        things = [q(item["name"]) for item in self._here()]
        if things:
            parts.append(
                self._pick(
                    "things",
                    ("You see {things} here.", "Lying about: {things}.", "Your eye falls on {things}."),
                    things=listing(things),
                )
            )
        for person in people_at(self.where):
            parts.append(
                self._pick(
                    "person",
                    ("{person} is here.", "{person} watches you from a little way off."),
                    person=sq(person),
                )
            )
        parts.append(f"Ways lead {ways}.")
        parts.append(clock)
        return " ".join(parts)

    def _do_inventory(self, _: str) -> Reply:
        if not self.satchel:
            return self._ok(
                "empty",
                (
                    "Your satchel is empty: {weight} lb of {limit}.",
                    "Nothing in the satchel but lint ({weight} lb of {limit}).",
                ),
                weight=self.weight,
                limit=SATCHEL_LIMIT,
            )
        names = []
        for item in self.satchel:
            name = q(item["name"])
            if item["name"] == "lantern":
                flame = "lit" if item["lit"] else "unlit"
                name += f" ({flame}, {item['oil']} measures of oil)"
            names.append(name)
        return self._ok(
            "satchel",
            (
                "Your satchel holds {things}, {weight} lb of the {limit} it will bear.",
                "In the satchel: {things}. Weight {weight} lb of {limit}.",
            ),
            things=listing(names),
            weight=self.weight,
            limit=SATCHEL_LIMIT,
        )

    def _do_notebook(self, _: str) -> Reply:
        lines = [f'"{clue}": {text}' for clue, text in CLUES.items() if clue in self.clues]
        if not lines:
            return self._ok(
                "blank",
                (
                    "Your notebook is blank but for a sketch of a gull.",
                    "Not a single clue in the notebook yet.",
                ),
            )
        count = f"{len(lines)} clue" + ("" if len(lines) == 1 else "s")
        return self._ok(
            "notebook",
            ("Your notebook holds {count}. {lines}", "You leaf through {count}. {lines}"),
            count=count,
            lines=" ".join(lines),
        )

    def _do_examine(self, phrase: str) -> Reply:
        if self._match_place(phrase) == self.where or phrase in ("room", "around", "place"):
            return self._do_look("")
        if self._is_dark():
            return self._refuse(
                "dark-examine",
                (
                    "You peer into the blackness and see nothing at all.",
                    "It is far too dark to examine anything here.",
                ),
            )
        item = self._match_item(self.satchel, phrase) or self._match_item(self._here(), phrase)
        if item is not None:
            text = ITEMS[item["name"]]["text"]
            if item["name"] == "lantern":
                flame = "burning steadily" if item["lit"] else "cold"
                text += f" It is {flame}, with {item['oil']} measures of oil of {LANTERN_OIL}."
            clue = ITEMS[item["name"]].get("clue")
            if clue:
                text += " " + self._noted(clue, self._note(clue))
            return Reply(text)
        fixture = self._match_fixture(phrase)
        if fixture is not None:
            return Reply(PLACES[self.where]["fixtures"][fixture])
        person = self._match_person(phrase)
        if person is not None:
            return Reply(f"{sq(person)}: {PEOPLE[person]['text']}")
        return self._refuse(
            "no-such",
            (
                "You find no {thing} here to examine.",
                "Search as you may, there is no {thing} here.",
            ),
            thing=q(phrase),
        )

    # ----- moving -----

    def _do_go(self, phrase: str) -> Reply:
        place = PLACES[self.where]
        way = direction(phrase)
        if way is None:
            target = self._match_place(phrase)
            if target is None:
                return self._refuse(
                    "nowhere",
                    (
                        "No one in Lanternhook has heard of {where}.",
                        "You know of no place called {where}.",
                    ),
                    where=q(phrase),
                )
            if target == self.where:
                return self._refuse("already", ("You are already in {name}.",), name=place["name"])
            way = next((w for w, to in place["exits"].items() if to == target), None)
            if way is None:
                return self._refuse(
                    "not-next",
                    (
                        "{name} is not a step from here. From {here} the ways lead {ways}.",
                        "You cannot reach {name} directly from {here}; try {ways}.",
                    ),
                    name=PLACES[target]["name"],
                    here=place["name"],
                    ways=listing(list(place["exits"])),
                )
        if way not in place["exits"]:
            return self._refuse(
                "no-way",
                (
                    "There is no way {way} from {here}.",
                    "You take a step {way} and think better of it: nothing lies that way but wall or water.",
                    "The way {way} is barred by stone and sea.",
                ),
                way=way,
                here=place["name"],
            )
        self.where = place["exits"][way]
        gutter = self._burn_oil()
        bell = self._pass_time()
        return Reply(" ".join(note for note in (gutter, self.describe(), bell) if note))

    def _burn_oil(self) -> str:
        lantern = self._carried("lantern")
        if not lantern or not lantern["lit"]:
            return ""
        lantern["oil"] -= 1
        if lantern["oil"] > 0:
            return ""
        lantern["lit"] = False
        return self._pick(
            "gutter",
            (
                "Your lantern sputters, the last of its oil spent, and goes out.",
                "The lantern flame shrinks to a blue bead and dies: the oil is gone.",
            ),
        )

    def _pass_time(self) -> str:
        self.moves += 1
        if self.moves % MOVES_PER_HOUR:
            return ""
        self.hour = self.hour + 1
        if self.hour == DAWN_HOUR:
            self.over = True
            self.outcome = "lost"
            return (
                "Grey light seeps over the headland: dawn. Down in the harbour a boat slips its moorings on the "
                "turning tide, and with it goes your last chance. The case is lost."
            )
        return self._pick(
            "bell",
            (
                "Up the hill the chapel bell tolls {hour}.",
                "Somewhere above the fog, the chapel bell strikes {hour}.",
            ),
            hour=hour_words(self.hour),
        )

    # ----- things -----

    def _do_take(self, phrase: str) -> Reply:
        if phrase in ("all", "everything"):
            return self._refuse("take-all", ("One thing at a time; a sleuth is not a magpie.",))
        if self._is_dark():
            return self._refuse(
                "dark-take",
                (
                    "You grope about in the blackness and find nothing you could take.",
                    "In this darkness you could not find your own hand, let alone pick anything up.",
                ),
            )
        item = self._match_item(self._here(), phrase)
        if item is None:
            if self._match_item(self.satchel, phrase):
                return self._refuse("have", ("That is already in your satchel.",))
            if self._match_fixture(phrase) or self._match_person(phrase):
                return self._refuse(
                    "fixed",
                    (
                        "That will not fit in any satchel.",
                        "You cannot carry {thing} off, however you try.",
                    ),
                    thing=q(phrase),
                )
            return self._refuse(
                "no-take",
                ("There is no {thing} here to take.", "You see no {thing} to pick up."),
                thing=q(phrase),
            )
        self._here().remove(item)
        if not self._fits(item):
            return self._refuse(
                "heavy",
                (
                    "The {thing} would make your satchel too heavy: it already holds {weight} lb of {limit}.",
                    "You heft the {thing} and sigh; with {weight} lb of {limit} aboard, it will not go in.",
                ),
                thing=q(item["name"]),
                weight=self.weight,
                limit=SATCHEL_LIMIT,
            )
        self.satchel.append(item)
        self._reweigh()
        return self._ok(
            "took",
            (
                "You stow the {thing} in your satchel, which now weighs {weight} lb of {limit}.",
                "Into the satchel goes the {thing}. It weighs {weight} lb of {limit} now.",
                "You take the {thing}. Your satchel: {weight} lb of {limit}.",
            ),
            thing=q(item["name"]),
            weight=self.weight,
            limit=SATCHEL_LIMIT,
        )

    def _do_drop(self, phrase: str) -> Reply:
        item = self._match_item(self.satchel, phrase)
        if item is None:
            return self._refuse(
                "no-drop",
                ("You are not carrying any {thing}.", "There is no {thing} in your satchel."),
                thing=q(phrase),
            )
        if self._is_dark():
            return self._refuse(
                "dark-drop",
                (
                    "Put something down in this blackness and you would never find it again.",
                    "Not here: in the dark, whatever you drop is as good as lost.",
                ),
            )
        if item["name"] == "lantern" and PLACES[self.where]["dark"]:
            return self._refuse(
                "dark-lantern",
                ("Set down your only light in a place like this? You would never find it again.",),
            )
        snuffed = ""
        if item["name"] == "lantern" and item["lit"]:
            item["lit"] = False
            snuffed = " You pinch out the wick first."
        self.satchel.remove(item)
        self._here().append(item)
        message = self._pick(
            "dropped",
            (
                "You set the {thing} down.{snuffed} Your satchel now weighs {weight} lb of {limit}.",
                "The {thing} leaves your satchel.{snuffed} It weighs {weight} lb of {limit} now.",
                "You put down the {thing}.{snuffed} Satchel: {weight} lb of {limit}.",
            ),
            thing=q(item["name"]),
            snuffed=snuffed,
            weight=self.weight,
            limit=SATCHEL_LIMIT,
        )
        self._reweigh()
        return Reply(message)

    # ----- the lantern -----

    def _names_lantern(self, phrase: str) -> bool:
        return names_match(phrase, "lantern", ("lamp", "storm lantern", "wick"))

    def _do_light(self, phrase: str) -> Reply:
        if not self._names_lantern(phrase):
            return self._refuse(
                "light-what",
                ("The only thing worth lighting tonight is the lantern.", "You cannot light {thing}."),
                thing=q(phrase),
            )
        held = self._carried("lantern")
        lantern = held or (None if self._is_dark() else self._lying_here("lantern"))
        if lantern is None:
            return self._refuse(
                "no-lantern",
                ("You have no lantern to light.", "Light what? You are not carrying the lantern."),
            )
        if self._carried("matches") is None:
            return self._refuse(
                "no-matches",
                (
                    "You pat your pockets: no matches. You will need the {matches} to light it.",
                    "Without {matches} the wick stays cold.",
                ),
                matches=q("matches"),
            )
        if lantern["lit"]:
            return self._refuse("lit", ("The lantern is already burning.",))
        if lantern["oil"] <= 0:
            return self._refuse(
                "dry",
                (
                    "The wick chars and smokes but will not hold a flame: the lantern has no oil.",
                    "The lantern is dry. Fill it before you try again.",
                ),
            )
        held["lit"] = True
        return self._ok(
            "lit-now",
            (
                "You strike a match and the {thing} blooms into warm light.",
                "The match flares, the wick catches, and the {thing} burns steady and gold.",
            ),
            thing=q("lantern"),
        )

    def _do_snuff(self, phrase: str) -> Reply:
        lantern = self._carried("lantern")
        if not self._names_lantern(phrase) or lantern is None:
            return self._refuse("snuff-what", ("You carry nothing burning that you could put out.",))
        if not lantern["lit"]:
            return self._refuse("unlit", ("The lantern is not lit.",))
        lantern["lit"] = False
        return self._ok(
            "snuffed",
            (
                "You pinch the wick and the {thing} goes dark, saving its oil.",
                "Darkness folds around the {thing} as you snuff it.",
            ),
            thing=q("lantern"),
        )

    def _do_fill(self, phrase: str) -> Reply:
        lantern = self._carried("lantern")
        if not self._names_lantern(phrase) or lantern is None:
            return self._refuse("fill-what", ("You can only fill the lantern, and you must carry it.",))
        flask = self._carried("oil flask")
        if flask is None:
            return self._refuse("no-oil", ("You have no {flask} to fill it from.",), flask=q("oil flask"))
        if lantern["oil"] >= LANTERN_OIL:
            return self._refuse("full", ("The lantern is already full to the brim.",))
        lantern["oil"] = LANTERN_OIL
        self.satchel.remove(flask)
        self._reweigh()
        return self._ok(
            "filled",
            (
                "You empty the {flask} into the lantern: {oil} measures, full. The empty flask you leave behind.",
                "Oil glugs from the {flask} until the lantern holds {oil} measures; you toss the empty flask away.",
            ),
            flask=q("oil flask"),
            oil=LANTERN_OIL,
        )

    # ----- people -----

    def _do_question(self, phrase: str) -> Reply:
        if self._is_dark():
            return self._refuse("dark-question", ("You call out into the dark. Nobody answers.",))
        person = self._match_person(phrase)
        if person is None:
            elsewhere = self._match_anyone(phrase)
            if elsewhere is not None:
                return self._refuse(
                    "absent",
                    ("{person} is not here.", "You look round for {person}, but they are elsewhere."),
                    person=sq(elsewhere),
                )
            return self._refuse("nobody", ("There is no one called {who} here.",), who=sq(phrase))
        answer, clue = dialogue.answer(person, set(self.clues))
        text = f"{sq(person)}: {self._pick(person, answer)}"
        if clue:
            text += " " + self._noted(clue, self._note(clue))
        return Reply(text)

    def _do_accuse(self, phrase: str) -> Reply:
        if self._is_dark():
            return self._refuse("dark-accuse", ("You hurl an accusation into the dark. The dark says nothing.",))
        person = self._match_person(phrase)
        if person is None:
            elsewhere = self._match_anyone(phrase)
            who = sq(elsewhere) if elsewhere else sq(phrase)
            return self._refuse(
                "accuse-absent",
                (
                    "An accusation is made to a face. {who} is not here to hear it.",
                    "You would have to find {who} first.",
                ),
                who=who,
            )
        if person != CULPRIT:
            self.accused = person
            self.over = True
            self.outcome = "lost"
            return self._ok(
                "wrong",
                (
                    "You point at {who}. The constable takes them away; and at dawn, while the town jeers, "
                    "a boat slips out of the harbour carrying the real killer. The case is lost.",
                    "{who} goes pale, then white with fury, and by morning the whole town knows you were "
                    "wrong. The real killer sails on the tide. The case is lost.",
                ),
                who=sq(person),
            )
        missing_clues = [clue for clue in CLUES_NEEDED if clue not in self.clues]
        missing_things = [name for name in EVIDENCE_NEEDED if self._carried(name) is None]
        if missing_clues or missing_things:
            return self._refuse(
                "thin",
                (
                    "{who} laughs in your face. The constable shrugs: without proof in your notebook and "
                    "evidence in your satchel, he will not lay a hand on a respectable tradesman.",
                    "You have a hunch, and {who} knows it. A hunch hangs nobody: you need more.",
                ),
                who=sq(person),
            )
        self.accused = person
        self.solved = True
        self.over = True
        self.outcome = "solved"
        return self._ok(
            "solved",
            (
                "You lay the {page} and the {hook} on the counter. {who} looks at them a long moment, then sits "
                "down heavily. 'He found the dues,' he says. 'He was going to the magistrate.' The constable "
                "puts the irons on him. Case solved.",
                "The {hook}, the {page}, the empty pew: {who} hears it all in silence, and then confesses. "
                "Silas Penhallow will rest easier tonight. Case solved.",
            ),
            who=sq(person),
            page=q("torn page"),
            hook=q("gaff hook"),
        )
