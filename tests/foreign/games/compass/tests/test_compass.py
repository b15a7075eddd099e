import unittest

import compass_server as game


class CompassTest(unittest.TestCase):
    def test_the_gate_opens_with_the_key(self):
        s = game.new_session()
        for command in ["go east", "go south", "take key", "go east", "unlock gate", "go out"]:
            ok, _ = game.act(s, command)
            self.assertTrue(ok, command)
        self.assertTrue(s["escaped"])
        self.assertEqual(s["day"], 4)


if __name__ == "__main__":
    unittest.main()
