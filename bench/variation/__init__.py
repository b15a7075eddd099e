"""Seeded test games: the same mechanics and injected bugs under a surface that changes with the seed.

`python -m bench.variation --seed N --out DIR`; what varies and what does not is told in `generator`.
"""
