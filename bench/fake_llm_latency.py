"""How long one model call through the SDK takes against the fake LLM server, with and without TCP_NODELAY
(Nagle's algorithm with delayed ACKs stalls every other call by about 40 ms). Baseline: Nagle on, same run.

    .venv/bin/python -m bench.fake_llm_latency [--calls 40] [--smoke]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import anthropic
import openai

from bench.result import BenchResult, emit, metric, parser
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import ScriptedReply

USER: list[Any] = [{"role": "user", "content": "look around the hall"}]  # both SDKs' message shape


def median_ms(nodelay: bool, calls: int, protocol: str) -> float:
    with FakeLLMServer(default=ScriptedReply(text="You see a dusty hall."), nodelay=nodelay) as fake:
        client: Any  # an OpenAI or an Anthropic client, which share no base class
        if protocol == "chat":
            client = openai.OpenAI(base_url=fake.openai_base_url, api_key="k", max_retries=0)

            def call() -> None:
                client.chat.completions.create(model="m", messages=USER)
        else:
            client = anthropic.Anthropic(base_url=fake.anthropic_base_url, api_key="k", max_retries=0)

            def call() -> None:
                client.messages.create(model="m", max_tokens=50, messages=USER)

        call()  # warm up: imports, connection
        samples = []
        for _ in range(calls):
            started = time.perf_counter()
            call()
            samples.append((time.perf_counter() - started) * 1000)
        client.close()
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--calls", type=int, default=40)
    args = args_parser.parse_args(argv)
    calls = 5 if args.smoke else args.calls
    result = BenchResult(bench="fake_llm_latency", smoke=args.smoke, params={"calls": calls})
    for protocol in ("chat", "messages"):
        nagle, nodelay = median_ms(False, calls, protocol), median_ms(True, calls, protocol)
        result.details[protocol] = {"nagle_ms": round(nagle, 2), "nodelay_ms": round(nodelay, 2)}
        result.metrics.append(
            metric(f"fake LLM call ({protocol}) with TCP_NODELAY", nodelay, "ms", nagle, "Nagle on (ms)")
        )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
