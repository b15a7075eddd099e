"""The three workshop benches. Rows are listed top (row 6) to bottom (row 1)."""

from __future__ import annotations

LEVELS = [
    {
        "name": "The Apprentice Bench",
        "shots": 3,
        "mirrors": {"/": 1},
        "rows": [
            "......",
            "..T...",
            "......",
            "....#.",
            "......",
            ">.\\...",
        ],
    },
    {
        "name": "The Long Table",
        "shots": 3,
        "mirrors": {"/": 2, "\\": 1},
        "rows": [
            "......",
            "....\\.",
            "......",
            ">..#..",
            "......",
            "....T.",
        ],
    },
    {
        "name": "The Master's Vault",
        "shots": 2,
        "mirrors": {"/": 3},
        "rows": [
            "...#T.",
            "......",
            "..\\...",
            "....#.",
            ">.....",
            "......",
        ],
    },
]

MIRROR_KINDS = ("/", "\\")
