"""Run Ryemarket with uvicorn: PORT (default 8000) and HOST (default 0.0.0.0) from the environment."""

from __future__ import annotations

import os

import uvicorn


def main() -> None:
    uvicorn.run("ryemarket.app:app", host=os.environ.get("HOST", "0.0.0.0"),
                port=int(os.environ.get("PORT", "8000")), log_level="warning")


if __name__ == "__main__":
    main()
