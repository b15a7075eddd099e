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


def test_a_purse_the_reply_shows_below_zero_is_a_debt_by_design():
    def books(purse: int) -> dict:
        return {"week": 1, "purse": purse}

    unpaid = game(books(3), ("close", books(-4), True, "WK 7 CLOSED. WAGE UNPAID. PURSE -4s 0d"))
    assert BoundsOracle().judge(unpaid, set()) == []
    owing = game(books(3), ("close", books(-4), True, "The week closes. You are in debt to the miller."))
    assert BoundsOracle().judge(owing, set()) == []
    docked = game(books(3), ("close", books(-4), True, "4 items were late: 7s off your purse."))
    assert BoundsOracle().judge(docked, set()) == []
    # Gone below zero with nothing saying so, or the amount stated of another thing: still found.
    [silent] = BoundsOracle().judge(game(books(3), ("close", books(-4), True, "WK 7 CLOSED.")), set())
    assert silent.subject == "purse"
    other = game(books(3), ("close", books(-4), True, "7 crates shipped; purse settled."))
    assert [a.subject for a in BoundsOracle().judge(other, set())] == ["purse"]
    typed = game(books(3), ("spend 7", books(-4), True, "You spend 7 from your purse."))  # the echo of a typo
    assert [a.subject for a in BoundsOracle().judge(typed, set())] == ["purse"]


def test_a_temperature_below_zero_is_a_measure_not_a_count_gone_negative():
    def baths(temperature: int, towels: int = 2) -> dict:
        return {"pools": [{"name": "Hot Pool", "tempC": temperature, "towels": towels}]}

    cooled = game(baths(2), ("wait 6", baths(-4), True, "You wait. The evening is cold."))
    assert BoundsOracle().judge(cooled, set()) == []
    snake = game({"water_temp": 3}, ("wait", {"water_temp": -1}, True, "You wait."))
    assert BoundsOracle().judge(snake, set()) == []
    # A count beside it that goes negative is still found.
    [under] = BoundsOracle().judge(game(baths(2), ("wait", baths(2, towels=-1), True, "You wait.")), set())
    assert under.subject == "pools[Hot Pool].towels"


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


def test_what_the_game_speaks_of_is_not_a_silent_vanishing():
    def shelf(vials: int, draughts: int, coal: int = 1) -> dict:
        return {
            "inventory": [["VIAL", vials], ["COAL", coal]],
            "shelves": [["CALM DRAUGHT", draughts]] if draughts else [],
        }

    # A recipe the reply speaks of uses up a vial it does not name.
    bottled = game(shelf(2, 0), ("bottle", shelf(1, 2), True, "You bottle 2 doses of CALM DRAUGHT."))
    assert CountConservationOracle().judge(bottled, set()) == []
    # The help line of the command says what it uses; an id's underscores part its words.
    oracle = CountConservationOracle()
    fed = game(
        shelf(2, 0),
        ("help", shelf(2, 0), True, "Commands:\n  feed  -- add coal to the forge\n  look"),
        ("feed", shelf(2, 0, coal=0), True, "The forge roars."),
    )
    assert oracle.judge(fed[:2], set()) == [] and oracle.judge(fed, set()) == []
    keys = {"pack": [{"id": "brass_key", "qty": 1}]}
    unlocked = game(keys, ("unlock", {"pack": []}, True, "The [BRASS KEY] turns and stays in the lock."))
    assert CountConservationOracle().judge(unlocked, set()) == []
    # A load puts a whole earlier state back: undo-restores judges it.
    restored = game(shelf(1, 0), ("restore", shelf(2, 0), True, "Restored."))
    assert CountConservationOracle().judge(restored, set()) == []
    # Nothing named, nothing exchanged: a vial that leaves with the reply silent is found.
    [lost] = CountConservationOracle().judge(
        game(shelf(2, 0), ("wait", shelf(1, 0), True, "Time passes.")), set()
    )
    assert lost.subject == "wait vial disappears"


def test_gold_taken_from_the_floor_into_a_purse_is_not_a_vanished_item():
    def hero(floor: int, purse: int) -> dict:
        return {
            "hero": {"pack": [], "purse": {"gold": purse}},
            "room": {
                "id": "cellar",
                "exits": ["south"],
                "floor": [{"id": "gold", "qty": floor}] if floor else [],
            },
        }

    taken = game(hero(5, 3), ("take gold", hero(0, 8), True, "You pocket 5 gold."))
    assert ItemConservationOracle().judge(taken, set()) == []
    lost = game(hero(5, 3), ("take gold", hero(0, 3), True, "You pocket 5 gold."))
    [anomaly] = ItemConservationOracle().judge(lost, set())
    assert anomaly.subject == "take ok"


def test_what_a_place_shows_may_change_with_the_place_where_the_state_names_none():
    def at(lying: list[str], carried: int) -> dict:
        return {
            "here": {"lying": [{"item": name, "count": 1} for name in lying]},
            "bag": [["FLORIN", carried]],
        }

    walked = game(at(["candle"], 2), ("east", at(["rope"], 2), True, "You walk east."))
    assert CountConservationOracle().judge(walked, set()) == []
    # what the player carries is still counted: a florin gone from the bag on a walk is found
    [lost] = CountConservationOracle().judge(
        game(at(["candle"], 2), ("east", at(["rope"], 1), True, "You walk east.")), set()
    )
    assert lost.subject == "east florin disappears"


def test_a_bare_capacity_bounds_the_one_number_beside_it_not_a_rooms_rate():
    tank = {"tanks": [{"id": "t1", "level": 8, "capacity": 10}]}
    [over] = BoundsOracle().judge(
        game(tank, ("fill t1", {"tanks": [{"id": "t1", "level": 12, "capacity": 10}]}, True, "Filled.")),
        set(),
    )
    assert over.subject == "tanks[t1].level"
    room = {"rooms": [{"id": "R11", "ratePence": 4800, "capacity": 1, "floor": 1}]}
    assert BoundsOracle().judge(game(room, ("look", room, True, "Rooms.")), set()) == []
