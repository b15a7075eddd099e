"""Prompt tokens per planner call by step number, with the fake LLM: step 300 against step 30, and the
the current prompts against the earlier ones (bench/baseline_prompts), measured in the same session.

With the LLM QA agent (loop/qa_agents/llm): a 300-step player-mode session on CASTLE (process backend)
whose models
are the fake LLM server answering through the project's scripted CASTLE model (tests/llm_qa/castle_model.py,
planner following a tour of the game, a stubborn claim after each `inventory` so that the judge runs all
session long); tokens are the input tokens the LLM layer's session accounting recorded for each planner call
(the fake counts characters / 4 of the request). At every model call, the earlier agent's prompt for the same
moment is rendered too (bench/prompt_baseline.py), and both are counted with the same estimate: planner,
reflection and judge prompt tokens at steps 30 and 300, and all model input per step, new against old. The
fake says nothing of what a model would find with either; only the sizes are measured. The agent's trace
growth per step at 30 and 300 is reported too. Without loop/qa_agents/llm, the same accounting is measured on
planner-shaped calls built here (a fixed system prompt plus the last 8 steps of an explorer trace).

With `--mode qa` the session reads CASTLE's docs and keeps a test agenda: the scripted reader lists each
sentence of the docs' rules as a rule, and the planner names the next one every 15 commands, so the agenda
shrinks over the session while the prompt shows a bounded number of untested rules.

    .venv/bin/python -m bench.prompt_tokens [--steps 300] [--mode player|qa] [--smoke]
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bench.artifacts import explorer_trace, growth_per_step, trace_bytes_at_steps
from bench.castle_builds import castle_repo, provider, start
from bench.result import BenchResult, emit, metric, parser
from loop.contract.game_client import GameClient
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply
from loop.llm.session import CallRecord, LLMSession
from loop.llm.types import Message

TARGET_RATIO = 1.3
WINDOW = 8


def planner_calls(session: LLMSession) -> list[CallRecord]:
    return [call for call in session.calls if call.role == "planner" and call.outcome == "ok"]


def docs_rules(repo_dir: Path, docs: list[str]) -> list[dict[str, str]]:
    """Every sentence of the docs' bullet lists, as an agenda reader might list them (the quote is the
    sentence itself, so every one is kept)."""
    import re

    text = "\n".join((repo_dir / name).read_text() for name in docs)
    bullets = re.findall(r"^- (.+(?:\n  .+)*)", text, re.MULTILINE)
    sentences = [s.strip() for b in bullets for s in re.split(r"(?<=\.) ", " ".join(b.split()))]
    return [{"rule": s, "quote": s} for s in sentences if len(s) >= 20]


def llm_qa_session(steps: int, mode: str = "player") -> tuple[list[CallRecord], Path, dict]:
    from bench.prompt_baseline import BaselinePrompts
    from loop.llm.roles import ModelRoles
    from loop.qa_agents.llm import agent as agent_module
    from loop.qa_agents.llm.qa_agent import LLMQA
    from tests.llm_qa.castle_model import DUPLICATE_TITLE, CastleModel
    from tests.llm_qa.test_llm_qa_agenda import AgendaModel
    from tests.llm_qa.test_llm_qa_memory import TOUR

    compared = BaselinePrompts()
    original_init = agent_module.LLMQASession.__init__

    def attached(session, *args, **kwargs):
        original_init(session, *args, **kwargs)
        compared.attach(session)

    game, repo_dir, commit = castle_repo("bench-prompt-")
    backend = provider("process")
    assert backend is not None
    with FakeLLMServer() as fake:
        if mode == "qa":
            rules = docs_rules(repo_dir, list(game.manifest.qa_docs))
            # one rule tested every 15 steps: untested rules are shown all session long
            plan = [(TOUR[n % len(TOUR)], "" if n % 15 else f"R{n // 15 + 1}") for n in range(steps)]
            fake.responder = AgendaModel(plan, rules, claims={"inventory": DUPLICATE_TITLE})
        else:
            fake.responder = CastleModel(TOUR, claims={"inventory": DUPLICATE_TITLE})
        models = ModelRoles.configured(fake.llm_config(), LLMSession())
        agent = LLMQA(models=models, data_dir=repo_dir.parent / "data")
        agent.prepare(game, repo_dir, mode)
        with (
            start(backend, game, repo_dir, commit) as build,
            GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
        ):
            # the constructor, wrapped for this run to watch every session's prompts
            agent_module.LLMQASession.__init__ = attached  # type: ignore[method-assign, assignment]
            try:
                result = agent.run_session(
                    client, build_commit=commit, steps=steps, seed=0, out_dir=repo_dir.parent / "out"
                )
            finally:
                agent_module.LLMQASession.__init__ = original_init  # type: ignore[method-assign]  # put back
        models.close()
    counts = {
        "steps": result.steps,
        "stopped_because": result.stopped_because,
        **result.counts,
        "compared": compared,
    }
    return planner_calls(models.session), Path(result.trace_path), counts


def accounting_only(steps: int) -> tuple[list[CallRecord], Path, dict]:
    """Planner-shaped calls through the LLM layer: system prompt + the last WINDOW steps of a real trace."""
    from loop.llm.client import model_for

    trace = explorer_trace(steps)
    lines = trace.read_text().splitlines()
    session = LLMSession()
    with FakeLLMServer() as fake:
        fake.responder = lambda _request: reply('{"command": "look", "expected": "the room again"}')
        planner = model_for("planner", fake.llm_config(), session=session)
        system = Message.system("You test a text adventure. Propose the next command and what you expect.")
        for step in range(1, steps + 1):
            recent = "\n".join(lines[max(0, step - WINDOW) : step])
            planner.complete([system, Message.user(f"step {step}. Recent steps:\n{recent}")])
        planner.close()
    return (
        planner_calls(session),
        trace,
        {"note": "loop/qa_agents/llm not available: planner-shaped prompts built here"},
    )


TARGET_SAVING = 0.7  # the rewritten prompts promised at least 30% fewer prompt tokens per step


def share(flags: Iterable[bool]) -> float:
    values = list(flags)
    return round(sum(values) / len(values), 3) if values else 0.0


def at_step(calls: list[tuple[int, int, int]], step: int) -> tuple[int, int] | None:
    """(new, baseline) tokens of the last call made at or before `step` (a judge runs only now and then)."""
    before = [(new, old) for at, new, old in calls if at <= step]
    return before[-1] if before else None


def against_baseline(compared: Any, early: int, late: int) -> list[Any]:
    metrics = []
    for kind, label in (
        ("PlannerReply", "planner"),
        ("ReflectionReply", "reflection"),
        ("ReplayJudgement", "judge"),
    ):
        for step in (early, late):
            pair = at_step(compared.calls.get(kind, []), step)
            if pair is None:
                continue
            new, old = pair
            metrics.append(
                metric(
                    f"{label} prompt tokens at step {step} (current prompts)",
                    new,
                    "tokens",
                    old,
                    "earlier prompts, same moment (tokens)",
                    target=f"<= {TARGET_SAVING}x",
                    met=new <= TARGET_SAVING * old,
                )
            )
    steps = max(1, max((at for calls in compared.calls.values() for at, _, _ in calls), default=1))
    new_total = sum(new for calls in compared.calls.values() for _, new, _ in calls)
    old_total = sum(old for calls in compared.calls.values() for _, _, old in calls)
    metrics.append(
        metric(
            "model input tokens per step, all roles (current prompts)",
            round(new_total / steps),
            "tokens/step",
            round(old_total / steps),
            "earlier prompts, same session (tokens/step)",
            target=f"<= {TARGET_SAVING}x",
            met=new_total <= TARGET_SAVING * old_total,
        )
    )
    return metrics


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=300)
    args_parser.add_argument("--mode", choices=("player", "qa"), default="player")
    args = args_parser.parse_args(argv)
    early, late = (3, 30) if args.smoke else (args.steps // 10, args.steps)
    with_agent = importlib.util.find_spec("loop.qa_agents.llm") is not None
    calls, trace, counts = llm_qa_session(late, args.mode) if with_agent else accounting_only(late)
    source = "loop/qa_agents/llm agent" if with_agent else "LLM layer only (loop/qa_agents/llm absent)"
    result = BenchResult(
        bench="prompt_tokens",
        smoke=args.smoke,
        params={"steps": late, "compare_steps": [early, late], "source": source, "mode": args.mode},
    )
    tokens = [call.input_tokens for call in calls]
    result.details = {
        "planner_calls": len(tokens),
        "input_tokens_by_step": {
            str(i + 1): tokens[i] for i in range(0, len(tokens), max(1, len(tokens) // 15))
        },
        "session": counts,
    }
    at_early: float
    at_late: float
    if len(tokens) >= late:
        at_early, at_late = tokens[early - 1], tokens[late - 1]
        result.metrics.append(
            metric(
                f"planner prompt tokens at step {late} ({source})",
                at_late,
                "tokens",
                at_early,
                f"at step {early} (tokens)",
                target=f"<= {TARGET_RATIO}x",
                met=at_late <= TARGET_RATIO * at_early,
            )
        )
    if with_agent:
        compared = counts.pop("compared")
        result.metrics += against_baseline(compared, early, late)
        result.details["session"] = counts
        result.details["command_language_in_planner_prompt"] = {
            "new": share(new for new, _ in compared.help_in_planner),
            "baseline": share(old for _, old in compared.help_in_planner),
        }
        sizes = trace_bytes_at_steps(trace)
        window = 2 if args.smoke else 20
        at_early, at_late = (
            growth_per_step(sizes, early, window),
            growth_per_step(sizes, late - window, window),
        )
        result.metrics.append(
            metric(
                f"LLM QA trace bytes per step near step {late}",
                at_late,
                "B/step",
                at_early,
                f"near step {early} (B/step)",
                target=f"<= {TARGET_RATIO}x",
                met=at_late <= TARGET_RATIO * at_early,
            )
        )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
