"""Serve Cinder Yard with uvicorn: `python -m cinderyard` (port from YARD_PORT, default 8080)."""

import os

import uvicorn


def main() -> None:
    port = int(os.environ.get("YARD_PORT", "8080"))
    host = os.environ.get("YARD_HOST", "0.0.0.0")
    uvicorn.run("cinderyard.web:app", host=host, port=port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
