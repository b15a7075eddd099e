"""The soak: back-to-back offline loops over the catalogue for N minutes, with a fault injected at a random
moment of each (bench.soak_faults), then the checks of bench.soak_checks. Prints one JSON object:

    .venv/bin/python -m bench.soak --minutes 60 [--seed 1] [--backend process] [--out soak-dir]

`loops`, `faults_injected`, `lost_reports`, `duplicated_rows`, `ledger_mismatches`, `unfinished_runs`,
`orphans` (containers, processes, temp folders), and disk and peak memory per loop. Exit 0 when every count
that must be zero is zero. An unfinished run is named in `problems` with its fault, exit codes, run.json
status and stop reason, and the tail of its loop's log (`logs/<run_id>.log`). Everything the soak writes is
under `--out` (its own data folder, runs, ledger, Prefect home, and a TMPDIR of its own, so a temp folder left
behind is seen).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench import soak_checks
from bench.data_dirs import prepare_shared_caches
from bench.soak_faults import FAULTS, LoopOutcome, play
from bench.soak_prefect import LocalPrefect, play_serve_killed, prefect_env
from flows.stop_signals import stop_like_ctrl_c
from games.catalogue import list_games
from loop.contract.paths import system_temp_dir
from loop.host import settings
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, error
from loop.run.record import RunRecord

MUST_BE_ZERO = ("lost_reports", "duplicated_rows", "ledger_mismatches", "unfinished_runs")
EXPECTED_OUTCOME = {"repair_hung": "agent_timeout", "repair_crash": "agent_crash"}


MODEL_CALLS = itertools.count()


def failing_model(request: RecordedRequest) -> ScriptedReply:
    """The model endpoint of the `model_errors` fault: every call fails, 500 and 429 in turn, as an
    overloaded provider does."""
    return error(500, "soak: the model is down") if next(MODEL_CALLS) % 2 else error(429, retry_after=0.01)


def soak_env(out: Path, fake: FakeLLMServer) -> dict[str, str]:
    data = out / "data"
    shared = prepare_shared_caches()
    data.mkdir(parents=True, exist_ok=True)
    for name in ("wheelhouses", "venvs"):  # machine-wide caches, read by every loop, not the soak's output
        (shared / name).mkdir(exist_ok=True)
        if not (data / name).exists():
            (data / name).symlink_to(shared / name)
    env = {
        k: v for k, v in os.environ.items() if not k.startswith((settings.PREFIX, "OPENAI_", "ANTHROPIC_"))
    }
    return {
        **env,
        settings.DATA.name: str(data),
        settings.RUNS.name: str(out / "runs"),
        # every temp folder of the loops lands here, where a leftover is seen; short, for unix socket paths
        "TMPDIR": tempfile.mkdtemp(prefix="cl-soak-", dir=system_temp_dir()),
        # only the critic of a `model_errors` loop is a model; every other loop stays offline (see loop_args)
        "SOAK_MODEL_URL": fake.openai_base_url,
    }


def model_env(env: dict[str, str]) -> dict[str, str]:
    return {
        **env,
        settings.MODEL.name: "openai:gpt-4.1-mini",
        "OPENAI_API_KEY": "soak-fake-key",
        "OPENAI_BASE_URL": env["SOAK_MODEL_URL"],
        settings.LLM_MAX_RETRIES.name: "1",
        settings.LLM_TIMEOUT.name: "5",
    }


def confirm_injection(outcome: LoopOutcome, runs: Path, model_requests: int) -> None:
    """A fault that acts through the config counts only if it happened: the attempt ended as the agent's
    misbehaviour says, the model was asked."""
    if outcome.fault in EXPECTED_OUTCOME:
        record = RunRecord.load(runs / outcome.run_id / "run.json")
        expected = EXPECTED_OUTCOME[outcome.fault]
        outcome.injected = sum(a.outcome == expected for s in record.sessions for a in s.attempts)
    elif outcome.fault == "model_errors":
        outcome.injected = int(model_requests > 0)


def run_soak(minutes: float, out: Path, seed: int, backend: str, steps: int, faults: list[str]) -> dict:
    rng = random.Random(seed)
    games = [game.name for game in list_games()]
    rng.shuffle(games)  # the seed also decides which game comes first
    logs = out / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    outcomes: list[LoopOutcome] = []
    started = time.monotonic()
    with FakeLLMServer(responder=failing_model) as fake:
        env = {**soak_env(out, fake), "SOAK_BACKEND": backend}
        prefect = LocalPrefect(prefect_env(env, out / "prefect-home"), logs / "prefect.log")
        interrupted = False
        try:
            number = 0
            while time.monotonic() - started < minutes * 60:
                if number % len(faults) == 0:  # every fault once per cycle, in a random order
                    cycle = rng.sample(faults, len(faults))
                game, fault = games[number % len(games)], cycle[number % len(faults)]
                run_id = f"soak-{number:04d}-{game}-{fault}"
                print(f"soak: loop {number}: {game}, {fault}", file=sys.stderr, flush=True)
                requests_before = len(fake.requests)
                if fault == "serve_killed":
                    outcome = play_serve_killed(prefect, game, run_id, out / "runs", rng, steps, backend)
                else:
                    loop_env = model_env(env) if fault == "model_errors" else env
                    outcome = play(game, fault, run_id, loop_env, logs, rng, steps)
                confirm_injection(outcome, out / "runs", len(fake.requests) - requests_before)
                outcomes.append(outcome)
                number += 1
                # the checks so far, for a reader of a long soak (the server, if up, is not an orphan yet)
                progress = measure(out, outcomes, time.monotonic() - started, env, daemons=prefect.pids())
                (out / "progress.json").write_text(json.dumps(progress, indent=2))
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the loop under way is stopped, the rest is measured
            interrupted = True
            print("soak: interrupted", file=sys.stderr, flush=True)
        finally:
            if prefect.pids():
                prefect.down()
    return {**measure(out, outcomes, time.monotonic() - started, env), "interrupted": interrupted}


def measure(
    out: Path, outcomes: list[LoopOutcome], wall: float, env: dict[str, str], daemons: set[int] | None = None
) -> dict:
    ledger_url = f"sqlite:///{out / 'data' / 'ledger.sqlite'}"
    time.sleep(2)  # let the processes the last loop stopped finish exiting before looking for orphans
    records = soak_checks.run_records(out / "runs")
    # a loop whose run never got a finished run.json (or none at all) is unfinished
    finished = {run_id for run_id, (_, record) in records.items() if record.status == "finished"}
    unfinished = [o for o in outcomes if o.run_id not in finished]
    lost = soak_checks.lost_reports(records, ledger_url)
    duplicated = soak_checks.duplicated_rows(ledger_url)
    mismatches = soak_checks.ledger_mismatches(records, ledger_url)
    orphans = {
        "containers": soak_checks.containers_of(set(records) | {o.run_id for o in outcomes}),
        "processes": [
            line
            for line in soak_checks.processes_with(settings.DATA.name, env[settings.DATA.name])
            if int(line.split()[1].rstrip(":")) not in (daemons or set())
        ]
        + soak_checks.game_processes_left(Path(env[settings.DATA.name])),
        "temp_folders": soak_checks.temp_leftovers(Path(env["TMPDIR"])),
    }
    loops = max(len(outcomes), 1)
    disk = soak_checks.disk_bytes(out / "runs") + soak_checks.disk_bytes(out / "data")
    peaks = [o.peak_rss_kib / 1024 for o in outcomes] or [0.0]
    injected = Counter({o.fault: 0 for o in outcomes})
    for o in outcomes:
        injected[o.fault] += o.injected
    return {
        "minutes": round(wall / 60, 1),
        "loops": len(outcomes),
        "loops_by_fault": dict(Counter(o.fault for o in outcomes)),
        "faults_injected": sum(injected.values()) - injected["none"],
        "faults_injected_by_kind": {k: v for k, v in injected.items() if k != "none"},
        "runs_finished": len(outcomes) - len(unfinished),
        "unfinished_runs": len(unfinished),
        "lost_reports": len(lost),
        "duplicated_rows": len(duplicated),
        "ledger_mismatches": len(mismatches),
        "orphans": {kind: len(found) for kind, found in orphans.items()},
        "disk_mb_per_loop": round(disk / loops / 2**20, 2),
        "peak_memory_mb_per_loop": {"max": round(max(peaks), 1), "mean": round(sum(peaks) / len(peaks), 1)},
        "loop_seconds": {
            "max": round(max((o.wall_seconds for o in outcomes), default=0), 1),
            "mean": round(sum(o.wall_seconds for o in outcomes) / loops, 1),
        },
        "problems": {
            "unfinished_runs": [
                f"{o.run_id} ({o.fault}, exit codes {o.exit_codes}): "
                + soak_checks.unfinished_state(o.run_id, records)
                for o in unfinished[:20]
            ],
            # the end of each unfinished loop's log (the flow run's traceback, the watch's last state)
            "unfinished_logs": {
                o.run_id: soak_checks.log_tail(out / "logs" / f"{o.run_id}.log") for o in unfinished[:3]
            },
            "lost_reports": lost[:20],
            "duplicated_rows": duplicated[:20],
            "ledger_mismatches": mismatches[:20],
            "orphans": [line for found in orphans.values() for line in found][:20],
        },
        "out": str(out),
        "tmp": env["TMPDIR"],
    }


def clean(result: dict) -> bool:
    return all(result[key] == 0 for key in MUST_BE_ZERO) and not any(result["orphans"].values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, required=True, help="start new loops for this long")
    parser.add_argument("--seed", type=int, default=0, help="the order of games and faults, and the moments")
    parser.add_argument("--backend", choices=["process", "docker"], default="process")
    parser.add_argument("--steps", type=int, default=200, help="QA steps per session")
    parser.add_argument("--faults", default=",".join(FAULTS), help=f"comma-separated, of {', '.join(FAULTS)}")
    parser.add_argument("--out", type=Path, default=None, help="the soak's folder (default: a temp folder)")
    parser.add_argument("--keep", action="store_true", help="keep the soak's folder (always kept with --out)")
    args = parser.parse_args(argv)
    faults = [f.strip() for f in args.faults.split(",") if f.strip()]
    unknown = set(faults) - set(FAULTS)
    if args.minutes <= 0 or unknown or not faults:
        print(f"closed-loop: error: bad --minutes or unknown faults {sorted(unknown)}", file=sys.stderr)
        return 2
    out = args.out or Path(tempfile.mkdtemp(prefix="closed-loop-soak-"))
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    result = run_soak(args.minutes, out, args.seed, args.backend, args.steps, faults)
    shutil.rmtree(result.pop("tmp"), ignore_errors=True)
    (out / "soak.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result))
    if args.out is None and not args.keep:
        shutil.rmtree(out, ignore_errors=True)
    return 0 if clean(result) else 1


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, stop_like_ctrl_c)
    sys.exit(main())
