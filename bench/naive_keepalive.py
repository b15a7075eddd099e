"""A command against a game that keeps connections alive but writes its headers and its body in two writes
without TCP_NODELAY (Python's own http.server, as a game's authors may well serve it): the game client with
its quick ACKs against the same client without them, in the same run. Without them, Nagle on the game's side
waits for the client's delayed ACK and every command costs about 40 ms.

    .venv/bin/python -m bench.naive_keepalive [--requests 200] [--smoke]
"""

from __future__ import annotations

import json
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench.result import BenchResult, emit, metric, parser
from loop.contract import http_connection


class NaiveGame(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # kept alive; no disable_nagle_algorithm, as the stdlib leaves it

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        data = json.dumps({"message": "You look around.", "state": {"room": "hall"}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def median_ms(url: str, requests: int, quick_ack: int | None) -> float:
    saved, http_connection.QUICKACK = http_connection.QUICKACK, quick_ack
    connection = http_connection.KeptAliveConnection(url, timeout=10)
    samples = []
    try:
        for _ in range(requests):
            began = time.perf_counter()
            connection.request("POST", "/api/agent/command", b'{"command": "look"}')
            samples.append((time.perf_counter() - began) * 1000)
    finally:
        connection.close()
        http_connection.QUICKACK = saved
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--requests", type=int, default=200)
    args = args_parser.parse_args(argv)
    requests = 20 if args.smoke else args.requests
    result = BenchResult(bench="naive_keepalive", smoke=args.smoke, params={"requests": requests})
    server = ThreadingHTTPServer(("127.0.0.1", 0), NaiveGame)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with_ack = median_ms(url, requests, http_connection.QUICKACK)
        without = median_ms(url, requests, None)
    finally:
        server.shutdown()
    result.metrics.append(
        metric(
            "one command against a kept-alive stdlib server, median",
            with_ack,
            "ms",
            without,
            "the same client without quick ACKs (ms)",
            target="well under the 40 ms delayed-ACK timer",
            met=with_ack < 10,
        )
    )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
