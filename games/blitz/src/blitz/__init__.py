"""BLITZ: a grid action game advanced by commands."""
