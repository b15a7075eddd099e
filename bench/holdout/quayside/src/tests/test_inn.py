import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import inn  # noqa: E402

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")


def play(state, *commands):
    result = None
    for command in commands:
        result = inn.run_command(state, command)
        assert result[0], f"{command}: {result[1]}"
    return result


class MoneyAndHelp(unittest.TestCase):
    def test_money_prints_pounds(self):
        self.assertEqual(inn.money(850), "£8.50")
        self.assertEqual(inn.money(55000), "£550.00")
        self.assertEqual(inn.money(-1000), "-£10.00")

    def test_help_is_an_aligned_table(self):
        ok, text = inn.run_command(inn.new_state(), "/help")
        self.assertTrue(ok)
        rows = text.splitlines()[2:]
        starts = {len(re.match(r"(\S.*?\s{2,})\S", row).group(1)) for row in rows}
        self.assertEqual(len(starts), 1)
        for name in inn.COMMANDS:
            self.assertIn(f"/{name}", text)

    def test_commands_need_a_slash(self):
        state = inn.new_state()
        self.assertFalse(inn.run_command(state, "help")[0])
        self.assertFalse(inn.run_command(state, "")[0])
        self.assertFalse(inn.run_command(state, "/fly")[0])


class CheckIn(unittest.TestCase):
    def test_checkin_fills_room(self):
        state = inn.new_state()
        play(state, "/checkin g-001 r12")
        r12 = inn.room(state, "R12")
        self.assertEqual((r12["status"], r12["occupantId"]), ("occupied", "G-001"))
        self.assertEqual(inn.guest(state, "G-001")["roomId"], "R12")

    def test_refusals_change_nothing(self):
        state = inn.new_state()
        before = repr(state)
        self.assertFalse(inn.run_command(state, "/checkin G-003 R21")[0])   # dirty
        self.assertFalse(inn.run_command(state, "/checkin G-003 R12")[0])   # too small
        self.assertFalse(inn.run_command(state, "/checkin G-004 R22")[0])   # not arrived
        self.assertFalse(inn.run_command(state, "/checkin G-001")[0])       # usage
        self.assertFalse(inn.run_command(state, "/checkin G-001 R99")[0])
        self.assertEqual(before, repr(state))

    def test_cleaner_does_two_rooms_a_night(self):
        state = inn.new_state()
        for r in state["rooms"]:
            r["status"] = "dirty"
        play(state, "/clean R21", "/clean R11")
        self.assertFalse(inn.run_command(state, "/clean R12")[0])
        play(state, "/endnight", "/clean R12")
        self.assertEqual([e["night"] for e in state["rota"]], [1, 1, 2])


class Bills(unittest.TestCase):
    def test_breakfast_charges_each_person(self):
        state = inn.new_state()
        play(state, "/clean R21", "/checkin G-003 R21", "/extra G-003 breakfast")
        self.assertEqual(inn.bill_total(inn.guest(state, "G-003")), 3 * 850)

    def test_two_boats_a_night(self):
        state = inn.new_state()
        play(state, "/checkin G-001 R12", "/extra G-001 boat", "/extra G-001 boat")
        self.assertEqual(state["boatsOut"], 2)
        play(state, "/endnight")
        self.assertEqual(state["boatsOut"], 0)

    def test_checkout_pays_into_drawer(self):
        state = inn.new_state()
        play(state, "/checkin G-002 R11", "/endnight")
        self.assertFalse(inn.run_command(state, "/checkout G-001")[0])
        play(state, "/checkout G-002")
        self.assertEqual(state["drawerPence"], inn.OPENING_FLOAT + 4800)
        self.assertEqual(inn.room(state, "R11")["status"], "dirty")

    def test_early_checkout_refused(self):
        state = inn.new_state()
        play(state, "/checkin G-001 R12")
        self.assertFalse(inn.run_command(state, "/checkout G-001")[0])

    def test_open_complaint_blocks_checkout(self):
        state = inn.new_state()
        play(state, "/checkin G-001 R12", "/endnight", "/endnight")
        self.assertFalse(inn.run_command(state, "/checkout G-001")[0])
        play(state, "/resolve C-1")
        self.assertEqual(inn.guest(state, "G-001")["creditsPence"], 1000)


class Ending(unittest.TestCase):
    def walkthrough(self):
        with open(os.path.join(DOCS, "WALKTHROUGH.md"), encoding="utf-8") as handle:
            return re.findall(r"^- `(/[^`]+)`", handle.read(), re.M)

    def test_walkthrough_wins(self):
        state = inn.new_state()
        play(state, *self.walkthrough())
        self.assertTrue(state["gameOver"])
        self.assertTrue(state["won"])
        self.assertGreaterEqual(state["drawerPence"], state["targetPence"])

    def test_closing_with_guests_in_loses(self):
        state = inn.new_state()
        play(state, "/checkin G-002 R11", "/endnight", "/endnight", "/endnight")
        self.assertTrue(state["gameOver"])
        self.assertFalse(state["won"])
        self.assertFalse(inn.run_command(state, "/checkout G-002")[0])
        self.assertTrue(inn.run_command(state, "/drawer")[0])


if __name__ == "__main__":
    unittest.main()
