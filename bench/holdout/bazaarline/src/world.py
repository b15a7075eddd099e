"""The road from Qarsa to Sijilmar: its oases, their merchants and their prices.

Every number here is the one RULES.md states. Prices are whole dinars per unit: `buy` is what the
merchant asks of you, `sell` what he pays you. A good an oasis does not trade is simply absent.
"""

GOODS = ("water", "dates", "salt", "indigo", "incense")

# What a player may type for each good.
GOOD_NAMES = {
    "water": "water", "skin": "water", "skins": "water", "waterskin": "water", "waterskins": "water",
    "date": "dates", "dates": "dates",
    "salt": "salt",
    "indigo": "indigo",
    "incense": "incense", "frankincense": "incense",
}

START_PURSE = 150
START_DAY = 1
LAST_DAY = 20            # the fair at Sijilmar closes at the end of this day
GOAL_PURSE = 500         # what you must hold at Sijilmar to win
CAMEL_CAPACITY = 10      # units of load per camel, water included
MAX_CAMELS = 4
WATER_PER_CAMEL = 1      # skins drunk per camel per day on the road
REST_FEE = 3             # a night at a caravanserai
HAGGLE_DISCOUNT = 20     # percent off every buying price of goods and water

START_CAMELS = (
    {"name": "Zahra", "load": {"water": 6}},
    {"name": "Nadim", "load": {}},
)
# The names the camel-dealers give, in the order you buy.
CAMEL_NAMES = ("Samira", "Bashir", "Layla", "Qamar", "Faris")

# Merchants' tempers: the argument each one gives way to when you haggle.
PRAISE, QUANTITY, RIVAL = "praise", "quantity", "rival"

OASES = (
    {
        "name": "Qarsa",
        "days_from_previous": 0,
        "blurb": "a huddle of mud walls and palms around a deep well, where the sands begin",
        "merchant": "Old Hamid",
        "temper": PRAISE,
        "merchant_blurb": "Old Hamid sits among his sacks and bolts, stroking each as if it were a favourite child.",
        "tale": "Hamid tells of the year the well of Qarsa ran sweet as milk, and how the whole town grew fat and lazy "
                "until the sand came back to teach them.",
        "camel_price": 40,
        "prices": {
            "water": {"buy": 1, "sell": 1},
            "dates": {"buy": 4, "sell": 3},
            "salt": {"buy": 5, "sell": 3},
        },
    },
    {
        "name": "Bir Saba",
        "days_from_previous": 2,
        "blurb": "seven wells in a ring of black rock, and a market under striped awnings",
        "merchant": "Umm Rashida",
        "temper": QUANTITY,
        "merchant_blurb": "Umm Rashida counts coins even as she greets you; her eyes go to the size of your string of camels.",
        "tale": "Umm Rashida speaks of a merchant who sold the same camel three times in one night, and was paid in "
                "the end with his own coin.",
        "camel_price": None,
        "prices": {
            "water": {"buy": 2, "sell": 1},
            "dates": {"buy": 6, "sell": 4},
            "salt": {"buy": 9, "sell": 8},
            "indigo": {"buy": 12, "sell": 10},
        },
    },
    {
        "name": "Wadi Hamra",
        "days_from_previous": 3,
        "blurb": "a red canyon where a thin stream runs for half the year, and the dyers' vats steam",
        "merchant": "Yusuf the Tall",
        "temper": RIVAL,
        "merchant_blurb": "Yusuf the Tall keeps glancing across the stream, where a second stall has opened under a green awning.",
        "tale": "Yusuf tells of the jinn who guards the canyon's mouth and asks every traveller a riddle; the answer, "
                "he swears, is always 'water'.",
        "camel_price": 55,
        "prices": {
            "water": {"buy": 3, "sell": 2},
            "dates": {"buy": 7, "sell": 5},
            "salt": {"buy": 10, "sell": 7},
            "indigo": {"buy": 24, "sell": 20},
            "incense": {"buy": 18, "sell": 15},
        },
    },
    {
        "name": "Tamr",
        "days_from_previous": 2,
        "blurb": "an ocean of date palms, so thick that the noon sun cannot find the ground",
        "merchant": "Farouk",
        "temper": QUANTITY,
        "merchant_blurb": "Farouk weighs everything twice and asks, before your name, how much you mean to carry away.",
        "tale": "Farouk tells of the palm that bore golden dates for one season, and of the greedy sheikh who cut it "
                "down to find the gold inside.",
        "camel_price": None,
        "prices": {
            "water": {"buy": 2, "sell": 1},
            "dates": {"buy": 2, "sell": 1},
            "salt": {"buy": 13, "sell": 11},
            "indigo": {"buy": 26, "sell": 22},
            "incense": {"buy": 30, "sell": 26},
        },
    },
    {
        "name": "Sijilmar",
        "days_from_previous": 3,
        "blurb": "the great walled city at the end of the road, where the fair fills every square with banners",
        "merchant": "Master Idris",
        "temper": PRAISE,
        "merchant_blurb": "Master Idris of the Fair wears three rings on each hand and speaks of his own goods as poems.",
        "tale": "Master Idris tells of the caravan of a thousand camels that came to Sijilmar in his grandfather's "
                "day, and how the fair lasted a whole month to swallow its loads.",
        "camel_price": 80,
        "prices": {
            "water": {"buy": 4, "sell": 2},
            "dates": {"buy": 9, "sell": 8},
            "salt": {"buy": 17, "sell": 15},
            "indigo": {"buy": 32, "sell": 28},
            "incense": {"buy": 46, "sell": 40},
        },
    },
)

FINAL_STOP = len(OASES) - 1
