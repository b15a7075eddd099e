"""The town of Lanternhook as data: its places, the things lying about, the people and the clues."""

from __future__ import annotations

from typing import Any

START_PLACE = "quay"
START_HOUR = 21
DAWN_HOUR = 6
MOVES_PER_HOUR = 5
SATCHEL_LIMIT = 10
LANTERN_OIL = 10

CULPRIT = "Jory Quill"
VICTIM = "Silas Penhallow"
CLUES_NEEDED = ("page of dues", "chandler's brand", "broken alibi")
EVIDENCE_NEEDED = ("torn page", "gaff hook")

DIRECTIONS = ("north", "south", "east", "west", "up", "down")
SHORT_DIRECTIONS = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down"}

PLACES: dict[str, dict[str, Any]] = {
    "quay": {
        "name": "the Quay",
        "aliases": ["quay", "harbour", "harbor"],
        "dark": False,
        "exits": {"north": "market", "west": "boathouse", "east": "office", "south": "pier"},
        "description": (
            "Wet cobbles shine under a single gas lamp. Nets lie heaped against the iron bollards, and the "
            "black water of the harbour slaps at the weed-green steps."
        ),
        "fixtures": {
            "bollards": "Squat iron bollards, scarred by a century of rope. One still wears a frayed mooring line.",
            "nets": "Drying nets, stiff with salt and smelling of yesterday's catch.",
        },
    },
    "boathouse": {
        "name": "the Boathouse",
        "aliases": ["boathouse", "boat house", "shed"],
        "dark": False,
        "exits": {"east": "quay"},
        "description": (
            "A long shed that smells of tar and varnish. Upturned hulls rest on trestles like sleeping "
            "whales, and a workbench stands by the door."
        ),
        "fixtures": {
            "workbench": "A scarred workbench, littered with shavings and bent nails.",
            "hulls": "Three upturned hulls, their keels pale with fresh paint.",
        },
    },
    "office": {
        "name": "the Harbour Office",
        "aliases": ["harbour office", "harbor office", "office"],
        "dark": False,
        "exits": {"west": "quay"},
        "description": (
            "A cramped room of tide charts and pigeonholes. Silas Penhallow's chair is pushed back from the "
            "desk, as though he had stepped out meaning to return."
        ),
        "fixtures": {
            "desk": "The harbourmaster's desk: an inkwell gone dry, a pen laid neatly beside it.",
            "chart": "A tide chart of the bay, high water marked in red at half past eleven.",
        },
    },
    "market": {
        "name": "Market Row",
        "aliases": ["market row", "market", "row", "street"],
        "dark": False,
        "exits": {"south": "quay", "north": "chapel", "east": "tavern", "west": "chandlery"},
        "description": (
            "Shuttered stalls climb the steep street up from the harbour. Lamplight spills from the Gaff and "
            "Gull to the east, the chapel stands dark at the top of the hill, and the chandlery's sign creaks "
            "to the west."
        ),
        "fixtures": {
            "stalls": "Fish stalls, scrubbed and shuttered for the night.",
            "sign": "A painted sign: QUILL, CHANDLER, ROPE & OIL & ALL NEEDFUL THINGS.",
        },
    },
    "chapel": {
        "name": "St Brannoc's Chapel",
        "aliases": ["st brannocs chapel", "st brannoc", "chapel", "church"],
        "dark": False,
        "exits": {"south": "market"},
        "description": (
            "Candle stubs gutter beneath a window of saints in fishing boats. The pews are plain and worn "
            "smooth by generations of Sunday coats."
        ),
        "fixtures": {
            "pews": "Plain oak pews. Each family has its own; the names are cut into the ends.",
            "window": "Saint Brannoc, crossing the sea on a millstone, stares down at you in blue glass.",
        },
    },
    "tavern": {
        "name": "the Gaff and Gull",
        "aliases": ["gaff and gull", "tavern", "inn", "pub"],
        "dark": False,
        "exits": {"west": "market", "down": "cellar"},
        "description": (
            "Low beams, a smoking fire and a bar polished by elbows. The drinkers have gone home; a trapdoor "
            "behind the bar leads down to the cellar."
        ),
        "fixtures": {
            "bar": "The bar is sticky with the evening's ale.",
            "fire": "A peat fire, banked for the night.",
            "trapdoor": "A trapdoor of old ship's timber. Stone steps go down into darkness.",
        },
    },
    "cellar": {
        "name": "the Tavern Cellar",
        "aliases": ["tavern cellar", "cellar"],
        "dark": True,
        "exits": {"up": "tavern"},
        "description": "Casks stand in rows along the damp walls, and the floor is gritty with sand.",
        "fixtures": {
            "casks": "Ale casks, chalked with the brewer's marks.",
        },
    },
    "chandlery": {
        "name": "Quill's Chandlery",
        "aliases": ["quills chandlery", "chandlery", "shop"],
        "dark": False,
        "exits": {"east": "market"},
        "description": (
            "Shelves of tackle, tar, lamp oil and coiled line reach to the rafters. Everything is labelled "
            "in the same cramped, careful hand."
        ),
        "fixtures": {
            "shelves": "Jars, hooks, tins and spools, every one labelled in a cramped hand.",
            "counter": "A counter with a brass scale. A branding iron hangs on a nail behind it.",
        },
    },
    "pier": {
        "name": "the Pier",
        "aliases": ["pier", "jetty"],
        "dark": False,
        "exits": {"north": "quay", "east": "smokehouse", "down": "cave"},
        "description": (
            "The pier runs out into the fog on barnacled legs. An iron ladder drops to the shingle and the "
            "mouth of a sea cave; the smokehouse squats at the landward end."
        ),
        "fixtures": {
            "ladder": "An iron ladder, slick with weed, going down to the shingle.",
            "fog": "Fog rolls in off the bay, thick enough to lean on.",
        },
    },
    "smokehouse": {
        "name": "the Smokehouse",
        "aliases": ["smokehouse", "smoke house"],
        "dark": True,
        "exits": {"west": "pier"},
        "description": "Racks of kippers hang in the reek of old oak smoke. The firepit is cold.",
        "fixtures": {
            "racks": "Racks of split herring, bronzed by the smoke.",
            "firepit": "Cold ash, and in it the curled ghost of burnt paper.",
        },
    },
    "cave": {
        "name": "the Sea Cave",
        "aliases": ["sea cave", "cave"],
        "dark": True,
        "exits": {"up": "pier"},
        "description": "The sea breathes in and out of the cave. Rock pools glint among the stones.",
        "fixtures": {
            "pools": "Rock pools, cold and clear. Something has been dragged across the weed.",
        },
    },
}

# Where each thing lies when the case opens, and what it weighs in pounds.
ITEMS: dict[str, dict[str, Any]] = {
    "lobster pot": {"place": "quay", "weight": 5, "text": "A wicker lobster pot, empty and smelling of bait."},
    "cork float": {"place": "quay", "weight": 1, "text": "A cork float, painted red, from somebody's net."},
    "lantern": {
        "place": "boathouse",
        "weight": 3,
        "text": "A storm lantern of dented brass with a glass chimney.",
    },
    "matches": {"place": "boathouse", "weight": 1, "text": "A tin of strike-anywhere matches, nearly full."},
    "oar": {"place": "boathouse", "weight": 6, "text": "A long ash oar, its blade worn thin."},
    "coil of rope": {"place": "boathouse", "weight": 4, "text": "A coil of tarred hemp rope, neatly whipped."},
    "ledger": {
        "place": "office",
        "weight": 2,
        "text": "The harbour ledger. Someone has razored a page out of the last month's dues.",
        "clue": "missing pages",
    },
    "oil flask": {"place": "chandlery", "weight": 2, "text": "A stoppered flask of lamp oil."},
    "wet oilskin": {
        "place": "cellar",
        "weight": 3,
        "text": "A chandler's oilskin coat, soaked with seawater and stuffed behind the casks.",
        "clue": "wet oilskin",
    },
    "torn page": {
        "place": "smokehouse",
        "weight": 1,
        "text": "A ledger page, scorched at one corner. The dues on it have been altered in a cramped hand.",
        "clue": "page of dues",
    },
    "gaff hook": {
        "place": "cave",
        "weight": 4,
        "text": "A gaff hook with a dark stain on its point. A brand on the handle reads Q.",
        "clue": "chandler's brand",
    },
}

PEOPLE: dict[str, dict[str, Any]] = {
    "Jory Quill": {
        "place": "chandlery",
        "aliases": ["jory", "quill", "chandler", "mr quill"],
        "text": "The chandler: ink on his fingers, a careful smile, eyes that never quite settle.",
    },
    "Reverend Amos Hale": {
        "place": "chapel",
        "aliases": ["reverend", "hale", "amos", "vicar", "priest", "reverend hale"],
        "text": "A stooped old clergyman with a fisherman's hands and a kind, tired face.",
    },
    "Maud Trevelyan": {
        "place": "tavern",
        "aliases": ["maud", "trevelyan", "landlady"],
        "text": "The landlady of the Gaff and Gull, sleeves rolled, missing nothing.",
    },
    "Ned Carrow": {
        "place": "pier",
        "aliases": ["ned", "carrow", "deckhand"],
        "text": "A young deckhand mending a net by the light of a guttering lamp.",
    },
}

# The notebook's wording for each clue, in the order the notebook lists them.
CLUES: dict[str, str] = {
    "missing pages": "Pages have been razored out of the harbour ledger.",
    "page of dues": "A torn ledger page lists harbour dues, altered in a cramped hand.",
    "chandler's brand": "The gaff hook from the Sea Cave bears the brand of Quill's chandlery.",
    "wet oilskin": "A chandler's oilskin, soaked with seawater, lay hidden in the tavern cellar.",
    "Quill's alibi": "Jory Quill says he was at vespers all evening.",
    "broken alibi": "Reverend Hale says Quill's pew stood empty at vespers.",
    "quarrel over dues": "Silas swore the harbour dues were short, the day he died.",
    "Quill keeps the books": "Jory Quill keeps the harbour's figures.",
    "Ned's debts": "Ned Carrow owed Silas money.",
}


def item_entry(name: str) -> dict[str, Any]:
    """A thing as the state shows it: name and weight (and the lantern's flame and oil)."""
    entry: dict[str, Any] = {"name": name, "weight": ITEMS[name]["weight"]}
    if name == "lantern":
        entry.update(lit=False, oil=LANTERN_OIL)
    return entry


def new_world() -> dict[str, Any]:
    """Every place's loose things, as a fresh case starts."""
    return {
        place: {"items": [item_entry(name) for name, item in ITEMS.items() if item["place"] == place]}
        for place in PLACES
    }


def people_at(place: str) -> list[str]:
    return [name for name, person in PEOPLE.items() if person["place"] == place]

