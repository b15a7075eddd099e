"""One offline loop (explorer QA, differential critic, a repair agent) in this process, driven step by step as
flows.closed_loop drives it but without Prefect. Prints JSON: wall time, outcome, and the size of run.json
after each session. The caller sets CLOSED_LOOP_RUNS and CLOSED_LOOP_DATA; fan-out starts several of these.

    .venv/bin/python -m bench.loop_once --game castle --backend process [--steps 300] [--repair-agent gold]
    .venv/bin/python -m bench.loop_once --run-id R ...     # a new run called R, or R resumed where it stopped
"""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import time

from flows.assembly import open_run
from flows.stop_signals import stop_like_ctrl_c
from loop.host import temp_space
from loop.run.config import LoopConfig
from loop.run.rounds import run_rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="castle", help="catalogue name or a folder with a game.toml")
    parser.add_argument("--backend", default="process")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--max-rounds", type=int, default=3)
    parser.add_argument("--repair-agent", default="gold")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--critic", default="differential", choices=["differential", "llm", "both"])
    parser.add_argument("--agent-option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--repair-timeout", type=float, default=900.0, help="seconds per repair attempt")
    parser.add_argument("--run-id", default=None, help="start (or resume) the run of this id")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    temp_space.claim()
    signal.signal(signal.SIGTERM, stop_like_ctrl_c)  # a stop, like Ctrl-C: the game is stopped at exit
    config = LoopConfig(
        game=args.game,
        qa_agent="explorer",
        repair_agent=args.repair_agent,
        backend=args.backend,
        max_rounds=args.max_rounds,
        steps=args.steps,
        seed=args.seed,
        critic=args.critic,
        agent_options=dict(option.partition("=")[::2] for option in args.agent_option),
        repair_timeout_s=args.repair_timeout,
    )
    started = time.perf_counter()
    run = open_run(config, run_id=args.run_id)
    run_json_bytes: list[int] = []
    run_rounds(
        run, after_session=lambda _session: run_json_bytes.append((run.run_dir / "run.json").stat().st_size)
    )
    wall = time.perf_counter() - started
    record = run.record
    last = record.sessions[-1].metrics if record.sessions else None
    out = {
        "run_id": record.run_id,
        "backend": run.provider.name,
        "wall_seconds": round(wall, 3),
        "status": record.status,
        "stop_reason": record.stop_reason,
        "sessions": len(record.sessions),
        "qa_steps": sum(s.qa_steps for s in record.sessions),
        "qa_wall_seconds": round(sum(s.qa_wall_seconds for s in record.sessions), 3),
        "discovered": last.discovered if last else 0,
        "fixed_verified": last.fixed_verified if last else 0,
        "ground_truth": last.ground_truth_total if last else 0,
        "run_json_bytes_by_session": run_json_bytes,
        "trace_paths": [str(run.run_dir / s.trace_path) for s in record.sessions if s.trace_path],
    }
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0 if record.status == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
