"""Invariants that hold in any game, on hand-made steps in shapes the catalogue does not use: a value above
its own maximum in a list of objects, a count below zero where it never was, and a counted thing that
appears or disappears across one command with nothing saying so (dicts of counts, lists of {id, qty})."""

from __future__ import annotations

from loop.qa_agents.explorer.bounds import BoundsOracle
from loop.qa_agents.explorer.conservation import CountConservationOracle, ItemConservationOracle
from loop.qa_agents.explorer.oracle_set import REGISTRY, Rank, session_oracles
from tests.explorer.hand_steps import game


def party(hp: int, stock: int = 2, fuel: int = 20) -> dict:
    return {
        "party": [{"name": "you", "hp": hp, "max_hp": 10}, {"name": "mule", "hp": 6, "max_hp": 6}],
        "wagon": {"fuel": fuel, "fuelMax": 60},
        "market": [{"id": "potion", "stock": stock, "price": 6}],
    }


def test_bounds_finds_hp_above_max_hp_in_a_list_of_party_members():
    steps = game(party(8), ("rest", party(11), True, "You rest."))
    [anomaly] = BoundsOracle().judge(steps, set())
    assert anomaly.subject == "party[you].hp" and "party[you].max_hp=10" in anomaly.title
    assert BoundsOracle().judge(game(party(8), ("rest", party(10), True, "You rest.")), set()) == []


def test_bounds_reads_a_camel_case_maximum_and_a_count_gone_below_zero():
    [over] = BoundsOracle().judge(game(party(8), ("refuel 50", party(8, fuel=70), True, "Topped up.")), set())
    assert over.subject == "wagon.fuel"
    sold_out = game(
        party(8),
        ("buy potion", party(8, stock=0), True, "Sold."),
        ("buy potion", party(8, -1), True, "Sold."),
    )
    [under] = BoundsOracle().judge(sold_out, set())
    assert under.subject == "market[potion].stock"


def packs(herbs: int, potions: int = 1, stats: int = 5, town: str = "well") -> dict:
    return {
        "where": {"name": town, "exits": ["north"], "floor": []},
        "cargo": {"herb": herbs, "potion": potions},
        "vitals": {"hp": stats},
    }


def test_a_counted_thing_that_vanishes_from_a_dict_of_counts_with_nothing_saying_so_is_found():
    steps = game(packs(3), ("go north", packs(2, town="road"), True, "You walk north."))
    [anomaly] = CountConservationOracle().judge(steps, set())
    assert anomaly.subject == "go herb disappears"
    # Said by the reply, or a record of stats that moved: not a thing that vanished.
    sold = game(packs(3), ("sell", packs(2), True, "You sell a herb."))
    assert CountConservationOracle().judge(sold, set()) == []
    hurt = game(packs(3), ("wait", packs(3, stats=2), True, "Time passes."))
    assert CountConservationOracle().judge(hurt, set()) == []


def test_a_stack_dropped_must_land_whole_on_the_floor():
    def pack(carried: int, floor: int) -> dict:
        return {
            "hero": {"pack": [{"id": "potion", "qty": carried}] if carried else []},
            "room": {
                "id": "market",
                "exits": ["west"],
                "floor": [{"id": "potion", "qty": floor}] if floor else [],
            },
        }

    emptied = game(pack(2, 0), ("drop potion", pack(0, 1), True, "You drop a potion."))
    [anomaly] = ItemConservationOracle().judge(emptied, set())
    assert anomaly.subject == "drop ok"
    for landed in (pack(1, 1), pack(0, 2)):  # one of the stack, or all of it
        assert (
            ItemConservationOracle().judge(game(pack(2, 0), ("drop potion", landed, True, "Done.")), set())
            == []
        )


def test_the_registry_ranks_invariants_first_and_declares_every_oracles_experiment():
    ranks = [entry.rank for entry in REGISTRY]
    assert ranks == sorted(ranks)
    judged = [oracle.name for oracle in session_oracles()]
    invariants = {entry.kind.name for entry in REGISTRY if entry.rank == Rank.INVARIANT}
    assert {"server-error", "bounds", "count-conservation"} <= invariants
    assert judged[: len(invariants & set(judged))] == [n for n in judged if n in invariants]
    assert all(callable(entry.experiment) for entry in REGISTRY)
