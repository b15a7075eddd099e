import re
import unittest
from pathlib import Path

from summit.expedition import Expedition, weather_on

ROOT = Path(__file__).resolve().parent.parent


def play(*commands: str) -> Expedition:
    game = Expedition()
    for command in commands:
        ok, message = game.command(command)
        assert ok, f"{command!r} refused: {message}"
    return game


class ExpeditionTest(unittest.TestCase):
    def test_walkthrough_wins(self) -> None:
        text = (ROOT / "docs" / "walkthrough.md").read_text()
        commands = re.findall(r"`([^`]+)`", text)
        game = play(*commands)
        self.assertTrue(game.won)
        self.assertTrue(game.state()["expedition"]["won"])

    def test_new_expedition(self) -> None:
        state = Expedition().state()
        self.assertEqual(state["expedition"]["camp"], "Base Camp")
        self.assertEqual([m["name"] for m in state["team"]], ["Mara", "Tenzin", "Olek"])
        self.assertEqual(state["stores"], {"Base Camp": {"oxygen": 9, "rope": 4}})

    def test_weather_cycle(self) -> None:
        self.assertEqual([weather_on(d) for d in range(1, 10)],
                         ["clear", "clear", "wind", "clear", "storm", "clear", "wind", "clear", "clear"])

    def test_ascend_costs_twenty_stamina(self) -> None:
        game = play("asc")
        self.assertEqual([m["stamina"] for m in game.team], [80, 80, 80])
        self.assertEqual(game.camp, "Camp I")
        self.assertEqual(game.state()["expedition"]["time"], "14:00")

    def test_too_late_to_climb(self) -> None:
        game = play("asc")
        ok, message = game.command("asc")
        self.assertFalse(ok)
        self.assertIn("10:00", message)

    def test_rope_needed_on_the_grey_face(self) -> None:
        game = play("asc", "camp", "asc", "camp")
        ok, message = game.command("ascend")
        self.assertFalse(ok)
        self.assertIn("fixed ropes", message)

    def test_acclimatisation_needed_above_camp_three(self) -> None:
        game = play("carry 3 oxygen", "carry 2 rope", "asc", "camp", "asc", "fix rope", "fix rope", "camp", "asc",
                    "camp")
        self.assertEqual(game.state()["expedition"]["acclimatised"], "Base Camp")
        ok, message = game.command("asc")
        self.assertFalse(ok)
        self.assertIn("acclimatised", message)

    def test_rest_gains_ten(self) -> None:
        game = play("asc", "rest")
        self.assertEqual([m["stamina"] for m in game.team], [90, 90, 90])

    def test_carry_and_leave(self) -> None:
        game = play("carry 3 oxygen", "leave 2 oxygen")
        self.assertEqual(sum(m["oxygen"]["bottles"] for m in game.team), 1)
        self.assertEqual(game.stores["Base Camp"]["oxygen"], 8)

    def test_carry_limit(self) -> None:
        game = play("carry 4 rope")
        ok, _ = game.command("carry 3 rope")
        self.assertFalse(ok)

    def test_unknown_order_is_refused(self) -> None:
        ok, message = Expedition().command("dance")
        self.assertFalse(ok)
        self.assertIn("help", message)

    def test_help_is_a_faq(self) -> None:
        ok, message = Expedition().command("help")
        self.assertTrue(ok)
        self.assertIn("Q: How do we move up?", message)

    def test_send_down_refused_at_base(self) -> None:
        ok, _ = Expedition().command("send mara down")
        self.assertFalse(ok)


if __name__ == "__main__":
    unittest.main()
