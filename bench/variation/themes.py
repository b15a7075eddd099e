"""Word lists for the names of a generated game: a theme, then one name per role drawn from the theme's lists.

Places are (name, description); items are (singular, plural), one word each so a player types them whole;
a creature's name may have two words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

Place = tuple[str, str]
Noun = tuple[str, str]

PLACE_ROLES = ("start", "shop", "store", "lair", "vault")
ITEM_ROLES = ("coin", "weapon", "potion", "junk", "key", "treasure")


@dataclass(frozen=True)
class Theme:
    titles: tuple[str, ...]
    places: dict[str, tuple[Place, ...]]
    items: dict[str, tuple[Noun, ...]]
    creatures: tuple[str, ...]
    doors: tuple[str, ...]


THEMES: dict[str, Theme] = {
    "fantasy": Theme(
        titles=("Embervale", "The Hollow Keep", "Mistmoor"),
        places={
            "start": (
                ("Village Square", "A well stands in the middle of the trampled square."),
                ("Crossroads", "Four muddy roads meet under a leaning signpost."),
                ("Town Gate", "The old gate is propped open with a cart wheel."),
            ),
            "shop": (
                ("Trading Post", "Shelves of jars and blades line the walls."),
                ("Apothecary", "Bundles of herbs hang from the rafters."),
                ("Market Stall", "A striped awning flaps over a cluttered counter."),
            ),
            "store": (
                ("Old Barn", "Hay is piled against the crooked walls."),
                ("Root Cellar", "The air smells of earth and turnips."),
                ("Woodshed", "Split logs are stacked to the roof."),
            ),
            "lair": (
                ("Mossy Cave", "Water drips from the green ceiling."),
                ("Bone Pit", "Old bones crunch underfoot."),
                ("Dark Hollow", "Twisted roots claw at the walls."),
            ),
            "vault": (
                ("Treasury", "Empty chests line the walls of the stone room."),
                ("Hidden Shrine", "Candles burn before a cracked altar."),
                ("Crypt", "Stone coffins rest in shadowed niches."),
            ),
        },
        items={
            "coin": (("coin", "coins"), ("crown", "crowns"), ("florin", "florins")),
            "weapon": (("sword", "swords"), ("axe", "axes"), ("mace", "maces")),
            "potion": (("potion", "potions"), ("elixir", "elixirs"), ("tonic", "tonics")),
            "junk": (("pebble", "pebbles"), ("acorn", "acorns"), ("candle", "candles")),
            "key": (("key", "keys"), ("keystone", "keystones")),
            "treasure": (("chalice", "chalices"), ("amulet", "amulets"), ("sceptre", "sceptres")),
        },
        creatures=("troll", "ogre", "cave troll", "wyvern"),
        doors=("door", "gate", "portcullis"),
    ),
    "space": Theme(
        titles=("Orbital Nine", "Derelict Drift", "Station Halcyon"),
        places={
            "start": (
                ("Docking Ring", "Magnetic clamps hum along the curved floor."),
                ("Airlock Hub", "Warning lights pulse over the sealed airlocks."),
                ("Main Corridor", "Pipes and cables run the length of the corridor."),
            ),
            "shop": (
                ("Supply Depot", "A vending robot blinks behind a plexiglass counter."),
                ("Trade Kiosk", "Holographic price tags float over the crates."),
                ("Quartermaster Bay", "Racks of gear are bolted to the bulkheads."),
            ),
            "store": (
                ("Cargo Hold", "Crates are strapped down in neat rows."),
                ("Storage Pod", "Loose parts drift in a net."),
                ("Maintenance Shaft", "Tools are clipped along the ladder."),
            ),
            "lair": (
                ("Reactor Room", "The reactor glows a sickly blue."),
                ("Engine Deck", "Turbines thrum behind a grille."),
                ("Hydroponics Lab", "Overgrown vines choke the grow lights."),
            ),
            "vault": (
                ("Captain's Quarters", "A neatly made bunk faces a star chart."),
                ("Secure Vault", "Lockers line the walls of the armoured room."),
                ("Bridge", "Silent consoles face the wide viewport."),
            ),
        },
        items={
            "coin": (("credit", "credits"), ("chip", "chips"), ("scrip", "scrips")),
            "weapon": (("blaster", "blasters"), ("phaser", "phasers"), ("wrench", "wrenches")),
            "potion": (("serum", "serums"), ("medbrew", "medbrews"), ("nectar", "nectars")),
            "junk": (("fuse", "fuses"), ("washer", "washers"), ("spring", "springs")),
            "key": (("keycard", "keycards"), ("passkey", "passkeys")),
            "treasure": (("crystal", "crystals"), ("datacore", "datacores"), ("artifact", "artifacts")),
        },
        creatures=("rogue drone", "space slug", "alien", "mutant"),
        doors=("hatch", "bulkhead", "airlock"),
    ),
    "office": Theme(
        titles=("Quarterly Review", "Floor Thirteen", "The Corner Office"),
        places={
            "start": (
                ("Lobby", "A tired ficus guards the revolving door."),
                ("Reception", "A bell sits on the empty front desk."),
                ("Elevator Bank", "Three lifts wait with their doors open."),
            ),
            "shop": (
                ("Cafeteria", "A cashier waits behind the tray rail."),
                ("Vending Corner", "Machines glow with snacks and drinks."),
                ("Supply Desk", "Forms and pens are stacked in trays."),
            ),
            "store": (
                ("Mailroom", "Parcels are heaped in canvas carts."),
                ("Copy Room", "The copier wheezes in the corner."),
                ("Archive", "Filing cabinets stretch into the dark."),
            ),
            "lair": (
                ("Server Room", "Fans roar between the blinking racks."),
                ("Open Plan", "Empty desks stretch under flickering lights."),
                ("Break Room", "The microwave door hangs open."),
            ),
            "vault": (
                ("Corner Office", "A leather chair faces the city skyline."),
                ("Boardroom", "A long table is set with name cards."),
                ("Executive Suite", "Thick carpet muffles every step."),
            ),
        },
        items={
            "coin": (("voucher", "vouchers"), ("token", "tokens"), ("quarter", "quarters")),
            "weapon": (("stapler", "staplers"), ("umbrella", "umbrellas"), ("ruler", "rulers")),
            "potion": (("coffee", "coffees"), ("soda", "sodas"), ("smoothie", "smoothies")),
            "junk": (("paperclip", "paperclips"), ("thumbtack", "thumbtacks"), ("eraser", "erasers")),
            "key": (("badge", "badges"), ("keycard", "keycards")),
            "treasure": (("trophy", "trophies"), ("plaque", "plaques"), ("contract", "contracts")),
        },
        creatures=("angry printer", "auditor", "office goose", "shredder"),
        doors=("door", "turnstile"),
    ),
    "kitchen": Theme(
        titles=("Midnight Snack", "The Last Truffle", "Sous Chef"),
        places={
            "start": (
                ("Pantry", "Jars of preserves line the shelves."),
                ("Scullery", "A deep sink is stacked with pots."),
                ("Back Door", "Crates of vegetables wait by the step."),
            ),
            "shop": (
                ("Deli Counter", "Cheeses and sausages hang over the counter."),
                ("Spice Stall", "Sacks of spice scent the air."),
                ("Bakery Window", "Fresh loaves cool on wire racks."),
            ),
            "store": (
                ("Larder", "Sacks of flour lean against the wall."),
                ("Cold Store", "Frost coats the hanging hams."),
                ("Cupboard", "Mismatched plates are stacked high."),
            ),
            "lair": (
                ("Dish Pit", "Greasy water gurgles in the drains."),
                ("Grill Line", "The grills hiss and spit."),
                ("Bin Yard", "Overflowing bins lean in the corner."),
            ),
            "vault": (
                ("Wine Cellar", "Dusty bottles rest in rows of racks."),
                ("Chef's Office", "Recipe cards cover the pinboard."),
                ("Walk-in Safe", "A steel shelf holds the chef's treasures."),
            ),
        },
        items={
            "coin": (("penny", "pennies"), ("cent", "cents"), ("nickel", "nickels")),
            "weapon": (("ladle", "ladles"), ("cleaver", "cleavers"), ("skillet", "skillets")),
            "potion": (("broth", "broths"), ("soup", "soups"), ("tea", "teas")),
            "junk": (("spoon", "spoons"), ("cork", "corks"), ("napkin", "napkins")),
            "key": (("key", "keys"), ("latchkey", "latchkeys")),
            "treasure": (("truffle", "truffles"), ("cookbook", "cookbooks"), ("saffron", "saffrons")),
        },
        creatures=("giant rat", "cockroach", "raccoon"),
        doors=("hatch", "door", "shutter"),
    ),
    "ocean": Theme(
        titles=("Salt and Brine", "The Drowned Cove", "Black Tide"),
        places={
            "start": (
                ("Harbour Quay", "Gulls wheel over the tarred planks."),
                ("Fishing Pier", "Nets dry on posts along the pier."),
                ("Lighthouse Steps", "Waves slap the foot of the tower."),
            ),
            "shop": (
                ("Chandlery", "Coils of rope hang from iron hooks."),
                ("Dockside Tavern", "A barrel serves as the bar."),
                ("Fish Market", "Ice glistens under the day's catch."),
            ),
            "store": (
                ("Boathouse", "An upturned dinghy rests on trestles."),
                ("Net Loft", "Floats and nets are heaped in corners."),
                ("Tide Pool", "Crabs scuttle between the rocks."),
            ),
            "lair": (
                ("Sea Cave", "The tide booms in the dark."),
                ("Wreck Hold", "Seawater sloshes around broken crates."),
                ("Kelp Grotto", "Kelp sways in the green water."),
            ),
            "vault": (
                ("Captain's Cabin", "A brass lamp swings over the chart table."),
                ("Smugglers' Den", "Barrels are marked with faded skulls."),
                ("Sunken Chapel", "Barnacles crust the pews."),
            ),
        },
        items={
            "coin": (("doubloon", "doubloons"), ("shilling", "shillings"), ("pearl", "pearls")),
            "weapon": (("cutlass", "cutlasses"), ("harpoon", "harpoons"), ("oar", "oars")),
            "potion": (("grog", "grogs"), ("rum", "rums"), ("cider", "ciders")),
            "junk": (("shell", "shells"), ("cork", "corks"), ("button", "buttons")),
            "key": (("key", "keys"), ("latchkey", "latchkeys")),
            "treasure": (("idol", "idols"), ("compass", "compasses"), ("figurehead", "figureheads")),
        },
        creatures=("giant crab", "sea serpent", "kraken", "eel"),
        doors=("grate", "hatch", "door"),
    ),
}


@dataclass(frozen=True)
class Names:
    """The names one game uses, by role."""

    theme: str
    title: str
    places: dict[str, Place]
    items: dict[str, Noun]
    creature: str
    door: str


def draw_names(theme_name: str, rng: random.Random) -> Names:
    theme = THEMES[theme_name]
    return Names(
        theme=theme_name,
        title=rng.choice(theme.titles),
        places={role: rng.choice(theme.places[role]) for role in PLACE_ROLES},
        items={role: rng.choice(theme.items[role]) for role in ITEM_ROLES},
        creature=rng.choice(theme.creatures),
        door=rng.choice(theme.doors),
    )


def name_choices(theme_name: str) -> int:
    """How many different sets of names one theme can give."""
    theme = THEMES[theme_name]
    count = len(theme.titles) * len(theme.creatures) * len(theme.doors)
    for role in PLACE_ROLES:
        count *= len(theme.places[role])
    for role in ITEM_ROLES:
        count *= len(theme.items[role])
    return count
