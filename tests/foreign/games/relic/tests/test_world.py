import unittest

import relic_world as w


class WorldTest(unittest.TestCase):
    def test_solution_wins(self):
        g = w.fresh()
        for line in w.SOLUTION:
            ok, _ = w.act(g, line)
            self.assertTrue(ok, line)
        self.assertTrue(g["flags"]["game_won"])

    def test_crypt_is_dark_without_torch(self):
        g = w.fresh()
        w.act(g, "WALK DOWN")
        self.assertEqual(w.public(g)["place"]["things"], [])


if __name__ == "__main__":
    unittest.main()
