import pathlib
import re
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from railway import Railway  # noqa: E402

WALKTHROUGH = pathlib.Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(railway, *commands):
    reply = None
    for command in commands:
        reply = railway.command(command)
    return reply


class Shift(unittest.TestCase):
    def test_walkthrough_wins_with_full_score(self):
        railway = Railway()
        for command in re.findall(r"`([^`]+)`", WALKTHROUGH.read_text()):
            railway.command(command)
        state = railway.state()
        self.assertTrue(state["won"])
        self.assertEqual(state["score"], 60)
        self.assertEqual(state["pax.delivered"], 290)

    def test_dispatch_needs_a_green_signal(self):
        railway = Railway()
        message, ok = railway.command("DISPATCH T1 TO ELMWOOD")
        self.assertFalse(ok)
        self.assertIn("S1 AT RED", message)

    def test_no_departure_before_timetable(self):
        railway = Railway()
        message, ok = play(railway, "SET S2 GREEN", "DISPATCH T3 TO CRESTON")
        self.assertFalse(ok)
        self.assertIn("06:10", message)

    def test_signal_returns_to_red_behind_a_train(self):
        railway = Railway()
        play(railway, "SET S1 GREEN", "DISPATCH T1 TO BRAMLEY")
        state = railway.state()
        self.assertEqual(state["signal.S1"], "RED")
        self.assertEqual(state["block.B1"], "T1")

    def test_block_takes_ten_minutes(self):
        railway = Railway()
        play(railway, "SET S1 GREEN", "DISPATCH T1 TO BRAMLEY", "ADVANCE 9")
        self.assertEqual(railway.state()["train.T1.at"], "B1")
        message, _ = railway.command("ADVANCE 1")
        self.assertIn("06:10 T1 STOPS AT BRAMLEY", message)
        self.assertEqual(railway.state()["block.B1"], "CLEAR")

    def test_passing_a_red_signal_ends_the_shift(self):
        railway = Railway()
        message, _ = play(railway, "SET S1 GREEN", "DISPATCH T1 TO ELMWOOD", "ADVANCE 15")
        self.assertIn("PASSES S2 AT DANGER", message)
        self.assertTrue(railway.state()["shift.over"])
        self.assertFalse(railway.state()["won"])

    def test_collision_ends_the_shift(self):
        railway = Railway()
        play(railway, "SET S1 GREEN", "SET S2 GREEN", "DISPATCH T1 TO CRESTON", "ADVANCE 12", "SET S2 GREEN")
        message, _ = railway.command("DISPATCH T3 TO CRESTON")
        self.assertIn("COLLISION", message)
        self.assertTrue(railway.state()["shift.over"])

    def test_on_time_and_very_late_points(self):
        railway = Railway()
        play(railway, "ADVANCE 30", "SET S2 GREEN", "DISPATCH T3 TO CRESTON")
        message, _ = railway.command("ADVANCE 10")
        self.assertIn("06:40 T3 ARRIVES CRESTON 5 MIN LATE", message)
        railway = Railway()
        play(railway, "SET S2 GREEN", "ADVANCE 15", "DISPATCH T3 TO CRESTON")
        message, _ = railway.command("ADVANCE 10")
        self.assertIn("+20 PTS", message)
        railway = Railway()
        play(railway, "ADVANCE 40", "SET S2 GREEN", "DISPATCH T3 TO CRESTON")
        message, _ = railway.command("ADVANCE 10")
        self.assertIn("+0 PTS", message)

    def test_shift_ends_at_eight(self):
        railway = Railway()
        play(railway, "ADVANCE 60", "ADVANCE 60")
        state = railway.state()
        self.assertEqual(state["clock"], "08:00")
        self.assertTrue(state["shift.over"])
        _, ok = railway.command("ADVANCE 1")
        self.assertFalse(ok)

    def test_help_is_a_box_table(self):
        message, ok = Railway().command("help")
        self.assertTrue(ok)
        lines = message.splitlines()
        self.assertTrue(lines[0].startswith("+-"))
        self.assertIn("| COMMAND", lines[1])
        for verb in ("SET", "DISPATCH", "HOLD", "ADVANCE", "STATUS"):
            self.assertIn(f"| {verb} ", message)

    def test_unknown_command_is_refused(self):
        message, ok = Railway().command("JUMP T1")
        self.assertFalse(ok)
        self.assertTrue(message.startswith("??"))


if __name__ == "__main__":
    unittest.main()
