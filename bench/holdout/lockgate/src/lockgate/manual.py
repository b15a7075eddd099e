"""The keeper's manual, laid out like a man page."""

from __future__ import annotations

NAME = "lockgate - keep the two chambers of Hollins Flight on the Calder Cut for a three-day season"

SYNOPSIS = """COMMAND [--OPTION VALUE ...]
help [--command NAME]"""

# (name, usage, description)
ENTRIES = [
    ("help", "help [--command NAME]", "Show this manual, or only the entry for NAME. 'man' is the same command."),
    (
        "status",
        "status",
        "The day, cash in hand, the summit pound, water drawn against the daily allowance, boats through,\n"
        "and a line for each chamber.",
    ),
    (
        "boats",
        "boats [--status waiting|in_lock|passed]",
        "List the boats that have arrived: id, name, length, beam, heading and where each one is.\n"
        "Upbound boats wait below the lock, downbound boats above it.",
    ),
    ("chambers", "chambers", "List the chambers: length, beam, volume, water level, both gates, boats inside."),
    (
        "ledger",
        "ledger [--day N]",
        "The Company's cash book: every toll, pumping bill, upkeep and fine, numbered, with its day.",
    ),
    (
        "open",
        "open --chamber ID --gate upper|lower",
        "Open a gate. The upper gate opens only when the chamber is full (high), the lower gate only\n"
        "when it is empty (low), and never while the other gate of that chamber is open.",
    ),
    ("close", "close --chamber ID --gate upper|lower", "Close an open gate."),
    (
        "fill",
        "fill --chamber ID",
        "Wind up the top paddles: the chamber goes from low to high and draws its volume of water\n"
        "from the summit pound. Both gates must be closed and the pound must hold enough water.",
    ),
    (
        "empty",
        "empty --chamber ID",
        "Draw the bottom paddles: the chamber goes from high to low and its water runs away down the\n"
        "cut. Both gates must be closed. Emptying costs no summit water.",
    ),
    (
        "admit",
        "admit --boat ID --chamber ID",
        "Bring a waiting boat into a chamber through its entry gate (lower for upbound boats, upper\n"
        "for downbound), which must be open. Wide boats fit only the Wide chamber. The boats in a\n"
        "chamber must all head the same way and their lengths together may not exceed its length.",
    ),
    (
        "release",
        "release --boat ID",
        "Let a boat out of its chamber through its exit gate (upper for upbound boats, lower for\n"
        "downbound), which must be open, and take its toll.",
    ),
    (
        "pump",
        "pump --units N",
        "Back-pump N units from the lower pound into the summit pound at 1 coin per 4 units (a part\n"
        "of 4 is charged as a whole coin). N may not be more than the room left in the summit pound.",
    ),
    (
        "rest",
        "rest",
        "End the day: pay upkeep and any water fine, let the feeder refill the summit pound overnight\n"
        "and meet the next day's boats. Resting on the last day ends the season.",
    ),
]

NOTES = """Chamber 1, Narrow: 22 m long, narrow beam only, 25 units to fill.
Chamber 2, Wide: 40 m long, takes wide and narrow boats, 60 units to fill.
Both chambers start the season empty (low) with both gates closed.
Toll: 4 coins, plus 1 coin for every whole 5 m of the boat's length, plus 5 coins for a wide boat.
The toll is paid when the boat is released; the cash book records the full amount paid.
Summit pound: starts at 200 units and holds at most 300. The feeder adds 60 units each night,
never beyond 300.
Water allowance: 100 units drawn per day. Each unit drawn over it costs a 1-coin fine at nightfall.
Upkeep: 10 coins each night. If the cash in hand falls below 0 the Company takes back the keys.
Cash: you start with 30 coins.
The season lasts 3 days. Rest on day 3 to end it: you keep your post with at least 7 boats
through and at least 70 coins in hand.
See docs/rules.md for the full rules."""


def _indent(text: str, by: int) -> str:
    pad = " " * by
    return "\n".join(pad + line if line else line for line in text.splitlines())


def _entry(name: str, usage: str, description: str) -> str:
    return _indent(usage, 7) + "\n" + _indent(description, 11)


def manual() -> str:
    commands = "\n\n".join(_entry(*entry) for entry in ENTRIES)
    return (
        "LOCKGATE(6)                     Canal Games Manual                     LOCKGATE(6)\n\n"
        f"NAME\n{_indent(NAME, 7)}\n\n"
        f"SYNOPSIS\n{_indent(SYNOPSIS, 7)}\n\n"
        f"COMMANDS\n{commands}\n\n"
        f"NOTES\n{_indent(NOTES, 7)}"
    )


def command_entry(name: str) -> str | None:
    if name == "man":
        name = "help"
    for entry in ENTRIES:
        if entry[0] == name:
            _, usage, description = entry
            return (
                f"NAME\n{_indent(name, 7)}\n\nSYNOPSIS\n{_indent(usage, 7)}\n\n"
                f"DESCRIPTION\n{_indent(description, 7)}"
            )
    return None
