"""Latency per QA step and generation speed with a real local model (llama.cpp's llama-server with the
packaged Gemma 3 270M, on this CPU), against the fake LLM server in the same run as the baseline.

A QA step is what the LLM QA agent asks per played command: a planner reply and a reflection reply, each held
to its JSON schema, through the compat provider (native json_schema, per-role reply bounds). The numbers are
plumbing costs on this machine, never a capability of the model.

    .venv/bin/python -m bench.local_model [--steps 8] [--smoke]

The first run builds llama-server from source (minutes; cached in the data directory's tool cache).
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.result import BenchResult, emit, metric, parser
from loop.host import settings
from loop.llm import InvalidReply, LLMConfig, LLMSession, Message, model_for
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import ScriptedReply
from loop.llm.replies import PlannerReply, ReflectionReply
from sandboxes.game.process import free_port

SYSTEM = (
    "You test a text adventure game for bugs. Each turn, choose one short game command and say what a "
    "correct game should answer. Then compare what the game answered with what you expected."
)
OBSERVATION = (
    "> look\nYou are in the great hall. A dusty candlestick stands on a table. Exits: north, east.\n"
    "state: room=hall inventory=[] visible_items=[candlestick, table]"
)
PLAN = json.dumps({"thought": "test taking", "command": "take candlestick", "expected": "Taken."})
REFLECTION = json.dumps({"matches_expectation": True, "analysis": "as expected"})


def fake_reply(request) -> ScriptedReply:
    schema = ((request.body.get("response_format") or {}).get("json_schema") or {}).get("name", "")
    return ScriptedReply(text=PLAN if schema == "PlannerReply" else REFLECTION)


def qa_steps(config: LLMConfig, steps: int) -> tuple[list[float], LLMSession]:
    """Wall seconds of each step (planner then reflection), and the session with the usage."""
    session = LLMSession()
    planner = model_for("planner", config, session=session)
    reflection = model_for("reflection", config, session=session)
    seconds = []
    try:
        for step in range(steps):
            started = time.perf_counter()
            user = f"Step {step}. What the game showed last:\n{OBSERVATION}\nYour next command?"
            verdict = f"command: take candlestick\nexpected: Taken.\nobserved:\n{OBSERVATION}"
            for model, text, reply_model in (
                (planner, user, PlannerReply),
                (reflection, verdict, ReflectionReply),
            ):
                # a tiny model's reply may never validate: the step still costs what it cost
                with contextlib.suppress(InvalidReply):
                    model.complete([Message.system(SYSTEM), Message.user(text)], response_model=reply_model)
            seconds.append(time.perf_counter() - started)
    finally:
        planner.close()
        reflection.close()
    return seconds, session


def tokens_per_s(session: LLMSession) -> float:
    totals = session.totals()
    return totals.output_tokens / totals.latency_s if totals.latency_s else 0.0


def main(argv: list[str] | None = None) -> int:
    from flows import local_model

    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=8)
    args = args_parser.parse_args(argv)
    steps = 2 if args.smoke else args.steps
    result = BenchResult(bench="local_model", smoke=args.smoke, params={"steps": steps})

    with FakeLLMServer(responder=fake_reply) as fake:
        fake_config = LLMConfig(default_model="compat:fake", compat_base_url=fake.openai_base_url)
        fake_seconds, fake_session = qa_steps(fake_config, steps)

    from loop.llm.llama_cpp import default_gguf, server_binary

    binary, gguf = server_binary(), default_gguf()
    with tempfile.TemporaryDirectory(prefix="bench-local-model-") as data:
        os.environ[settings.DATA.name] = data  # the server's pid file and log: this run's own
        os.environ[settings.LLAMA_SERVER_BIN.name] = str(binary)
        server = local_model.up(gguf, free_port(), progress=lambda line: print(line, file=sys.stderr))
        try:
            config = LLMConfig.from_env(server.settings())
            local_seconds, local_session = qa_steps(config, steps)
        finally:
            local_model.down(progress=lambda line: print(line, file=sys.stderr))

    local_ms, fake_ms = statistics.median(local_seconds) * 1000, statistics.median(fake_seconds) * 1000
    local_totals = local_session.totals()
    result.details = {
        "model": Path(gguf).name,
        "local": {
            "step_ms": [round(s * 1000, 1) for s in local_seconds],
            "output_tokens": local_totals.output_tokens,
            "input_tokens": local_totals.input_tokens,
            "invalid_replies": local_totals.invalid_replies,
        },
        "fake": {"step_ms": [round(s * 1000, 1) for s in fake_seconds]},
        "note": "a 270M model on CPU: plumbing cost, not a capability",
    }
    result.metrics.append(
        metric("QA step latency, local Gemma 3 270M", local_ms, "ms", fake_ms, "fake LLM server (ms)")
    )
    result.metrics.append(
        metric(
            "generation speed, local Gemma 3 270M",
            tokens_per_s(local_session),
            "tokens/s",
            tokens_per_s(fake_session),
            "fake LLM server (tokens/s)",
        )
    )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
