"""Foxglove: a parser adventure in the herb garden and glasshouse of an old manor.

One module, the way we like our small Django services: settings configured in code, a handful of views
returning JsonResponse, and the game itself as a plain class. Start it with `python server.py`; it listens on
HOST (default 127.0.0.1) and the port in FOXGLOVE_PORT (default 8000), served by waitress.
"""

from __future__ import annotations

import copy
import json
import os
import re
import threading
import uuid
from collections import OrderedDict
from typing import NamedTuple

import django
from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=os.environ.get("FOXGLOVE_DEBUG") == "1",
        SECRET_KEY="foxglove-has-no-sessions-or-forms",
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=[],
        MIDDLEWARE=[],
        USE_TZ=True,
        DEFAULT_CHARSET="utf-8",
    )
    django.setup()

from django.http import JsonResponse  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.urls import path  # noqa: E402
from django.views.decorators.http import require_GET, require_POST  # noqa: E402

# --------------------------------------------------------------------------------------------------------
# The rules, in numbers (docs/RULES.md says the same in prose)

CARRY_LIMIT = 5  # things the gardener can carry at once
CAN_CAPACITY = 3  # measures of water in a full watering can
KETTLE_MEASURES = 2  # measures of water the draught needs, and all the kettle holds
BLOOM_TURNS = 3  # turns a watered pot of seeds must stand in the glasshouse before it flowers
MAX_WAIT = 10  # turns one wait may pass
DAY_STARTS = 8 * 60  # the story opens at eight in the morning
MINUTES_PER_TURN = 15
SUNSET = 20 * 60

RECIPE = ("feverfew", "chamomile", "honey")

# --------------------------------------------------------------------------------------------------------
# The world

ROOMS = {
    "shed": {
        "title": "Potting Shed",
        "description": (
            "The potting shed smells of damp sacking and compost. Clay dust lies thick on the workbench, and a "
            "recipe in Doctor Pell's spidery hand is pinned to the inside of the door. The herb garden lies to "
            "the north."
        ),
        "exits": {"north": "garden"},
        "scenery": {
            "recipe": {
                "words": ["recipe", "note", "paper", "door"],
                "description": (
                    "For her ladyship's fever, the doctor has written: one clump of feverfew, a handful of "
                    "chamomile flowers and a spoonful of honey, steeped in two measures of water in the copper "
                    "kettle and brought to the boil. To be given warm. Underneath, in the cook's round letters: "
                    "no chamomile left in the larder, ask the gardener to grow some."
                ),
            },
            "workbench": {
                "words": ["workbench", "bench", "table"],
                "description": "Years of potting have worn a hollow in the middle of the workbench.",
                "surface": True,
            },
        },
    },
    "garden": {
        "title": "Herb Garden",
        "description": (
            "Gravel paths run between low box hedges and raised beds of herbs. A weathered sundial stands in "
            "the middle of the garden, and an iron pump leans against the wall. The glasshouse glitters to the "
            "east, the kitchen door stands open to the west, steps climb to the terrace in the north, and the "
            "potting shed is back to the south."
        ),
        "exits": {"south": "shed", "east": "glasshouse", "west": "kitchen", "north": "terrace"},
        "scenery": {
            "sundial": {"words": ["sundial", "dial", "gnomon", "shadow"], "description": None},
            "pump": {
                "words": ["pump", "iron pump", "handle", "well"],
                "description": "An iron pump over the old well. Its handle squeals, but the water comes up cold.",
            },
            "beds": {
                "words": ["beds", "bed", "herbs", "herb beds", "hedges", "hedge", "soil", "plants"],
                "description": "The beds are still dark and damp from the night's rain.",
            },
        },
    },
    "glasshouse": {
        "title": "Glasshouse",
        "description": (
            "The air in the glasshouse is warm and heavy with the smell of tomato leaves. A long slatted bench "
            "runs beneath the panes, and an old vine sprawls across the roof. The garden is back to the west."
        ),
        "exits": {"west": "garden"},
        "scenery": {
            "bench": {
                "words": ["bench", "slatted bench", "shelf", "staging"],
                "description": "The slatted bench is warm to the touch where the sun falls on it.",
                "surface": True,
            },
            "vine": {
                "words": ["vine", "grapes", "roof", "panes", "glass"],
                "description": "The vine is older than you are, and the grapes on it are still small and sour.",
            },
        },
    },
    "kitchen": {
        "title": "Kitchen",
        "description": (
            "The manor kitchen is all copper and steam. The range is lit, a copper kettle sits on the hob, and "
            "the cook, Mrs Bramble, is rolling pastry at the scrubbed table. The garden door is to the east."
        ),
        "exits": {"east": "garden"},
        "scenery": {
            "cook": {
                "words": ["cook", "mrs bramble", "bramble", "mrs", "woman"],
                "description": None,
                "person": True,
            },
            "range": {
                "words": ["range", "stove", "hob", "fire", "oven"],
                "description": "The range is roaring; anything set on the hob would boil in no time.",
            },
            "table": {
                "words": ["table", "scrubbed table", "pastry"],
                "description": "Flour, pastry and a rolling pin. The cook guards her table like a sheepdog.",
                "surface": True,
            },
        },
    },
    "terrace": {
        "title": "Terrace",
        "description": (
            "A flagged terrace runs along the back of the manor. Lady Ashcombe sits wrapped in shawls in a "
            "wicker chair, pale and flushed with fever. The steps lead back down to the garden, to the south."
        ),
        "exits": {"south": "garden"},
        "scenery": {
            "lady": {
                "words": ["lady", "lady ashcombe", "ashcombe", "ladyship", "her ladyship", "her", "woman"],
                "description": (
                    "Her ladyship manages a brave smile, but her hands tremble on the shawl and her cheeks "
                    "burn with fever."
                ),
                "person": True,
            },
            "chair": {
                "words": ["chair", "wicker chair", "shawls", "shawl"],
                "description": "A creaking wicker chair, heaped with shawls.",
            },
        },
    },
}

ROOM_WORDS = {
    "shed": "shed",
    "potting shed": "shed",
    "garden": "garden",
    "herb garden": "garden",
    "glasshouse": "glasshouse",
    "greenhouse": "glasshouse",
    "kitchen": "kitchen",
    "terrace": "terrace",
}

ITEMS = {
    "trowel": {
        "name": "trowel",
        "a": "a trowel",
        "words": ["trowel", "spade"],
        "description": "A short trowel with a blade worn bright and an ash handle polished by years of use.",
    },
    "can": {
        "name": "watering can",
        "a": "a watering can",
        "words": ["watering can", "can", "watering-can", "green can"],
        "description": "A battered green watering can.",
    },
    "pot": {
        "name": "clay pot",
        "a": "a clay pot",
        "words": ["clay pot", "pot", "flowerpot", "flower pot", "compost"],
        "description": "A clay pot filled with good dark compost.",
    },
    "seeds": {
        "name": "packet of chamomile seeds",
        "a": "a packet of chamomile seeds",
        "words": ["packet of chamomile seeds", "chamomile seeds", "seeds", "seed", "packet", "seed packet"],
        "description": "A paper packet of chamomile seeds, saved last autumn in old Mr Tansy's careful hand.",
    },
    "almanac": {
        "name": "gardening almanac",
        "a": "a gardening almanac",
        "words": ["gardening almanac", "almanac", "book"],
        "description": None,
    },
    "feverfew": {
        "name": "feverfew",
        "a": "a clump of feverfew",
        "words": ["feverfew", "clump of feverfew", "clump", "daisies"],
        "description": "Feathery leaves and small white daisies that smell sharp and bitter when bruised.",
        "rooted": "A clump of feverfew grows in the nearest bed, its little white daisies nodding.",
    },
    "mint": {
        "name": "mint",
        "a": "a sprig of mint",
        "words": ["mint", "sprig of mint", "sprig", "spearmint"],
        "description": "Bright green and sweet-smelling: the cook's favourite for her lamb.",
        "rooted": "Mint runs riot along the edge of the path.",
    },
    "foxglove": {
        "name": "foxglove",
        "a": "a foxglove",
        "words": ["foxglove", "foxgloves", "spire", "bells"],
        "description": (
            "A tall spire of speckled purple bells. Every gardener knows foxglove is a poison in the wrong hands."
        ),
        "rooted": "A tall foxglove nods over the back of the bed.",
    },
    "chamomile": {
        "name": "chamomile flowers",
        "a": "a handful of chamomile flowers",
        "words": ["chamomile flowers", "chamomile", "flowers", "flower", "handful"],
        "description": "Small white flowers with fat yellow hearts, smelling faintly of apples.",
    },
    "honey": {
        "name": "jar of honey",
        "a": "a jar of honey",
        "words": ["jar of honey", "honey", "jar", "honey jar"],
        "description": "A stone jar of the manor's own heather honey.",
    },
    "draught": {
        "name": "fever draught",
        "a": "a cup of fever draught",
        "words": ["fever draught", "draught", "remedy", "tonic", "medicine", "cup", "potion", "brew"],
        "description": "A blue cup of steaming draught that smells of bitter herbs and honey.",
    },
    "kettle": {
        "name": "copper kettle",
        "a": "a copper kettle",
        "words": ["copper kettle", "kettle"],
        "description": "The cook's great copper kettle, sitting on the hob.",
        "fixed": "The kettle belongs to the range, and the cook would have your hide if you carried it off.",
    },
}

ALMANAC_TEXT = (
    "You leaf through the almanac to old Mr Tansy's notes on chamomile: sow the seeds in a pot, water them "
    "once, and keep the pot in the warmth of the glasshouse, where chamomile comes up fast as gossip and "
    "flowers within three quarters of an hour. A page further on he has underlined: feverfew won't leave the "
    "bed without a trowel, and never, ever let foxglove near the kitchen."
)

HELP_TEXT = (
    "You are the under-gardener at Foxglove Manor, and Lady Ashcombe has woken with a fever. Doctor Pell has "
    "left a recipe for a draught, and it falls to you to gather what it needs from the garden and the "
    "glasshouse, talk the cook into lending you her kettle, and carry the draught up to her ladyship on the "
    "terrace.\n\n"
    "Tell the story what you do in plain sentences, as you would say them aloud: take the trowel, put the "
    "seeds in the pot, water the pot, fill the watering can at the pump, pour the water into the kettle, give "
    "the mint to the cook, look at the sundial. Walk north, south, east or west (n, s, e and w will do, or go "
    "to the kitchen). Look, or l, tells you where you are; examine, or x, looks closely at a thing; "
    "inventory, or i, shows what you carry, and you have only two arms. Wait, or wait 3, lets time pass, and "
    "if a step goes wrong, undo takes it back."
)

OPENING = (
    "Foxglove Manor, early on a summer morning. Lady Ashcombe has taken a fever in the night, and Doctor Pell "
    "has left a recipe for a draught pinned to the potting shed door before hurrying off to his next patient. "
    "The kitchen has everything but the herbs. Those are your business.\n\n"
    "(Type help if you need reminding how the story listens.)"
)

# --------------------------------------------------------------------------------------------------------
# The parser's vocabulary

ARTICLES = {"the", "a", "an", "some", "my", "your", "that", "this", "these", "those", "of"}
KEEP_OF = {"packet", "jar", "clump", "sprig", "handful"}

VERBS = [
    (("look", "at"), "examine"),
    (("look", "in"), "examine"),
    (("look", "inside"), "examine"),
    (("look", "into"), "examine"),
    (("look", "around"), "look"),
    (("pick", "up"), "take"),
    (("dig", "up"), "take"),
    (("put", "down"), "drop"),
    (("set", "down"), "drop"),
    (("talk", "to"), "talk"),
    (("speak", "to"), "talk"),
    (("chat", "to"), "talk"),
    (("chat", "with"), "talk"),
    (("go", "to"), "go"),
    (("go", "into"), "go"),
    (("walk", "to"), "go"),
    (("look",), "look"),
    (("l",), "look"),
    (("examine",), "examine"),
    (("x",), "examine"),
    (("inspect",), "examine"),
    (("check",), "examine"),
    (("study",), "examine"),
    (("read",), "read"),
    (("take",), "take"),
    (("get",), "take"),
    (("grab",), "take"),
    (("pick",), "take"),
    (("pluck",), "take"),
    (("collect",), "take"),
    (("dig",), "take"),
    (("drop",), "drop"),
    (("discard",), "drop"),
    (("put",), "put"),
    (("place",), "put"),
    (("set",), "put"),
    (("plant",), "put"),
    (("sow",), "put"),
    (("give",), "give"),
    (("hand",), "give"),
    (("offer",), "give"),
    (("water",), "water"),
    (("pour",), "pour"),
    (("tip",), "pour"),
    (("fill",), "fill"),
    (("refill",), "fill"),
    (("pump",), "fill"),
    (("brew",), "brew"),
    (("boil",), "brew"),
    (("make",), "brew"),
    (("steep",), "brew"),
    (("inventory",), "inventory"),
    (("inv",), "inventory"),
    (("i",), "inventory"),
    (("wait",), "wait"),
    (("z",), "wait"),
    (("undo",), "undo"),
    (("help",), "help"),
    (("hint",), "help"),
    (("talk",), "talk"),
    (("ask",), "talk"),
    (("go",), "go"),
    (("walk",), "go"),
    (("run",), "go"),
    (("head",), "go"),
    (("enter",), "go"),
    (("leave",), "leave"),
    (("exit",), "leave"),
    (("out",), "leave"),
]

DIRECTIONS = {
    "n": "north",
    "north": "north",
    "s": "south",
    "south": "south",
    "e": "east",
    "east": "east",
    "w": "west",
    "west": "west",
}

NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
NUMBER_WORDS = {value: word for word, value in NUMBERS.items()}

TIMELESS = {"look", "examine", "read", "inventory", "help", "undo"}
UNDOABLE = {"take", "drop", "put", "give", "water", "pour", "fill", "brew", "wait", "talk"}

HOURS = ["twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"]


class Reply(NamedTuple):
    ok: bool
    text: str
    turns: int = 1


def refuse(text: str) -> Reply:
    return Reply(False, text, 0)


def tokenize(text: str) -> list[str]:
    return re.findall(r"[a-z0-9'-]+", text.lower())


def strip_articles(words: list[str]) -> list[str]:
    kept = []
    for index, word in enumerate(words):
        if word == "of" and index > 0 and words[index - 1] in KEEP_OF:
            kept.append(word)
        elif word not in ARTICLES:
            kept.append(word)
    return kept


def split_on(words: list[str], preps: tuple[str, ...]) -> tuple[list[str], str | None, list[str]]:
    for index, word in enumerate(words):
        if word in preps:
            return words[:index], word, words[index + 1 :]
    return words, None, []


def list_prose(phrases: list[str]) -> str:
    if not phrases:
        return "nothing"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def measures(count: int) -> str:
    if count == 1:
        return "one measure"
    return f"{NUMBER_WORDS.get(count, str(count))} measures"


def clock_text(minutes: int) -> str:
    hour, minute = divmod(minutes, 60)
    if minute == 0:
        return f"{HOURS[hour % 12]} o'clock"
    if minute == 15:
        return f"a quarter past {HOURS[hour % 12]}"
    if minute == 30:
        return f"half past {HOURS[hour % 12]}"
    return f"a quarter to {HOURS[(hour + 1) % 12]}"


def new_item(item_id: str, **fields) -> dict:
    item = {"id": item_id, "name": ITEMS[item_id]["name"]}
    item.update(fields)
    return item


def new_state() -> dict:
    return {
        "player": {"room": "shed", "inventory": [], "turns": 0},
        "rooms": {
            "shed": {
                "name": "Potting Shed",
                "items": [
                    new_item("trowel"),
                    new_item("can", water=0),
                    new_item("pot", contents=[], watered=False, growth=0),
                    new_item("seeds"),
                    new_item("almanac"),
                ],
            },
            "garden": {
                "name": "Herb Garden",
                "items": [
                    new_item("feverfew", rooted=True),
                    new_item("mint", rooted=True),
                    new_item("foxglove", rooted=True),
                ],
            },
            "glasshouse": {"name": "Glasshouse", "items": []},
            "kitchen": {"name": "Kitchen", "items": [new_item("kettle", contents=[], water=0)]},
            "terrace": {"name": "Terrace", "items": []},
        },
        "flags": {"cook_pleased": False, "draught_brewed": False, "won": False},
    }


# --------------------------------------------------------------------------------------------------------
# The game


class Game:
    def __init__(self) -> None:
        self.state = new_state()
        self.undo_state: dict | None = None
        self.lock = threading.Lock()

    # ---- shortcuts ----

    @property
    def player(self) -> dict:
        return self.state["player"]

    @property
    def flags(self) -> dict:
        return self.state["flags"]

    @property
    def inventory(self) -> list[dict]:
        return self.player["inventory"]

    def room_items(self, room_id: str | None = None) -> list[dict]:
        return self.state["rooms"][room_id or self.player["room"]]["items"]

    def minutes(self) -> int:
        return DAY_STARTS + self.player["turns"] * MINUTES_PER_TURN

    def held(self, item_id: str) -> dict | None:
        return next((item for item in self.inventory if item["id"] == item_id), None)

    def _hands_full(self) -> bool:
        return len(self.inventory) > CARRY_LIMIT

    # ---- finding things ----

    def reachable(self) -> list[dict]:
        """Everything the player can lay a hand on: what they carry, what lies here, and what is in either."""
        found = []
        for item in self.inventory + self.room_items():
            found.append(item)
            found.extend(item.get("contents", []))
        return found

    @staticmethod
    def matches(item_id: str, words: list[str]) -> bool:
        return " ".join(words) in ITEMS[item_id]["words"]

    def find(self, words: list[str], scope: list[dict] | None = None) -> dict | None:
        if not words:
            return None
        for item in self.reachable() if scope is None else scope:
            if self.matches(item["id"], words):
                return item
        return None

    def find_scenery(self, words: list[str]) -> tuple[str, dict] | tuple[None, None]:
        phrase = " ".join(words)
        for key, thing in ROOMS[self.player["room"]]["scenery"].items():
            if phrase in thing["words"]:
                return key, thing
        return None, None

    def holder_of(self, item: dict) -> dict | None:
        for candidate in self.inventory + self.room_items():
            if item in candidate.get("contents", []):
                return candidate
        return None

    def _detach(self, item: dict) -> None:
        """Lift an item from wherever it is: the player's hands, the floor, or a pot or kettle."""
        holder = self.holder_of(item)
        if holder is not None:
            holder["contents"].remove(item)
        elif item in self.inventory:
            self.inventory.remove(item)
        elif item in self.room_items():
            self.room_items().remove(item)

    def _release(self, item: dict) -> None:
        if item in self.inventory:
            self.inventory.remove(item)

    def _place(self, item: dict, container: dict) -> None:
        self._release(item)
        container["contents"].append(item)

    # ---- describing ----

    def describe_room(self) -> str:
        room_id = self.player["room"]
        room = ROOMS[room_id]
        parts = [room["title"], room["description"]]
        if room_id == "kitchen" and self.flags["cook_pleased"]:
            parts[1] = parts[1].replace(
                "is rolling pastry at the scrubbed table", "is humming to herself over a pan of mint sauce"
            )
        rooted, loose, extra = [], [], []
        for item in self.room_items():
            catalogue = ITEMS[item["id"]]
            if item.get("rooted"):
                rooted.append(catalogue["rooted"])
            elif not catalogue.get("fixed"):
                loose.append(catalogue["a"])
            if item.get("contents"):
                extra.append(self.contents_sentence(item))
        text = "\n".join(parts)
        if rooted:
            text += " " + " ".join(rooted)
        if loose:
            text += f"\n\nYou can see {list_prose(loose)} here."
        if extra:
            text += " " + " ".join(extra)
        return text

    def contents_sentence(self, container: dict) -> str:
        names = [ITEMS[thing["id"]]["a"] for thing in container.get("contents", [])]
        if not names:
            return f"The {container['name']} is empty."
        return f"The {container['name']} holds {list_prose(names)}."

    def describe_item(self, item: dict) -> str:
        catalogue = ITEMS[item["id"]]
        if item["id"] == "almanac":
            return "A fat, dog-eared almanac that belonged to old Mr Tansy. " + ALMANAC_TEXT
        text = catalogue["description"]
        if item["id"] == "can":
            if item["water"]:
                text += f" It holds {measures(item['water'])} of water."
            else:
                text += " It is empty."
        elif item["id"] == "pot":
            contents = item["contents"]
            if any(thing["id"] == "chamomile" for thing in contents):
                text += " Chamomile has come up in it and burst into flower."
            elif contents and item["watered"] and item["growth"]:
                text += " Tiny green shoots are pushing up through the damp compost."
            elif contents and item["watered"]:
                text += " The compost is dark and damp over the seeds."
            elif contents:
                text += " " + self.contents_sentence(item)
            else:
                text += " Nothing is planted in it yet."
        elif item["id"] == "kettle":
            bits = [ITEMS[thing["id"]]["a"] for thing in item["contents"]]
            if item["water"]:
                bits.append(f"{measures(item['water'])} of water")
            text += f" It holds {list_prose(bits)}." if bits else " It is empty."
        return text

    def describe_scenery(self, key: str, thing: dict) -> str:
        if key == "sundial":
            minutes = self.minutes()
            if minutes >= SUNSET:
                return "The light has gone; the sundial is only a grey shape in the dusk."
            return f"The shadow of the gnomon falls at {clock_text(minutes)}. Around the rim: I count only sunny hours."
        if key == "cook":
            if self.flags["cook_pleased"]:
                return "Mrs Bramble is humming over her mint sauce and looks kindly on the world, and on you."
            return "Mrs Bramble is stout, floury and not in the mood for gardeners underfoot."
        return thing["description"]

    # ---- the turn ----

    def handle(self, text: str) -> Reply:
        if self.flags["won"]:
            return refuse("Her ladyship is asleep at last and the story is over. Start a new game to play again.")
        words = tokenize(text)
        if not words:
            return refuse("The garden waits for you to say something.")
        typed = words[0]
        verb, rest = self.parse_verb(words)
        if verb is None:
            return refuse(f"You don't know how to {typed} anything. Type help for a reminder.")
        handler = getattr(self, f"do_{verb}")
        snapshot = copy.deepcopy(self.state) if verb in UNDOABLE else None
        reply = handler(strip_articles(rest))
        if reply.ok and snapshot is not None:
            self.undo_state = snapshot
        if reply.ok and typed not in TIMELESS:
            notes = self.pass_time(reply.turns)
            if notes:
                reply = reply._replace(text=reply.text + "\n\n" + " ".join(notes))
        return reply

    def parse_verb(self, words: list[str]) -> tuple[str | None, list[str]]:
        if words[0] in DIRECTIONS:
            return "go", words
        for pattern, verb in VERBS:
            if tuple(words[: len(pattern)]) == pattern:
                return verb, words[len(pattern) :]
        return None, words

    def pass_time(self, turns: int) -> list[str]:
        notes = []
        for _ in range(turns):
            before = self.minutes()
            self.player["turns"] += 1
            for pot in self.room_items("glasshouse"):
                if pot["id"] != "pot" or not pot["watered"]:
                    continue
                if not any(thing["id"] == "seeds" for thing in pot["contents"]):
                    continue
                pot["growth"] += 1
                if pot["growth"] >= BLOOM_TURNS:
                    pot["contents"] = [new_item("chamomile") if t["id"] == "seeds" else t for t in pot["contents"]]
                    if self.player["room"] == "glasshouse":
                        notes.append("In the warmth of the glasshouse, the chamomile in the pot bursts into flower.")
            if before < SUNSET <= self.minutes():
                notes.append("The sun slips down behind the manor roof.")
        return notes

    # ---- verbs ----

    def do_help(self, words: list[str]) -> Reply:
        return Reply(True, HELP_TEXT)

    def do_look(self, words: list[str]) -> Reply:
        if words:
            return self.do_examine(words)
        return Reply(True, self.describe_room())

    def do_inventory(self, words: list[str]) -> Reply:
        if not self.inventory:
            return Reply(True, "Your hands are empty.")
        names = [ITEMS[item["id"]]["a"] for item in self.inventory]
        text = f"You are carrying {list_prose(names)}."
        for item in self.inventory:
            if item.get("contents"):
                text += " " + self.contents_sentence(item)
        return Reply(True, text)

    def do_examine(self, words: list[str]) -> Reply:
        if not words:
            return refuse("What do you want to examine?")
        if words in (["me"], ["myself"], ["self"]):
            return Reply(True, "Muddy knees, green fingers, and a job to do.")
        item = self.find(words)
        if item is not None:
            return Reply(True, self.describe_item(item))
        key, thing = self.find_scenery(words)
        if key is not None:
            return Reply(True, self.describe_scenery(key, thing))
        if words == ["room"] or words == ["around"]:
            return Reply(True, self.describe_room())
        return refuse(f"You can't see any {' '.join(words)} here.")

    def do_read(self, words: list[str]) -> Reply:
        item = self.find(words)
        if item is not None and item["id"] == "almanac":
            return Reply(True, ALMANAC_TEXT)
        if item is not None and item["id"] == "seeds":
            return Reply(True, "Chamomile, the packet says, and under it: sow under glass.")
        key, thing = self.find_scenery(words)
        if key in ("recipe", "sundial"):
            return Reply(True, self.describe_scenery(key, thing))
        if item is None and key is None:
            return refuse("There's nothing like that here to read." if words else "What do you want to read?")
        return refuse("There's nothing written there.")

    def do_go(self, words: list[str]) -> Reply:
        room = self.player["room"]
        exits = ROOMS[room]["exits"]
        if not words:
            return refuse("Which way? You can go " + list_prose(sorted(exits)) + ".")
        phrase = " ".join(words)
        if phrase in DIRECTIONS:
            direction = DIRECTIONS[phrase]
            if direction not in exits:
                return refuse(self.no_exit(room))
            destination = exits[direction]
        elif phrase in ROOM_WORDS:
            destination = ROOM_WORDS[phrase]
            if destination == room:
                return refuse("You're already here.")
            if destination not in exits.values():
                return refuse("You can't get there from here; the garden paths join everything up.")
        else:
            return refuse(f"You don't know the way to any {phrase}.")
        self.player["room"] = destination
        return Reply(True, self.describe_room())

    def do_leave(self, words: list[str]) -> Reply:
        exits = ROOMS[self.player["room"]]["exits"]
        if len(exits) != 1:
            return refuse("Paths lead off in every direction; say which way you want to go.")
        return self.do_go(list(exits))

    @staticmethod
    def no_exit(room: str) -> str:
        if room == "garden":
            return "A box hedge and a high brick wall stop you going that way."
        return "You can't go that way."

    def do_take(self, words: list[str]) -> Reply:
        if not words:
            return refuse("What do you want to take?")
        if words in (["all"], ["everything"]):
            return self.take_all()
        noun, prep, source_words = split_on(words, ("from", "out", "off"))
        if prep == "out" and source_words[:1] == ["of"]:
            source_words = source_words[1:]
        scope = None
        if prep is not None:
            source = self.find(source_words)
            if source is not None and "contents" in source:
                scope = source["contents"]
            elif source is not None or self.find_scenery(source_words)[0] is None:
                return refuse("There's nothing to take anything out of there.")
        item = self.find(noun, scope)
        if item is None:
            key, thing = self.find_scenery(noun)
            if key is not None and thing.get("person"):
                return refuse("That would be no way to treat anyone.")
            if key is not None:
                return refuse("That stays where it is.")
            return refuse(f"You can't see any {' '.join(noun)} here.")
        if item in self.inventory:
            return refuse(f"You already have the {item['name']}.")
        return self.take_item(item)

    def take_item(self, item: dict) -> Reply:
        catalogue = ITEMS[item["id"]]
        if catalogue.get("fixed"):
            return refuse(catalogue["fixed"])
        holder = self.holder_of(item)
        if holder is not None and holder["id"] == "pot" and holder["watered"] and item["id"] == "seeds":
            return refuse("The seeds are bedded in damp compost now. Leave them be and let them grow.")
        if item["id"] == "feverfew" and item.get("rooted") and self.held("trowel") is None:
            return refuse("The feverfew is rooted deep in the bed. You'd need the trowel to lift a clump.")
        if self._hands_full():
            return refuse(f"Your arms are full already: you can carry no more than {NUMBER_WORDS[CARRY_LIMIT]} things.")
        self._detach(item)
        if item.pop("rooted", False):
            text = {
                "feverfew": "You ease a clump of feverfew out of the bed with the trowel.",
                "mint": "You pinch off a good sprig of mint.",
                "foxglove": "You pick the foxglove, careful of its speckled bells.",
            }[item["id"]]
        elif holder is not None:
            text = f"You take the {item['name']} out of the {holder['name']}."
        else:
            text = f"You take the {item['name']}."
        self.inventory.append(item)
        return Reply(True, text)

    def take_all(self) -> Reply:
        taken = []
        lines = []
        for item in list(self.room_items()):
            if item.get("rooted") or ITEMS[item["id"]].get("fixed"):
                continue
            if self._hands_full():
                lines.append("Your arms are full, so you leave the rest.")
                break
            self._detach(item)
            self.inventory.append(item)
            taken.append(f"the {item['name']}")
        if not taken:
            return refuse(lines[0] if lines else "There's nothing here you can carry off.")
        return Reply(True, " ".join([f"You take {list_prose(taken)}."] + lines))

    def do_drop(self, words: list[str]) -> Reply:
        if not words:
            return refuse("What do you want to drop?")
        if words in (["all"], ["everything"]):
            if not self.inventory:
                return refuse("You aren't carrying anything.")
            names = [f"the {item['name']}" for item in self.inventory]
            self.room_items().extend(self.inventory)
            self.inventory.clear()
            return Reply(True, f"You set down {list_prose(names)}.")
        item = self.find(words, self.inventory)
        if item is None:
            return refuse(f"You aren't carrying any {' '.join(words)}.")
        self._release(item)
        self.room_items().append(item)
        if item["id"] == "pot" and self.player["room"] == "glasshouse":
            return Reply(True, "You set the clay pot down in the warmth of the glasshouse.")
        return Reply(True, f"You put down the {item['name']}.")

    def do_put(self, words: list[str]) -> Reply:
        noun, prep, target_words = split_on(words, ("in", "into", "inside", "on", "onto", "under"))
        if not noun:
            return refuse("What do you want to put somewhere?")
        if prep is None:
            return refuse("Where do you want to put it? Say, for instance, put the seeds in the pot.")
        item = self.find(noun)
        if item is None:
            return refuse(f"You can't see any {' '.join(noun)} here.")
        target = self.find(target_words)
        if target is None:
            key, thing = self.find_scenery(target_words)
            if key is None:
                return refuse(f"You can't see any {' '.join(target_words)} here.")
            if thing.get("person"):
                return refuse("If you mean to hand it over, say give it to them.")
            if not thing.get("surface") or prep not in ("on", "onto"):
                return refuse("That isn't somewhere you can put things.")
            if item not in self.inventory:
                return refuse(f"You aren't holding the {item['name']}.")
            return self.do_drop(noun)
        if target is item:
            return refuse("That would take a cleverer gardener than you.")
        if "contents" not in target:
            return refuse(f"You can't put anything in the {target['name']}.")
        if ITEMS[item["id"]].get("fixed"):
            return refuse(ITEMS[item["id"]]["fixed"])
        if target["id"] == "kettle":
            return self.put_in_kettle(item, target)
        if item["id"] != "seeds":
            return refuse(f"The clay pot is for planting; the {item['name']} doesn't belong in it.")
        if item.get("rooted"):
            return refuse("Pick it first.")
        self._place(item, target)
        return Reply(True, "You press the chamomile seeds into the compost in the clay pot.")

    def put_in_kettle(self, item: dict, kettle: dict) -> Reply:
        if not self.flags["cook_pleased"]:
            return refuse(
                "Mrs Bramble raps your knuckles with her wooden spoon. Nobody touches her kettle, she says, "
                "until she's had the fresh mint she asked you for at breakfast."
            )
        if item["id"] == "foxglove":
            return refuse(
                "The cook snatches your wrist. Foxglove, in her kettle? Do you want to finish her ladyship "
                "off? You keep hold of it, shamefaced."
            )
        if item["id"] not in RECIPE:
            return refuse(f"The {item['name']} is not in the doctor's recipe, and the cook won't have it in there.")
        if item.get("rooted"):
            return refuse(f"Pick the {item['name']} first.")
        self._place(item, kettle)
        return Reply(True, f"You drop the {item['name']} into the copper kettle.")

    def do_give(self, words: list[str]) -> Reply:
        noun, prep, person_words = split_on(words, ("to",))
        if prep is None:
            for size in (3, 2, 1):
                key, _ = self.find_scenery(words[:size])
                if key is not None and len(words) > size:
                    person_words, noun = words[:size], words[size:]
                    break
        if not noun:
            return refuse("What do you want to give?")
        if not person_words:
            return refuse("Who do you want to give it to?")
        key, thing = self.find_scenery(person_words)
        if key is None or not thing.get("person"):
            return refuse(f"There's nobody called {' '.join(person_words)} here.")
        item = self.find(noun, self.inventory)
        if item is None:
            return refuse(f"You aren't holding any {' '.join(noun)}.")
        if key == "cook":
            return self.give_to_cook(item)
        return self.give_to_lady(item)

    def give_to_cook(self, item: dict) -> Reply:
        if item["id"] == "mint" and not self.flags["cook_pleased"]:
            self._release(item)
            self.flags["cook_pleased"] = True
            self.inventory.append(new_item("honey"))
            return Reply(
                True,
                "Mrs Bramble sniffs the mint and her whole face softens. That's more like it, she says, and in "
                "return she presses a jar of honey into your hands. The kettle is yours whenever you want it.",
            )
        if item["id"] == "foxglove":
            return refuse("The cook backs away from the foxglove as if it might bite. Get that out of my kitchen!")
        return refuse(f"The cook has no use for the {item['name']}.")

    def give_to_lady(self, item: dict) -> Reply:
        if item["id"] == "draught":
            self._release(item)
            self.flags["won"] = True
            return Reply(
                True,
                "Lady Ashcombe takes the warm cup in both hands and drinks it down, grimacing at the bitterness "
                "and smiling at the honey. Before long the flush fades from her cheeks and she drifts into an "
                "easy sleep in the sun. Mrs Bramble, watching from the kitchen door, nods at you once: high "
                "praise indeed.\n\nYou have cured her ladyship. The story is over.",
            )
        if item["id"] == "foxglove":
            return refuse("You snatch the foxglove back before she can take it. What were you thinking?")
        return refuse(f"Her ladyship looks at the {item['name']} in puzzlement. It is medicine she needs.")

    def can_for_watering(self) -> tuple[dict | None, str | None]:
        can = self.held("can")
        if can is None:
            return None, "You'll need the watering can in your hands."
        if can["water"] == 0:
            return None, "The watering can is empty. The pump in the garden will fill it."
        return can, None

    def do_water(self, words: list[str]) -> Reply:
        noun, _, _ = split_on(words, ("with",))
        if not noun:
            return refuse("What do you want to water?")
        target = self.find(noun)
        if target is None:
            key, thing = self.find_scenery(noun)
            if key == "beds":
                return refuse("The beds are still damp from the night's rain; they need nothing from you.")
            if key is not None:
                return refuse("That doesn't need watering.")
            return refuse(f"You can't see any {' '.join(noun)} here.")
        if target["id"] == "kettle":
            return self.pour_into_kettle(target)
        if target["id"] != "pot":
            if target.get("rooted"):
                return refuse("The beds are still damp from the night's rain; they need nothing from you.")
            return refuse(f"Watering the {target['name']} would do it no good.")
        can, problem = self.can_for_watering()
        if can is None:
            return refuse(problem)
        return self.water_pot(can, target)

    def water_pot(self, can: dict, pot: dict) -> Reply:
        if not any(thing["id"] == "seeds" for thing in pot["contents"]):
            if any(thing["id"] == "chamomile" for thing in pot["contents"]):
                return refuse("The chamomile has flowered already; it needs no more water.")
            return refuse("Nothing is planted in the pot yet, so you save your water.")
        if pot["watered"]:
            return refuse("The compost in the pot is still damp. Any more and the seeds will drown.")
        water = can["water"]
        can["water"] = water - 1
        pot["watered"] = True
        if water == 1:
            left = "The watering can is empty now."
        else:
            left = f"The watering can has {measures(water)} left."
        return Reply(True, f"You water the clay pot until the compost is dark and damp. {left}")

    def do_pour(self, words: list[str]) -> Reply:
        noun, prep, target_words = split_on(words, ("into", "in", "on", "onto", "over"))
        if noun and noun not in (["water"], ["can"], ["watering", "can"]):
            item = self.find(noun)
            if item is None:
                return refuse(f"You can't see any {' '.join(noun)} here.")
            return refuse(f"You can't pour the {item['name']}.")
        if prep is None:
            return refuse("Where do you want to pour it? Into the kettle, perhaps?")
        target = self.find(target_words)
        if target is None:
            key, _ = self.find_scenery(target_words)
            if key is None:
                return refuse(f"You can't see any {' '.join(target_words)} here.")
            return refuse("You'd only make a puddle.")
        if target["id"] == "pot":
            can, problem = self.can_for_watering()
            return refuse(problem) if can is None else self.water_pot(can, target)
        if target["id"] == "kettle":
            return self.pour_into_kettle(target)
        return refuse("You'd only make a puddle.")

    def pour_into_kettle(self, kettle: dict) -> Reply:
        if not self.flags["cook_pleased"]:
            return refuse("Mrs Bramble steps between you and her kettle. Not till I've had my mint, she says.")
        can, problem = self.can_for_watering()
        if can is None:
            return refuse(problem)
        if kettle["water"] >= KETTLE_MEASURES:
            return refuse(f"The kettle already holds {measures(kettle['water'])}; any more and it would boil over.")
        can["water"] -= 1
        kettle["water"] += 1
        left = f"the can has {measures(can['water'])} left" if can["water"] else "the can is empty"
        return Reply(
            True,
            f"You pour a measure of water into the copper kettle. It holds {measures(kettle['water'])}, and {left}.",
        )

    def do_fill(self, words: list[str]) -> Reply:
        noun, _, source_words = split_on(words, ("at", "from", "with", "under"))
        if not noun or noun == ["water"]:
            noun = ["can"]
        target = self.find(noun)
        if target is None:
            return refuse(f"You can't see any {' '.join(noun)} here.")
        if target["id"] == "kettle":
            return self.pour_into_kettle(target)
        if target["id"] == "pot":
            return refuse("The pot is full of compost already. Did you mean to water it?")
        if target["id"] != "can":
            return refuse(f"You can't fill the {target['name']}.")
        if source_words and source_words != ["water"]:
            key, _ = self.find_scenery(source_words)
            if key != "pump":
                return refuse("You can only fill the can at the pump in the herb garden.")
        if "pump" not in ROOMS[self.player["room"]]["scenery"]:
            return refuse("There's no water here. The pump is in the herb garden.")
        if target not in self.inventory:
            return refuse("Pick up the watering can first.")
        if target["water"] >= CAN_CAPACITY:
            return refuse("The watering can is already full to the brim.")
        target["water"] = CAN_CAPACITY
        return Reply(
            True,
            f"You work the squealing pump handle until the watering can is full: {measures(CAN_CAPACITY)} "
            "of cold well water.",
        )

    def do_brew(self, words: list[str]) -> Reply:
        if self.player["room"] != "kitchen":
            return refuse("You'll need the kitchen range to brew anything.")
        if not self.flags["cook_pleased"]:
            return refuse("Mrs Bramble folds her arms. Not in my kitchen, she says, not till I've had that mint.")
        kettle = self.find(["kettle"], self.room_items())
        present = {thing["id"] for thing in kettle["contents"]}
        missing = [ITEMS[item_id]["name"] for item_id in RECIPE if item_id not in present]
        if missing:
            return refuse(f"The doctor's recipe still wants the {list_prose(missing)} in the kettle.")
        if kettle["water"] < KETTLE_MEASURES:
            return refuse(
                f"The recipe calls for {measures(KETTLE_MEASURES)} of water, and the kettle holds "
                f"{measures(kettle['water'])}."
            )
        kettle["contents"] = []
        kettle["water"] = 0
        self.flags["draught_brewed"] = True
        draught = new_item("draught")
        text = (
            "You set the kettle over the hottest part of the range. It is soon muttering and steaming, and the "
            "kitchen fills with a bitter green smell. Mrs Bramble strains the draught into a blue cup"
        )
        if self._hands_full():
            self.room_items().append(draught)
            return Reply(True, text + " and, seeing your hands are full, sets it on the table.")
        self.inventory.append(draught)
        return Reply(True, text + " and hands it to you.")

    def do_talk(self, words: list[str]) -> Reply:
        person_words, _, _ = split_on(words, ("about",))
        key, thing = self.find_scenery(person_words)
        if key is None or not thing.get("person"):
            return refuse("There's nobody here to talk to." if not person_words else "There's no answer.")
        if key == "cook":
            if self.flags["draught_brewed"]:
                return Reply(True, "Go on, then, says Mrs Bramble. Take it up while it's warm.")
            if self.flags["cook_pleased"]:
                return Reply(
                    True,
                    "The kettle's yours, says Mrs Bramble. Put in what the doctor wrote down, two measures of "
                    "water from the pump, and bring it to the boil.",
                )
            return Reply(
                True,
                "Her ladyship's draught? says Mrs Bramble, without looking up from her pastry. You'll not touch "
                "my kettle until I've some fresh mint for the lamb, and I asked you for it at breakfast.",
            )
        return Reply(
            True, "Lady Ashcombe smiles weakly. The doctor says you're to make me something, she whispers. Do hurry."
        )

    def do_wait(self, words: list[str]) -> Reply:
        words = [word for word in words if word not in ("for", "turns", "turn", "moment", "moments")]
        count = 1
        if words:
            if words[0] in NUMBERS:
                count = NUMBERS[words[0]]
            else:
                count = int(words[0])
        if not 1 <= count <= MAX_WAIT:
            return refuse(f"You can wait from one to {NUMBER_WORDS[MAX_WAIT]} turns at a time.")
        if count == 1:
            return Reply(True, "You lean on the trowel handle and let a little time go by.", 1)
        return Reply(True, f"You potter about for a while, letting {NUMBER_WORDS[count]} turns go by.", count)

    def do_undo(self, words: list[str]) -> Reply:
        if self.undo_state is None:
            return refuse("There is nothing to undo.")
        self.state = self.undo_state
        self.undo_state = None
        return Reply(True, "You think better of your last move and take it back.\n\n" + self.describe_room())


# --------------------------------------------------------------------------------------------------------
# HTTP

GAMES: OrderedDict[str, Game] = OrderedDict()
GAMES_LOCK = threading.Lock()
MAX_GAMES = 500


def bad_request(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def get_game(game_id: str) -> Game | None:
    with GAMES_LOCK:
        return GAMES.get(game_id)


def health(request):
    return JsonResponse({"status": "ok", "game": "foxglove"})


@require_POST
def new_game(request):
    game = Game()
    game_id = uuid.uuid4().hex
    with GAMES_LOCK:
        GAMES[game_id] = game
        while len(GAMES) > MAX_GAMES:
            GAMES.popitem(last=False)
    message = OPENING + "\n\n" + game.describe_room()
    return JsonResponse({"game_id": game_id, "message": message, "state": game.state})


@require_POST
def command(request):
    try:
        payload = json.loads(request.body)
    except ValueError:
        return bad_request("The body must be a JSON object with game_id and command.")
    if not isinstance(payload, dict):
        return bad_request("The body must be a JSON object with game_id and command.")
    game_id, text = payload.get("game_id"), payload.get("command")
    if not isinstance(game_id, str) or not isinstance(text, str):
        return bad_request("Both game_id and command are required, as strings.")
    game = get_game(game_id)
    if game is None:
        return bad_request("No game with that id.", status=404)
    with game.lock:
        reply = game.handle(text)
        return JsonResponse(
            {
                "success": reply.ok,
                "message": reply.text,
                "state": game.state,
                "game_over": game.flags["won"],
                "turn": game.player["turns"],
            }
        )


@require_GET
def game_state(request, game_id):
    game = get_game(game_id)
    if game is None:
        return bad_request("No game with that id.", status=404)
    with game.lock:
        return JsonResponse({"game_id": game_id, "state": game.state})


urlpatterns = [
    path("healthz", health),
    path("api/health", health),
    path("api/agent/new", new_game),
    path("api/agent/command", command),
    path("api/agent/state/<str:game_id>", game_state),
]

application = get_wsgi_application()


def main() -> None:
    from waitress import serve

    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("FOXGLOVE_PORT", "8000"))
    print(f"Foxglove is listening on http://{host}:{port}/", flush=True)
    serve(application, host=host, port=port, threads=4)


if __name__ == "__main__":
    main()
