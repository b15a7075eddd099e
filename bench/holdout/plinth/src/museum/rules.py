"""The fixed numbers of the museum, as docs/rules.md states them."""

from __future__ import annotations

START_BUDGET = 1500.0
TICKET_PRICE = 4.5
UPKEEP_PER_DAY = 60.0
BASE_VISITORS = 30
VISITORS_PER_APPEAL_GOOD = 8
VISITORS_PER_APPEAL_DAMAGED = 4
MAX_DAYS_PER_OPENING = 5
REPUTATION_GOAL = 120
LAST_DAY = 15
DRAFT_EVERY = 3
GRANT_AT_VISITORS = 1000
GRANT_AMOUNT = 250.0

RESTORE_COST = {"cracked": 120.0, "fade": 80.0}
RESTORE_COST_OTHER = 100.0
CONDITION_FACTOR = {"good": 1.0, "faded": 0.6, "cracked": 0.5}

# slug -> (name, dealer id, price, wall size, appeal, condition on arrival)
OFFERS = {
    "amphora": ("Amphora", "vance", 300.0, 1, 4, "cracked"),
    "astrolabe": ("Astrolabe", "vance", 250.0, 1, 3, "good"),
    "mask": ("Bronze Mask", "vance", 200.0, 1, 2, "good"),
    "tapestry": ("Hunting Tapestry", "okafor", 450.0, 2, 6, "good"),
    "portrait": ("Portrait of a Lady", "okafor", 400.0, 1, 5, "faded"),
    "mosaic": ("Mosaic Panel", "okafor", 500.0, 2, 7, "cracked"),
}

DEALERS = {"vance": "Vance & Daughters", "okafor": "Okafor Antiquities"}

# room id -> (display name, wall space)
ROOMS = {
    "east": ("East Gallery", 3),
    "west": ("West Gallery", 2),
    "atrium": ("Atrium", 2),
}
