"""Fixed tables of the season: targets, sky conditions, prices."""

from __future__ import annotations

from dataclasses import dataclass

SEASON_NIGHTS = 10
NIGHT_MINUTES = 480          # dusk 20:00 to dawn 04:00
DUSK_HOUR = 20
SLEW_MINUTES = 10
MIN_EXPOSURE = 5
MAX_EXPOSURE = 120

START_BUDGET = 1500
START_PLATES = 4
PLATE_PRICE = 45
BOX_SIZE = 12
BOX_PLATE_PRICE = 40
MAX_ORDER = 24
DEVELOP_COST = 15
NIGHT_COST = 120
PAGE_CHARGE = 250

USABLE_QUALITY = 50
POINTS_NEEDED = 60
TARGETS_NEEDED = 4


@dataclass(frozen=True)
class Target:
    key: str
    name: str
    kind: str
    magnitude: float
    required: int      # minutes of exposure for a full-quality plate
    rises: int         # minutes after dusk
    sets: int          # minutes after dusk


TARGETS: dict[str, Target] = {
    t.key: t
    for t in (
        Target("m13", "Hercules Cluster", "globular cluster", 5.8, 30, 0, 180),
        Target("m31", "Andromeda Galaxy", "spiral galaxy", 3.4, 40, 0, 480),
        Target("m42", "Orion Nebula", "emission nebula", 4.0, 20, 0, 300),
        Target("m51", "Whirlpool Galaxy", "spiral galaxy", 8.4, 90, 120, 480),
        Target("m57", "Ring Nebula", "planetary nebula", 8.8, 60, 60, 420),
        Target("ngc7000", "North America Nebula", "emission nebula", 4.0, 45, 0, 360),
    )
}


@dataclass(frozen=True)
class Sky:
    sky: str
    seeing: int        # tenths of an arcsecond
    transparency: int  # percent


SKIES = {"clear": 100, "hazy": 70, "cloudy": 40, "overcast": 0}

# The almanac the observatory works from this season, night 1 first.
ALMANAC: tuple[Sky, ...] = (
    Sky("clear", 12, SKIES["clear"]),
    Sky("hazy", 20, SKIES["hazy"]),
    Sky("overcast", 35, SKIES["overcast"]),
    Sky("clear", 14, SKIES["clear"]),
    Sky("cloudy", 28, SKIES["cloudy"]),
    Sky("clear", 18, SKIES["clear"]),
    Sky("overcast", 40, SKIES["overcast"]),
    Sky("clear", 11, SKIES["clear"]),
    Sky("hazy", 22, SKIES["hazy"]),
    Sky("clear", 15, SKIES["clear"]),
)


def seeing_penalty(seeing: int) -> int:
    """Quality points lost to the seeing (tenths of an arcsecond)."""
    if seeing <= 15:
        return 0
    if seeing <= 25:
        return 10
    return 25
