"""Run the game: `python -m vintry` (VINTRY_PORT, default 8080; HOST, default 127.0.0.1)."""

from __future__ import annotations

import os

import uvicorn


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("VINTRY_PORT", "8080"))
    uvicorn.run("vintry.app:app", host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()
