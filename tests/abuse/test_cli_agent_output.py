"""A CLI repair agent that prints without end: the worker keeps the head and the tail of its output (and
says how much of the middle it dropped), so its memory stays flat and its transcript stays small."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.models import BugReport
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import RepairBudget
from loop.sandbox import get_provider
from repair_agents.command import CommandAgent

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
MB = 1024 * 1024
FLOOD_MB = 400
FLOOD = f"echo FIRST-LINE; head -c {FLOOD_MB * MB} /dev/zero | tr '\\0' x; echo; echo LAST-LINE"

# The worker's side of an attempt: one CLI run in a real repair sandbox, and the process's peak memory.
WORKER = """
import json, resource, sys
from pathlib import Path
from loop.repair.confinement import open_agent_sandbox
from loop.repair.protocol import RepairBudget, RepairWorkspace
from repair_agents.cli_runner import run_cli

repo, attempt, backend, command = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
with open_agent_sandbox(repo, backend, lifetime_s=600, run_id="flood") as sandbox:
    workspace = RepairWorkspace(repo, attempt, "castle", "flood", 1, sandbox=sandbox)
    run = run_cli(["sh", "-c", command], workspace, RepairBudget(wall_seconds=300))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"peak": peak, "output": run.output[:200] + run.output[-200:], "returncode": run.returncode,
                  "chars": len(run.output), "dropped": getattr(run, "dropped_bytes", 0)}))
"""


@pytest.mark.parametrize("backend", ["bubblewrap", pytest.param("docker", marks=pytest.mark.docker)])
def test_a_cli_that_prints_hundreds_of_megabytes_keeps_the_worker_small(tmp_path: Path, backend: str):
    repo_dir, _ = materialize(load_game("castle"), tmp_path / "workspace")
    attempt_dir = tmp_path / "attempt"
    attempt_dir.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(repo_dir), str(attempt_dir), backend, FLOOD],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    run = json.loads(done.stdout.strip().splitlines()[-1])
    assert run["returncode"] == 0
    # flat, not proportional: the worker's own imports are ~150-300 MB, the output alone would be 400 MB more
    assert run["peak"] < FLOOD_MB * MB, (
        f"the worker grew to {run['peak'] / MB:.0f} MB for {FLOOD_MB} MB of output"
    )
    assert run["chars"] < 4 * MB
    assert run["dropped"] > (FLOOD_MB - 4) * MB
    assert run["output"].startswith("FIRST-LINE") and run["output"].rstrip().endswith("LAST-LINE")
    transcript = (attempt_dir / "transcript.log").read_text()
    assert len(transcript) < 4 * MB
    assert f"{run['dropped']} bytes of output dropped" in transcript
    assert "FIRST-LINE" in transcript and "LAST-LINE" in transcript


def test_an_attempt_whose_agent_floods_its_output_leaves_a_small_transcript(tmp_path: Path):
    game = load_game("castle")
    repo_dir, base = materialize(game, tmp_path / "workspace")
    report = BugReport(title="t", symptom="s", expected="e", observed="o", mechanic="m", repro=["look"])
    provider = get_provider("process")
    with RepairRound(
        game, repo_dir, tmp_path, "flood", 1, base=base, provider=provider, agent_sandbox="bubblewrap"
    ) as round_:
        attempt = round_.attempt(CommandAgent(f"{FLOOD}; exit 3"), [report], RepairBudget(wall_seconds=300))
    assert attempt.outcome == "agent_crash", (attempt.outcome, attempt.detail)
    assert attempt.detail == "command exited 3: LAST-LINE"  # the last line of its output
    files = {path.name: path.stat().st_size for path in Path(attempt.attempt_dir).iterdir()}
    assert files["transcript.log"] < 4 * MB, files
    assert sum(files.values()) < 8 * MB, files
