"""The game's own tests: they pass on the shipped build and miss the injected bugs, as real suites do."""

from game import Game

game = Game()
assert game.command("go bedroom") == (True, game.describe())
assert game.command("take small key")[0] is False, "the key is in the closed drawer"
game.command("open drawer")
assert game.command("take small key")[0]
game.command("go hall")
assert game.command("unlock door")[0] and game.won
print("ok")
