import unittest

from mirrorworks.game import Session, parse_coord, Refusal

WALKTHROUGH = [
    "rotate c1",
    "fire",
    "place mirror / at b3",
    "place mirror / at b5",
    "fire",
    "place mirror / at c2",
    "rotate c4",
    "place mirror / at e4",
    "fire",
]


class CoordTest(unittest.TestCase):
    def test_corners(self):
        self.assertEqual(parse_coord("a1"), (0, 0))
        self.assertEqual(parse_coord("f6"), (5, 5))

    def test_off_board_is_refused(self):
        for text in ("g1", "a7", "a0", "zz"):
            with self.assertRaises(Refusal):
                parse_coord(text)


class SessionTest(unittest.TestCase):
    def test_new_game(self):
        state = Session().state()
        self.assertEqual(state["level"], 1)
        self.assertEqual(state["inventory"], {"/": 1, "\\": 0})
        self.assertEqual(state["grid"][5], ">.\\...")

    def test_place_and_remove(self):
        session = Session()
        ok, _ = session.handle("place mirror / at b2")
        self.assertTrue(ok)
        self.assertEqual(session.state()["inventory"]["/"], 0)
        self.assertEqual(session.state()["placed"], ["b2"])
        ok, _ = session.handle("remove b2")
        self.assertTrue(ok)
        self.assertEqual(session.state()["inventory"]["/"], 1)

    def test_bolted_mirror_cannot_be_removed(self):
        ok, message = Session().handle("remove c1")
        self.assertFalse(ok)
        self.assertIn("bolted", message)

    def test_walkthrough_wins(self):
        session = Session()
        for command in WALKTHROUGH:
            ok, message = session.handle(command)
            self.assertTrue(ok, f"{command}: {message}")
        self.assertTrue(session.state()["won"])
        self.assertEqual(session.state()["solved_levels"], [1, 2, 3])


if __name__ == "__main__":
    unittest.main()
