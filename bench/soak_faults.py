"""The faults the soak injects, each at a random moment of a loop run in its own process (bench.loop_once):

- `game_killed`: the game's process (or container) is SIGKILLed while the loop runs;
- `repair_hung` / `repair_crash`: the repair agent sleeps past its budget, or exits with an error;
- `orchestrator_killed`: the loop's own process is SIGKILLed, then the run is resumed by its id;
- `model_errors`: the critic is a model, and the (fake) model endpoint answers only errors;
- `serve_killed` (bench.soak_prefect): the Prefect serve process dies mid-run, the deployment is run again
  with the run id.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.proc_memory import PeakMemory
from loop.contract.paths import PROJECT_ROOT
from loop.host import settings
from sandboxes.owners import start_time

FAULTS = (
    "none",
    "game_killed",
    "repair_hung",
    "repair_crash",
    "orchestrator_killed",
    "model_errors",
    "serve_killed",
)
LOOP_TIMEOUT = 900.0  # one loop's wall-clock bound; a loop past it is killed and counted as stuck


@dataclass
class LoopOutcome:
    run_id: str
    game: str
    fault: str
    injected: int = 0
    wall_seconds: float = 0.0
    peak_rss_kib: int = 0
    exit_codes: list[int] = field(default_factory=list)
    detail: str = ""


def loop_args(game: str, fault: str, backend: str, steps: int) -> list[str]:
    """bench.loop_once's arguments for `game` under `fault` (an agent's misbehaviour is in the config)."""
    args = ["--game", game, "--backend", backend, "--steps", str(steps), "--max-rounds", "2"]
    if fault == "repair_hung":
        args += ["--repair-agent", "command", "--agent-option", "command=sleep 600", "--repair-timeout", "5"]
    elif fault == "repair_crash":
        command = "command=echo 'soak: the agent crashed' >&2; exit 3"
        args += ["--repair-agent", "command", "--agent-option", command]
    elif fault == "model_errors":
        args += ["--critic", "llm", "--repair-agent", "gold"]
    else:
        args += ["--repair-agent", "gold"]
    return args


def game_pids_of(owner: int, data: Path) -> list[int]:
    """Game processes the loop process `owner` started (sandboxes.owners keeps a record per game)."""
    pids = []
    for path in (data / "processes").glob("*.json"):
        try:
            entry = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if entry.get("owner_pid") == owner and start_time(entry["game_pid"]) == entry.get("started"):
            pids.append(int(entry["game_pid"]))
    return pids


def containers_of_owner(owner: int) -> list[str]:
    from sandboxes.container_owners import OWNER_PID
    from sandboxes.engine import connect

    client = connect()
    try:
        running = client.containers.list(
            filters={"label": f"{OWNER_PID}={owner}", "status": "running"}, ignore_removed=True
        )
        return [container.name for container in running]
    finally:
        client.close()


def game_running(owner: int, data: Path, backend: str) -> bool:
    return bool(containers_of_owner(owner) if backend == "docker" else game_pids_of(owner, data))


def kill_game(owner: int, data: Path, backend: str) -> bool:
    """SIGKILL one running game of `owner`; False when none runs right now."""
    if backend == "docker":
        names = containers_of_owner(owner)
        if names:
            done = subprocess.run(["docker", "kill", names[0]], capture_output=True, timeout=30)
            return done.returncode == 0
        return False
    for pid in game_pids_of(owner, data):
        try:
            os.killpg(pid, signal.SIGKILL)
            return True
        except ProcessLookupError:
            continue
    return False


class LoopProcess:
    """bench.loop_once in a child process, its memory sampled, with the faults that act from outside."""

    def __init__(self, args: list[str], env: dict[str, str], log: Path):
        self.args, self.env, self.log = args, env, log

    def run(
        self, outcome: LoopOutcome, kill_after: float | None = None, game_kill_after: float | None = None
    ) -> int:
        data = Path(self.env[settings.DATA.name])
        with self.log.open("ab") as log:
            child = subprocess.Popen(
                [sys.executable, "-m", "bench.loop_once", "--run-id", outcome.run_id, *self.args],
                env=self.env,
                cwd=PROJECT_ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        started = time.monotonic()
        backend, game_seen = self.env.get("SOAK_BACKEND", "process"), None
        try:
            with PeakMemory([child.pid], interval=0.5) as memory:
                while child.poll() is None:
                    elapsed = time.monotonic() - started
                    if kill_after is not None and elapsed >= kill_after:
                        child.kill()  # SIGKILL: no cleanup runs in the orchestrator
                        outcome.injected += 1
                        kill_after = None
                    elif game_kill_after is not None and elapsed >= game_kill_after:
                        # `game_kill_after` counts from the moment a game of this loop is first seen running
                        if game_seen is None and game_running(child.pid, data, backend):
                            game_seen = elapsed
                        due = game_seen is not None and elapsed >= game_seen + game_kill_after
                        if due and kill_game(child.pid, data, backend):
                            outcome.injected += 1
                            game_kill_after = None
                    elif elapsed > LOOP_TIMEOUT:
                        child.kill()
                        outcome.detail += f"stuck after {LOOP_TIMEOUT:.0f}s; "
                    time.sleep(0.1)
        except BaseException:  # the soak itself stopped: the loop under way stops with it, as on Ctrl-C
            child.terminate()
            try:
                child.wait(timeout=60)
            except subprocess.TimeoutExpired:
                child.kill()
            raise
        outcome.peak_rss_kib = max(outcome.peak_rss_kib, memory.peak_kib)
        outcome.exit_codes.append(child.returncode)
        return child.returncode


def play(
    game: str, fault: str, run_id: str, env: dict[str, str], logs: Path, rng: random.Random, steps: int
) -> LoopOutcome:
    """One loop of `game` with `fault` injected at a random moment, resumed until it finishes (bounded)."""
    outcome = LoopOutcome(run_id=run_id, game=game, fault=fault)
    backend = env.get("SOAK_BACKEND", "process")
    process = LoopProcess(loop_args(game, fault, backend, steps), env, logs / f"{run_id}.log")
    started = time.monotonic()
    if fault == "orchestrator_killed":
        process.run(outcome, kill_after=rng.uniform(1.0, 12.0))
    elif fault == "game_killed":
        process.run(outcome, game_kill_after=rng.uniform(0.0, 2.0))
    else:
        process.run(outcome)
        outcome.injected += fault in ("repair_hung", "repair_crash", "model_errors")
    for _ in range(3):  # resume: a run killed (or failed) goes on from its last finished step
        if outcome.exit_codes[-1] == 0:
            break
        process.run(outcome)
    outcome.wall_seconds = time.monotonic() - started
    return outcome
