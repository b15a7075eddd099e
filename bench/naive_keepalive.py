"""A command against a game that keeps connections alive but writes its headers and its body in two writes
without TCP_NODELAY (bench.two_segment_game): the game client with its quick ACKs against the same client
without them, in the same run. Without them, Nagle on the game's side waits for the client's delayed ACK and
every command costs about 40 ms.

    .venv/bin/python -m bench.naive_keepalive [--requests 200] [--smoke]
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from http.server import ThreadingHTTPServer

from bench.result import BenchResult, emit, metric, parser
from bench.two_segment_game import TwoSegmentGame
from loop.contract import http_connection


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
    server = ThreadingHTTPServer(("127.0.0.1", 0), TwoSegmentGame)
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
