"""Run the game: `python -m lockgate.server` (HOST, LOCKGATE_PORT; 127.0.0.1:8000 by default)."""

from __future__ import annotations

import logging
import os

import waitress

from lockgate.app import make_app


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("LOCKGATE_PORT", "8000"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("lockgate").info("Lockgate listening on http://%s:%d", host, port)
    waitress.serve(make_app(), host=host, port=port, threads=4, ident="lockgate")


if __name__ == "__main__":
    main()
