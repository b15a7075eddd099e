import re
import unittest
from pathlib import Path

from farhaul.engine import HELP, Voyage

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(voyage: Voyage, *commands: str) -> tuple[bool, str]:
    result = (True, "")
    for command in commands:
        result = voyage.command(command)
    return result


class MenuTest(unittest.TestCase):
    def test_new_voyage_starts_docked_at_vega_with_the_lender_menu(self) -> None:
        voyage = Voyage()
        state = voyage.state()
        self.assertEqual(state["planet"], ["Vega", 0])
        self.assertEqual(state["ship"], ["Marlin", 60, 60, 0, 20])
        self.assertEqual((state["credits"], state["debt"], state["day"]), (250, 600, 1))
        self.assertIn("5) repay debt", voyage.intro())

    def test_help_explains_typing_and_shows_the_menu(self) -> None:
        ok, message = Voyage().command("help")
        self.assertTrue(ok)
        self.assertTrue(message.startswith(HELP))
        self.assertIn("4) launch", message)

    def test_number_and_name_reach_the_same_screen(self) -> None:
        by_number, by_name = Voyage(), Voyage()
        by_number.command("1")
        by_name.command("BUY goods")
        self.assertEqual(by_number.state()["screen"], "buy")
        self.assertEqual(by_name.state()["screen"], "buy")

    def test_unknown_option_is_refused_with_the_menu(self) -> None:
        ok, message = Voyage().command("dance")
        self.assertFalse(ok)
        self.assertIn("UNKNOWN OPTION.", message)

    def test_zero_goes_back_from_a_question(self) -> None:
        voyage = Voyage()
        play(voyage, "1", "2", "0")
        self.assertEqual(voyage.state()["screen"], "buy")
        play(voyage, "back")
        self.assertEqual(voyage.state()["screen"], "dock")

    def test_repay_is_offered_only_at_vega(self) -> None:
        voyage = Voyage()
        play(voyage, "launch", "altair")
        labels = [label for _, label in voyage.state()["options"]]
        self.assertNotIn("repay debt", labels)


class TradeTest(unittest.TestCase):
    def test_buying_charges_the_vega_price(self) -> None:
        voyage = Voyage()
        ok, message = play(voyage, "buy", "spice", "5")
        self.assertTrue(ok)
        self.assertEqual(voyage.state()["credits"], 100)
        self.assertIn(["spice", 5], voyage.state()["hold"])
        self.assertIn("BOUGHT 5 SPICE FOR 150 CR.", message)

    def test_buying_more_than_credits_allow_is_out_of_range(self) -> None:
        voyage = Voyage()
        ok, message = play(voyage, "buy", "medicine", "6")
        self.assertFalse(ok)
        self.assertIn("OUT OF RANGE.", message)
        self.assertEqual(voyage.state()["credits"], 250)

    def test_selling_pays_the_local_price(self) -> None:
        voyage = Voyage()
        play(voyage, "buy", "ore", "4", "sell", "ore")
        ok, message = voyage.command("4")
        self.assertTrue(ok)
        self.assertEqual(voyage.state()["credits"], 250)
        self.assertIn("SOLD 4 ORE FOR 40 CR.", message)

    def test_a_jump_burns_eight_fuel_and_a_day_per_sector(self) -> None:
        voyage = Voyage()
        ok, message = play(voyage, "launch", "deneb")
        self.assertTrue(ok)
        state = voyage.state()
        self.assertEqual(state["ship"][1], 44)
        self.assertEqual(state["day"], 3)
        self.assertEqual(state["credits"], 244)
        self.assertIn("DOCKED AT DENEB. FEE 6 CR.", message)

    def test_a_full_tank_cannot_be_refuelled(self) -> None:
        ok, message = Voyage().command("refuel")
        self.assertFalse(ok)
        self.assertIn("TANK FULL.", message)


class WalkthroughTest(unittest.TestCase):
    def test_the_walkthrough_wins(self) -> None:
        commands = re.findall(r"^\d+\. `([^`]+)`", WALKTHROUGH.read_text(), re.M)
        voyage = Voyage()
        for command in commands:
            ok, message = voyage.command(command)
            self.assertTrue(ok, f"{command!r} refused: {message}")
        self.assertTrue(voyage.state()["won"])
        ok, _ = voyage.command("1")
        self.assertFalse(ok)


if __name__ == "__main__":
    unittest.main()
