"""The rules of the charter, played through the Voyage object."""

from __future__ import annotations

import re
import unittest
from pathlib import Path

from tidewright.game import Voyage

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(voyage: Voyage, *commands: str) -> None:
    for command in commands:
        reply = voyage.handle(command)
        if not reply.success:
            raise AssertionError(f"{command!r} was refused: {reply.message}")


class StartTest(unittest.TestCase):
    def test_a_new_voyage_starts_as_the_charter_says(self) -> None:
        state = Voyage().state()
        self.assertEqual(state["ledger"], {"coins": 150, "debt": 400})
        self.assertEqual(state["calendar"], {"week": 1, "day": 1})
        self.assertEqual(state["fleet"]["flagship"], "heron")
        heron = state["fleet"]["boats"]["heron"]
        self.assertEqual(
            heron, {"cargo": {}, "fuel": 12, "fuelMax": 12, "hold": 10, "at": "Saltby", "docked": True}
        )
        self.assertEqual([c["status"] for c in state["contracts"]], ["offered"] * 4)
        self.assertFalse(state["won"])

    def test_help_lists_the_offices(self) -> None:
        message = Voyage().handle("?").message
        for label in ("Navigation", "Trade", "Fleet", "Contracts", "Counting House"):
            self.assertIn(label, message)

    def test_an_unknown_command_is_a_refusal_letter(self) -> None:
        reply = Voyage().handle("hoist the mainsail")
        self.assertFalse(reply.success)
        self.assertTrue(reply.message.startswith("Harbourmaster's note: we regret"))


class TradeTest(unittest.TestCase):
    def test_loading_and_selling_at_home_prices(self) -> None:
        voyage = Voyage()
        play(voyage, "load three crates of salt")
        self.assertEqual(voyage.state()["fleet"]["boats"]["heron"]["cargo"], {"salt": 3})
        self.assertEqual(voyage.coins, 132)
        reply = voyage.handle("sell 3 salt")
        self.assertIn("three crates of salt", reply.message)
        self.assertEqual(voyage.coins, 150)
        self.assertEqual(voyage.state()["fleet"]["boats"]["heron"]["cargo"], {})

    def test_a_hold_never_overflows(self) -> None:
        voyage = Voyage()
        reply = voyage.handle("load 11 salt")
        self.assertFalse(reply.success)
        self.assertEqual(voyage.coins, 150)

    def test_selling_what_is_not_aboard_is_refused(self) -> None:
        voyage = Voyage()
        play(voyage, "load 2 wool")
        self.assertFalse(voyage.handle("unload 3 wool").success)
        self.assertEqual(voyage.state()["fleet"]["boats"]["heron"]["cargo"], {"wool": 2})


class NavigationTest(unittest.TestCase):
    def test_a_berthed_boat_cannot_sail(self) -> None:
        voyage = Voyage()
        self.assertFalse(voyage.handle("sail Gullhaven").success)
        self.assertEqual(voyage.boat.at, "Saltby")

    def test_a_voyage_burns_days_times_burn_and_takes_days(self) -> None:
        voyage = Voyage()
        play(voyage, "undock", "sail Kestrel")
        heron = voyage.state()["fleet"]["boats"]["heron"]
        self.assertEqual((heron["at"], heron["docked"], heron["fuel"]), ("Kestrel", False, 6))
        self.assertEqual(voyage.state()["calendar"], {"week": 1, "day": 3})

    def test_a_heavy_boat_pays_half_the_berth_fee_again(self) -> None:
        voyage = Voyage()
        play(voyage, "load 10 salt", "undock", "sail Brindle")
        coins = voyage.coins
        play(voyage, "dock")
        self.assertEqual(coins - voyage.coins, 22)


class ContractTest(unittest.TestCase):
    def test_a_delivered_contract_pays_its_reward(self) -> None:
        voyage = Voyage()
        play(voyage, "accept 1", "load 8 salt", "undock", "sail Brindle", "dock")
        coins = voyage.coins
        play(voyage, "deliver 1")
        self.assertEqual(voyage.coins - coins, 200)
        self.assertEqual(voyage.state()["contracts"][0]["status"], "delivered")
        self.assertEqual(voyage.state()["fleet"]["boats"]["heron"]["cargo"], {})

    def test_a_contract_is_signed_only_where_it_is_offered(self) -> None:
        voyage = Voyage()
        self.assertFalse(voyage.handle("accept 2").success)
        self.assertEqual(voyage.state()["contracts"][1]["status"], "offered")

    def test_an_offer_past_its_due_day_is_withdrawn(self) -> None:
        voyage = Voyage()
        play(voyage, *["wait"] * 6)
        self.assertEqual(voyage.state()["contracts"][0]["status"], "withdrawn")
        self.assertEqual(voyage.debt, 400)


class LoanTest(unittest.TestCase):
    def test_the_bank_calls_the_loan_when_week_five_begins(self) -> None:
        voyage = Voyage()
        play(voyage, *["z"] * 27)
        self.assertFalse(voyage.over)
        self.assertEqual(voyage.state()["calendar"], {"week": 4, "day": 7})
        play(voyage, "wait")
        self.assertTrue(voyage.lost)
        self.assertFalse(voyage.handle("load 1 salt").success)

    def test_repaying_away_from_saltby_is_refused(self) -> None:
        voyage = Voyage()
        play(voyage, "undock")
        self.assertFalse(voyage.handle("repay 10").success)
        self.assertEqual(voyage.debt, 400)

    def test_the_walkthrough_wins(self) -> None:
        voyage = Voyage()
        for line in WALKTHROUGH.read_text().splitlines():
            command = re.search(r"`([^`]+)`", line)
            if command:
                play(voyage, command.group(1))
        self.assertTrue(voyage.state()["won"])
        self.assertEqual(voyage.debt, 0)


if __name__ == "__main__":
    unittest.main()
