"""Start Tidewright: `python server.py` serves on the port in TIDEWRIGHT_PORT (default 8080)."""

from __future__ import annotations

import os

from tidewright.server import serve


def main() -> None:
    port = int(os.environ.get("TIDEWRIGHT_PORT", "8080"))
    server = serve(port)
    print(f"Tidewright harbour office open on port {port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
