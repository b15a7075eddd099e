"""How long one model call through the SDK takes against the fake, with and without TCP_NODELAY.

Prints JSON: median milliseconds per call for each setting and the ratio, measured in the same run.
Usage: .venv/bin/python bench/fake_llm_latency.py [--calls N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import anthropic
import openai

from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import ScriptedReply

USER = [{"role": "user", "content": "look around the hall"}]


def median_ms(nodelay: bool, calls: int, protocol: str) -> float:
    with FakeLLMServer(default=ScriptedReply(text="You see a dusty hall."), nodelay=nodelay) as fake:
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=40)
    args = parser.parse_args()
    result = {}
    for protocol in ("chat", "messages"):
        baseline = median_ms(False, args.calls, protocol)
        nodelay = median_ms(True, args.calls, protocol)
        result[protocol] = {
            "nagle_ms": round(baseline, 2),
            "nodelay_ms": round(nodelay, 2),
            "nodelay_over_nagle": round(nodelay / baseline, 3),
        }
    print(json.dumps({"bench": "fake_llm_latency", "calls": args.calls, **result}))


if __name__ == "__main__":
    main()
