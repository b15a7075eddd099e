"""Artifacts written per step are O(1): the QA trace grows by the same bytes per step at step 30 as at step
300, run.json does not grow with the step budget, and grows by about the same bytes with each session.

- trace: an explorer session of 330 steps on CASTLE (process backend); growth of trace.jsonl per step over a
  window around step 30 against the same window around step 300 (replays and shrinking included).
- run.json vs steps: one-session loops of 300 and 900 steps (both find the same two reports, so any growth
  would come from the steps themselves).
- run.json vs sessions: a loop whose repair agent is `noop` (nothing is ever fixed, so it runs every round);
  the bytes the last session added against the bytes the second one added.

    .venv/bin/python -m bench.artifacts [--sessions 5] [--smoke]
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

from bench.castle_builds import castle_repo, provider, start
from bench.data_dirs import loop_data_dir, loop_env, run_loop, scratch
from bench.result import BenchResult, emit, metric, parser
from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.trace import TraceEvent

TARGET_RATIO = 1.3
WINDOW = 20  # steps either side of the step measured


def trace_bytes_at_steps(path: Path) -> dict[int, int]:
    """The trace file's size when each step's last event was written."""
    sizes: dict[int, int] = {}
    size = 0
    with path.open("rb") as lines:
        for line in lines:
            size += len(line)
            sizes[TraceEvent.model_validate_json(line).step] = size
    return sizes


def growth_per_step(sizes: dict[int, int], step: int, window: int) -> float:
    known = sorted(sizes)
    low = max((s for s in known if s <= step - window), default=known[0])
    high = min((s for s in known if s >= step + window), default=known[-1])
    return (sizes[high] - sizes[low]) / max(1, high - low)


def explorer_trace(steps: int) -> Path:
    game, repo_dir, commit = castle_repo("bench-artifacts-")
    backend = provider("process")
    assert backend is not None
    with (
        start(backend, game, repo_dir, commit) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        session = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=steps, seed=0, out_dir=repo_dir.parent / "out"
        )
    return Path(session.trace_path)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--sessions", type=int, default=5)
    args = args_parser.parse_args(argv)
    early, late, window = (3, 30, 2) if args.smoke else (30, 300, WINDOW)
    sessions, loop_steps = (2, 20) if args.smoke else (args.sessions, 100)
    result = BenchResult(
        bench="artifacts",
        smoke=args.smoke,
        params={"trace_steps": [early, late], "window": window, "sessions": sessions},
    )
    sizes = trace_bytes_at_steps(explorer_trace(late + window + 10))
    at_early, at_late = growth_per_step(sizes, early, window), growth_per_step(sizes, late, window)
    result.metrics.append(
        metric(
            f"QA trace bytes per step at step {late}",
            at_late,
            "B/step",
            at_early,
            f"at step {early} (B/step)",
            target=f"<= {TARGET_RATIO}x",
            met=at_late <= TARGET_RATIO * at_early,
        )
    )
    result.details["trace_bytes"] = {
        "at_step": {str(s): sizes[s] for s in sorted(sizes)[:: max(1, len(sizes) // 12)]}
    }

    root = scratch("bench-artifacts-loops-")
    data = loop_data_dir(root, "data", share_venvs=True)
    short, long = (10, 30) if args.smoke else (300, 900)
    by_steps, reports = {}, {}
    for steps in (short, long):
        loop = run_loop(loop_env(data, root / f"runs-{steps}"), "--steps", str(steps), "--max-rounds", "1")
        by_steps[steps] = loop.get("run_json_bytes_by_session", [None])[-1]
        reports[steps] = loop.get("discovered")
    result.details["run_json_bytes_by_steps"] = by_steps
    result.details["discovered_by_steps"] = reports
    if by_steps[short] and by_steps[long]:
        result.metrics.append(
            metric(
                f"run.json bytes after one session of {long} steps",
                by_steps[long],
                "B",
                by_steps[short],
                f"after one session of {short} steps (B)",
                target=f"<= {TARGET_RATIO}x",
                met=by_steps[long] <= TARGET_RATIO * by_steps[short],
                note=f"bugs found: {reports[short]} and {reports[long]}",
            )
        )
    loop = run_loop(
        loop_env(data, root / "runs-noop"),
        "--steps",
        str(loop_steps),
        "--max-rounds",
        str(sessions),
        "--repair-agent",
        "noop",
    )
    shutil.rmtree(root, ignore_errors=True)
    sizes_by_session = loop.get("run_json_bytes_by_session", [])
    result.details["run_json_bytes_by_session"] = sizes_by_session
    result.details["noop_loop"] = {k: v for k, v in loop.items() if k != "trace_paths"}
    if len(sizes_by_session) >= 2:
        added = [b - a for a, b in zip([0, *sizes_by_session], sizes_by_session, strict=False)]
        result.details["run_json_bytes_added_by_session"] = added
        second, last = added[1], added[-1]
        result.metrics.append(
            metric(
                f"run.json bytes added by session {len(added)}",
                last,
                "B",
                second,
                "bytes added by session 2",
                target=f"<= {TARGET_RATIO}x (O(1) per session)",
                met=last <= TARGET_RATIO * second,
            )
        )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
