"""The fixed world of Quarrymoor: places, people, clues and what everybody says.

Nothing in here changes during a game; the engine keeps the changing parts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --- rules in numbers (docs/RULES.md repeats every one of these) -----------------

START_PURSE = 10  # shillings
ROOM_PRICE = 2  # a night at the Drover's Rest
PRICES = {"ale": 1, "lamp": 3}  # what Martha sells over the bar
SATCHEL_SIZE = 3  # items you can carry
DAY_STARTS = 8  # 08:00
DAY_ENDS = 18  # 18:00: after this only `rest` is possible
HAYLOFT_START = 9  # sleeping rough in the hayloft: the next day starts at 09:00
LAST_DAY = 3  # the county inspector arrives on the morning after this day
CLUES_TO_ARREST = 3  # casebook entries against one suspect before Constable Yeo will act
CULPRIT = "crane"
SUSPECTS = ("jory", "crane", "walter")
TEETOTAL = ("martha", "crane", "agnes")  # they will not take a drink off you


@dataclass(frozen=True)
class Place:
    key: str
    name: str
    description: str
    exits: tuple[str, ...]
    features: dict[str, str] = field(default_factory=dict)


PLACES: dict[str, Place] = {
    "inn": Place(
        "inn",
        "the Drover's Rest",
        "A low granite inn at the edge of the moor. A peat fire smokes in the taproom; "
        "Martha Pengelly keeps the bar and the rooms upstairs.",
        ("cottages", "office"),
        {
            "taproom": "Benches, a dart board, a slate of debts behind the bar. Half the quarry "
            "owes Martha for beer.",
            "slate": "The slate of debts: Hext 4s 2d, Bray 1s, Crane 9s 6d. The clerk drinks on tick.",
        },
    ),
    "cottages": Place(
        "cottages",
        "the quarrymen's cottages",
        "A row of six slate-roofed cottages in the lee of the spoil heap. The Redferns' is the "
        "end one, with the black ribbon on the door.",
        ("inn", "floor"),
        {
            "door": "A black ribbon is pinned to the Redferns' door. The step is freshly whitened.",
            "garden": "Leeks and a few cabbages, well kept. Silas was proud of his garden.",
        },
    ),
    "office": Place(
        "office",
        "the quarry office",
        "A stone hut with a tin roof by the weighbridge. The clerk's desk, a safe, a rack of "
        "pay tins and the great wage ledger.",
        ("inn", "floor"),
        {
            "ledger": "You turn the pages of the wage ledger. Since Lady Day three men have been "
            "paid every Friday who are on no gang list at all: Dawe, Lusty and Mabb. Every one of "
            "those lines is in the same neat clerk's hand.",
            "desk": "Pens, a blotter, a ruler. Everything squared to the edge of the desk.",
            "safe": "Locked. A brass plate reads CHUBB & SON.",
        },
    ),
    "floor": Place(
        "floor",
        "the quarry floor",
        "A bowl of grey granite open to the sky. Cranes, a sett-makers' shed and, high on the "
        "north face, the upper ledge.",
        ("cottages", "office", "store", "ledge"),
        {
            "scree": "The spot where Silas was found, on the scree under the north face. From here "
            "the upper ledge is straight above: forty feet of sheer rock.",
            "rockface": "Drill marks, old and new. The last charges blown here were a week ago.",
        },
    ),
    "store": Place(
        "store",
        "the powder store",
        "A squat windowless hut set well away from everything else, its door sheathed in "
        "copper. The night watchman sleeps in the lean-to beside it.",
        ("floor",),
        {
            "log": "The powder log, by lamplight. Sunday evening: 'J. Hext, 2 lb black powder, "
            "signed out.' No charge was fired on Sunday or Monday, and the powder never came back.",
            "hut": "Kegs on wooden racks. It smells of sulphur and damp.",
        },
    ),
    "ledge": Place(
        "ledge",
        "the upper ledge",
        "A narrow shelf of rock along the north face, reached by a zig-zag path. Gorse clings "
        "to its lip. The wind off the moor is hard up here.",
        ("floor",),
        {
            "gorse": "Deep in the gorse on the lip of the ledge something glints: a brass button, "
            "torn off with a thread still through it.",
            "path": "The zig-zag path up from the quarry floor. The turf at the top is scuffed as "
            "if two men had stood close together here.",
        },
    ),
}

PLACE_ALIASES = {
    "inn": "inn",
    "drovers": "inn",
    "drover's rest": "inn",
    "drovers rest": "inn",
    "pub": "inn",
    "cottages": "cottages",
    "cottage": "cottages",
    "row": "cottages",
    "office": "office",
    "quarry office": "office",
    "floor": "floor",
    "quarry floor": "floor",
    "quarry": "floor",
    "pit": "floor",
    "store": "store",
    "powder store": "store",
    "powder": "store",
    "ledge": "ledge",
    "upper ledge": "ledge",
}


@dataclass(frozen=True)
class Person:
    key: str
    name: str
    short: str
    place: str
    from_day: int
    about: str
    topics: dict[str, tuple[str, str | None]]  # topic -> (answer, clue or None)
    shrug: str


PEOPLE: dict[str, Person] = {
    "martha": Person(
        "martha",
        "Martha Pengelly",
        "Martha",
        "inn",
        1,
        "Martha Pengelly is polishing glasses behind the bar.",
        {
            "silas": (
                "'Poor Silas. He and Jory Hext were at each other's throats in here Sunday night, "
                "over the blasting rota. Jory swore he'd see him at the bottom of the pit.'",
                "quarrel",
            ),
            "jory": (
                "'Jory? He was that drunk I put him to bed in the back room myself at eleven, "
                "and he snored fit to shake the rafters till the cock crowed.'",
                "alibi",
            ),
            "crane": ("'Mr Crane? Fancies himself. Pays his slate late, when he pays it.'", None),
            "walter": ("'Walter Bray sleeps by the powder store. Ask him, he's up all night.'", None),
            "agnes": (
                "'Agnes went to her sister's in Tavistock after the inquest. She's back on the "
                "carrier's cart tomorrow.'",
                None,
            ),
        },
        "Martha shakes her head. 'Can't help you there, my love.'",
    ),
    "jory": Person(
        "jory",
        "Jory Hext",
        "Jory",
        "floor",
        1,
        "Jory Hext, the blaster, a big man with burnt hands, is sorting fuse by the crane.",
        {
            "silas": (
                "'We had words. I told him I'd break his neck. Words, that's all they were.'",
                "threat",
            ),
            "powder": (
                "'I signed out two pound on Sunday for Monday's charge. Then he was dead and "
                "nobody blasted. It's in my locker, go and look.'",
                None,
            ),
            "crane": ("'The clerk? Never done a day's lifting in his life.'", None),
            "walter": ("'Walter's all right. Sees everything at night, does Walter.'", None),
        },
        "Jory spits. 'Don't know nothing about that.'",
    ),
    "crane": Person(
        "crane",
        "Tobias Crane",
        "Crane",
        "office",
        1,
        "Tobias Crane, the quarry clerk, sits at his desk in a black frock coat.",
        {
            "silas": (
                "'A sad accident. Redfern was careless on the ledge path in the dark. The "
                "coroner was quite clear.'",
                None,
            ),
            "ledger": ("'The books are in perfect order, I assure you.'", None),
            "walter": (
                "'Bray? That idle man sleeps through every night shift. I have told the owners.'",
                "asleep",
            ),
            "jory": ("'Hext threatened him in front of the whole inn. Draw your own conclusions.'", None),
        },
        "Crane looks over his spectacles. 'I'm sure I couldn't say.'",
    ),
    "walter": Person(
        "walter",
        "Walter Bray",
        "Walter",
        "store",
        1,
        "Walter Bray, the night watchman, is brewing tea on a stove in the lean-to.",
        {
            "night": (
                "'Sunday night? About midnight I saw a lantern going up the ledge path, from the "
                "office way. Thought it was Silas on his rounds.'",
                "lantern",
            ),
            "silas": ("'Good foreman, Silas. Fair to the men.'", None),
            "crane": ("'Works late, the clerk does. Lamp burning in the office all hours.'", None),
        },
        "Walter scratches his head. 'Couldn't tell you, sir.'",
    ),
    "agnes": Person(
        "agnes",
        "Agnes Redfern",
        "Agnes",
        "cottages",
        2,
        "Agnes Redfern, Silas's widow, sits by the hearth in her black dress.",
        {
            "silas": (
                "'He came home Sunday white with temper. He said the wages were wrong, men paid "
                "who never worked, and he'd have it out with Mr Crane that very night.'",
                "warning",
            ),
            "crane": ("'Mr Crane sent a wreath. A big one.'", None),
            "jory": ("'Jory's all bark. He carried the coffin.'", None),
        },
        "Agnes looks at the fire. 'I don't know, sir.'",
    ),
}

PERSON_ALIASES = {
    "martha": "martha",
    "pengelly": "martha",
    "landlady": "martha",
    "jory": "jory",
    "hext": "jory",
    "blaster": "jory",
    "crane": "crane",
    "tobias": "crane",
    "clerk": "crane",
    "walter": "walter",
    "bray": "walter",
    "watchman": "walter",
    "agnes": "agnes",
    "redfern": "agnes",
    "widow": "agnes",
}

TOPIC_ALIASES = {
    "silas redfern": "silas",
    "redfern": "silas",
    "foreman": "silas",
    "hext": "jory",
    "jory hext": "jory",
    "tobias": "crane",
    "tobias crane": "crane",
    "clerk": "crane",
    "bray": "walter",
    "walter bray": "walter",
    "agnes redfern": "agnes",
    "wages": "ledger",
    "sunday": "night",
    "sunday night": "night",
    "lantern": "night",
}


@dataclass(frozen=True)
class Clue:
    key: str
    note: str
    points_to: str | None


CLUES: dict[str, Clue] = {
    "quarrel": Clue("quarrel", "Jory Hext quarrelled with Silas at the inn on Sunday night.", "jory"),
    "threat": Clue("threat", "Jory Hext admits he threatened to break Silas's neck.", "jory"),
    "powder": Clue("powder", "Hext signed out 2 lb of powder on Sunday; none fired, none returned.", "jory"),
    "alibi": Clue("alibi", "Martha put Jory Hext to bed drunk at eleven; he slept till dawn.", None),
    "ledger": Clue("ledger", "Three men who never worked are paid each week, in the clerk's hand.", "crane"),
    "lantern": Clue("lantern", "Walter saw a lantern go up the ledge path from the office at midnight.", "crane"),
    "warning": Clue("warning", "Silas meant to face Crane about the wages on Sunday night.", "crane"),
    "anchor": Clue("anchor", "Agnes knows the anchor button: Tobias Crane's frock coat.", "crane"),
    "asleep": Clue("asleep", "Crane says Walter Bray sleeps through his night shifts.", "walter"),
    "fall": Clue("fall", "Silas fell forty feet from the upper ledge onto the scree.", None),
    "gorse": Clue("gorse", "A torn-off brass button was caught in the gorse on the upper ledge.", None),
    "scuffed": Clue("scuffed", "The turf at the top of the ledge path is scuffed, as if by a struggle.", None),
}

# examining a feature that is evidence writes it in the casebook
FEATURE_CLUES = {
    ("office", "ledger"): "ledger",
    ("store", "log"): "powder",
    ("floor", "scree"): "fall",
    ("ledge", "gorse"): "gorse",
    ("ledge", "path"): "scuffed",
}

FEATURES_NEEDING_LAMP = {("store", "log"), ("store", "hut")}

ITEMS = {
    "ale": "A stone bottle of Martha's ale.",
    "lamp": "A brass hurricane lamp, trimmed and filled.",
    "button": "A brass button stamped with a fouled anchor, a thread of black cloth still through it.",
}

ITEM_ALIASES = {
    "ale": "ale",
    "beer": "ale",
    "bottle": "ale",
    "lamp": "lamp",
    "lantern": "lamp",
    "button": "button",
    "brass button": "button",
}

# (item, person) -> (reaction, clue or None)
SHOW_REACTIONS = {
    ("button", "agnes"): (
        "Agnes turns the button over. 'That's off Mr Crane's frock coat. Silas used to laugh at "
        "him for his anchor buttons, said he'd never been nearer the sea than Plymouth Hoe.'",
        "anchor",
    ),
    ("button", "crane"): (
        "Crane's hand drifts to the front of his coat, then away. 'I've never seen it before.'",
        None,
    ),
    ("button", "martha"): ("'Brass button? Could be anybody's, my love.'", None),
    ("button", "jory"): ("'Not off any coat of mine. I don't run to brass.'", None),
    ("button", "walter"): ("'Too fancy for the men, that.'", None),
}
