"""Model calls and tokens per deep step of the LLM QA agent on CASTLE, with checkpoints against without.

A deep step is a planned command played where the walkthrough's last command is played: the game's final
state, 35 commands in. The LLM QA agent (loop/qa_agents/llm, QA mode, process backend) runs one session per
variant on a fresh memory, its models the fake LLM server answering through the project's scripted CASTLE
model (tests/llm_qa/castle_model.py) whose planner plays the walkthrough's command for the game's current
turn, so it walks the winning route from wherever a game stands. Without checkpoints
(`CLOSED_LOOP_CHECKPOINT_EVERY=0`) every deep step is planned from the first command; with them the
walkthrough's prefix (QA mode may read the walkthrough) is replayed without model calls. Measured in the same
run: model calls, planner calls, tokens (the fake counts characters / 4) and game commands, per session and
per deep step, each variant against the one without checkpoints. The fake says nothing of what a model would
find; only the cost of depth is measured.

    .venv/bin/python -m bench.llm_depth [--steps 70] [--smoke]
"""

from __future__ import annotations

import json
import re
import sys
import time
from typing import Any

from bench.castle_builds import castle_repo, provider, start
from bench.result import BenchResult, emit, metric, parser
from loop.contract.game_client import GameClient
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply
from loop.llm.roles import ModelRoles
from loop.llm.session import LLMSession
from loop.qa_agents.llm.agent import Settings
from loop.qa_agents.llm.qa_agent import LLMQA
from loop.trace import read_trace
from tests.llm_qa.castle_model import CastleModel, last_user

TURN = re.compile(r"^Now \(game \d+, turn (\d+),", re.MULTILINE)
VARIANTS = (
    ("without checkpoints", 0),
    ("checkpoints, default (one game in 2)", 2),
    ("checkpoints, every game", 1),
)


class WalkthroughPlanner(CastleModel):
    """The scripted CASTLE model whose planner plays the walkthrough's command for the current turn."""

    def __init__(self, walkthrough: list[str]):
        super().__init__(walkthrough)
        self.walkthrough = walkthrough

    def answer_PlannerReply(self, request: RecordedRequest) -> ScriptedReply:
        found = TURN.search(last_user(request))
        command = self.walkthrough[int(found.group(1)) % len(self.walkthrough)] if found else "look"
        plan = {"thought": "follow the route", "command": command, "expected": "it works", "note": ""}
        return reply(json.dumps(plan))


def session(steps: int, every: int) -> dict[str, Any]:
    game, repo_dir, commit = castle_repo("bench-depth-")
    walkthrough = game.walkthrough_commands(repo_dir)
    backend = provider("process")
    assert backend is not None
    with FakeLLMServer() as fake:
        fake.responder = WalkthroughPlanner(walkthrough)
        models = ModelRoles.configured(fake.llm_config(), LLMSession())
        data = repo_dir.parent / "data"
        agent = LLMQA(models=models, data_dir=data, settings=Settings(checkpoint_every=every))
        agent.prepare(game, repo_dir, "qa")
        with (
            start(backend, game, repo_dir, commit) as build,
            GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
        ):
            out = repo_dir.parent / "out"
            result = agent.run_session(client, build_commit=commit, steps=steps, seed=0, out_dir=out)
        models.close()
    calls = [c for c in models.session.calls if c.outcome == "ok"]
    played = [e for e in read_trace(result.trace_path) if e.kind == "step" and e.command is not None]
    deep = sum(1 for e in played if e.command == walkthrough[-1] and e.observation.get("game_over"))
    return {
        "deep_steps": deep,
        "model_calls": len(calls),
        "planner_calls": sum(1 for c in calls if c.role == "planner"),
        "tokens": sum(c.input_tokens + c.output_tokens for c in calls),
        "game_commands": len(played),
        "steps": result.steps,
        "games_started": result.games_started,
        "checkpoint_commands": result.counts.get("checkpoint_commands", 0),
    }


def per_deep(measured: dict[str, Any], key: str) -> float | None:
    return round(measured[key] / measured["deep_steps"], 2) if measured["deep_steps"] else None


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=70)
    args = args_parser.parse_args(argv)
    steps = 36 if args.smoke else args.steps
    runs = {label: session(steps, every) for label, every in VARIANTS}
    result = BenchResult(
        bench="llm_depth",
        smoke=args.smoke,
        params={"steps": steps, "game": "castle", "mode": "qa", "backend": "process"},
        details={"sessions": runs},
    )
    base_label = VARIANTS[0][0]
    base = runs[base_label]
    for label, _ in VARIANTS[1:]:
        run = runs[label]
        for key, unit in (("model_calls", "calls"), ("planner_calls", "calls"), ("tokens", "tokens")):
            result.metrics.append(
                metric(
                    f"{key.replace('_', ' ')} per deep step ({label})",
                    per_deep(run, key),
                    f"{unit}/deep step",
                    per_deep(base, key),
                    f"{base_label}, same run ({unit}/deep step)",
                )
            )
        result.metrics.append(
            metric(
                f"game commands per deep step ({label})",
                per_deep(run, "game_commands"),
                "commands/deep step",
                per_deep(base, "game_commands"),
                f"{base_label}, same run (commands/deep step)",
            )
        )
        for key in ("model_calls", "tokens"):
            result.metrics.append(
                metric(
                    f"{key.replace('_', ' ')} per {steps}-step session ({label})",
                    run[key],
                    key.split("_")[-1],
                    base[key],
                    f"{base_label}, same run",
                )
            )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
