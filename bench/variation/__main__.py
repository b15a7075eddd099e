"""`python -m bench.variation --seed N --out DIR`: write the game of seed N into DIR."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.variation.generator import GenerationError, game_name, generate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.variation",
        description="Write a seeded test game (same mechanics and bugs, surface chosen by the seed). Seeds "
        "0-99 are for development and tests; seeds from 1000 on are kept for first-contact measurement.",
    )
    parser.add_argument("--seed", type=int, required=True, help="the seed (0 or more)")
    parser.add_argument("--out", type=Path, required=True, help="the game folder to write (new or empty)")
    args = parser.parse_args(argv)
    try:
        out = generate(args.seed, args.out)
    except (GenerationError, OSError) as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    print(f"{game_name(args.seed)}: written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
