"""The manor as data: rooms, portable items and fixtures, and where everything starts."""

from __future__ import annotations

from dataclasses import dataclass, field

CARRY_LIMIT = 6
CHEST_PASSWORD = "nocturne"
FRAGMENTS = ("key fragment A", "key fragment B", "key fragment C")
LIGHT_SOURCES = ("candlestick", "oil lamp")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east", "up": "down", "down": "up"}


@dataclass(frozen=True)
class Item:
    """Something the player can carry."""

    name: str
    text: str
    aliases: tuple[str, ...] = ()
    readable: str = ""


@dataclass(frozen=True)
class Fixture:
    """Something that stays in its room. A container starts closed and holds `contents`."""

    name: str
    text: str
    aliases: tuple[str, ...] = ()
    contents: tuple[str, ...] = ()
    closed_text: str = ""
    open_text: str = ""


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    text: str
    exits: dict[str, str]
    fixtures: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    dark: bool = False
    gated_exits: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Exits that open only once a progression flag is set: direction -> (room, flag)."""


ITEMS: dict[str, Item] = {
    item.name: item
    for item in (
        Item("matches", "A small box of matches. Enough to light a candle or a lamp.", ("match", "box of matches")),
        Item("candlestick", "A heavy brass candlestick with a fresh candle.", ("candle",)),
        Item(
            "diary",
            "A water-stained diary bound in cracked leather.",
            readable="The last entry reads: 'The master keeps the way out in three pieces. Only whole can it "
            "turn the lock of the great door.'",
        ),
        Item("small key", "A small brass key with a tag reading 'storage'."),
        Item("bucket", "A dented tin bucket. It is empty."),
        Item("ladder", "A sturdy wooden ladder, long enough to reach a ceiling."),
        Item("rope", "A coil of old hemp rope."),
        Item("oil lamp", "A glass oil lamp, still half full of oil.", ("lamp",)),
        Item(
            "scroll",
            "A brittle scroll tied with a faded ribbon.",
            readable="In a spidery hand: 'The chest beneath the roof answers to the night's own music. "
            "Say NOCTURNE and it will open.'",
        ),
        Item("key fragment A", "One third of an iron key: the bow.", ("fragment a",)),
        Item("key fragment B", "One third of an iron key: the shank.", ("fragment b",)),
        Item("key fragment C", "One third of an iron key: the bit.", ("fragment c",)),
        Item("iron key", "A heavy iron key, forged whole from three fragments.", ("key",)),
    )
}

FIXTURES: dict[str, Fixture] = {
    fixture.name: fixture
    for fixture in (
        Fixture("sealed door", "A massive oak door bound in iron, with a heavy iron lock.", ("door", "hall door")),
        Fixture("storage door", "A narrow door on the west wall, marked 'Storage'.", ("storage",)),
        Fixture("portrait", "A stern nobleman glares down from a gilt frame."),
        Fixture("torch bracket", "An empty iron bracket, black with old soot.", ("bracket",)),
        Fixture("bed", "A canopy bed under dusty drapes. Nothing hides beneath it."),
        Fixture(
            "bedside drawer",
            "A small wooden drawer beside the bed.",
            ("drawer",),
            contents=("small key",),
            closed_text="The bedside drawer is shut; a small key rattles inside it.",
            open_text="The bedside drawer stands open.",
        ),
        Fixture("stove", "A cold cast-iron stove, its door rusted open.", ("oven",)),
        Fixture(
            "toolbox",
            "A battered metal toolbox.",
            ("box", "tool box"),
            contents=("key fragment B",),
            closed_text="A battered toolbox sits closed in the corner.",
            open_text="A battered toolbox lies open in the corner.",
        ),
        Fixture("bookshelves", "Shelves of mouldering books climb to a trapdoor in the ceiling.", ("shelves",)),
        Fixture("reading desk", "A slanted reading desk, scratched by years of use.", ("desk",)),
        Fixture(
            "old chest",
            "An old oak chest. Letters are carved around its clasp, waiting for a word.",
            ("chest",),
            contents=("key fragment A",),
            closed_text="An old chest sits under the eaves, its clasp locked.",
            open_text="An old chest sits under the eaves, its lid thrown back.",
        ),
        Fixture("telescope", "A brass telescope aimed at a grimy skylight."),
        Fixture("wine barrels", "Rows of wine barrels, long since dry.", ("barrels", "barrel")),
        Fixture("rusted iron door", "An iron door rusted solid into its frame.", ("iron door", "door")),
    )
}

ROOMS: dict[str, Room] = {
    room.id: room
    for room in (
        Room(
            "hall",
            "Hall",
            "You stand in the hall of a silent manor. The sealed door, the only way out, looms to the south. "
            "A corridor leads north, the kitchen lies east, the storage door is set in the west wall, and "
            "stairs go down into the basement.",
            {"north": "corridor", "east": "kitchen", "down": "basement"},
            fixtures=("sealed door", "storage door"),
            items=("matches", "candlestick"),
            gated_exits={"west": ("storage", "storage_unlocked")},
        ),
        Room(
            "corridor",
            "Corridor",
            "A long corridor. A portrait hangs above an empty torch bracket. The bedroom is east, the library "
            "west, and the hall south.",
            {"south": "hall", "east": "bedroom", "west": "library"},
            fixtures=("portrait", "torch bracket"),
        ),
        Room(
            "bedroom",
            "Bedroom",
            "A cold bedroom. A canopy bed sags under dusty drapes. The corridor is back west.",
            {"west": "corridor"},
            fixtures=("bed", "bedside drawer"),
            items=("diary",),
        ),
        Room(
            "kitchen",
            "Kitchen",
            "A greasy kitchen smelling of old smoke. A stove squats against the wall. The hall is west.",
            {"west": "hall"},
            fixtures=("stove",),
            items=("bucket", "ladder"),
        ),
        Room(
            "storage",
            "Storage",
            "A cramped storage room lined with empty shelves. The hall is east.",
            {"east": "hall"},
            fixtures=("toolbox",),
            items=("rope", "oil lamp"),
        ),
        Room(
            "library",
            "Library",
            "A dusty library. The bookshelves climb to a trapdoor in the ceiling, and a reading desk stands "
            "in the middle. The corridor is east.",
            {"east": "corridor"},
            fixtures=("bookshelves", "reading desk"),
            items=("scroll",),
            gated_exits={"up": ("attic", "ladder_placed")},
        ),
        Room(
            "attic",
            "Attic",
            "A low attic under the roof. A telescope points at a grimy skylight. The trapdoor leads down.",
            {"down": "library"},
            fixtures=("old chest", "telescope"),
        ),
        Room(
            "basement",
            "Basement",
            "A damp basement. Rows of wine barrels line the walls beside a rusted iron door. Stairs lead up.",
            {"up": "hall"},
            fixtures=("wine barrels", "rusted iron door"),
            items=("key fragment C",),
            dark=True,
        ),
    )
}

START_ROOM = "hall"
