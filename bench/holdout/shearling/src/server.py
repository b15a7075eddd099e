"""Serve the station with gevent's WSGI server.

    SHEARLING_PORT=8080 HOST=127.0.0.1 python server.py
"""

from gevent import monkey

monkey.patch_all()

import os  # noqa: E402
import sys  # noqa: E402

from gevent.pywsgi import WSGIServer  # noqa: E402

from app import application  # noqa: E402


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("SHEARLING_PORT", "8080"))
    server = WSGIServer((host, port), application)
    print(f"shearling station listening on http://{host}:{port}", file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
