"""The loop as a user runs it: a game with its ground truth withheld, decisions made only from replays and the
judge, and a branch of verified fixes pushed to the team's remote, through the Prefect flow."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import git
import pytest
from prefect.testing.utilities import prefect_test_harness

from flows.assembly import open_run
from flows.closed_loop import closed_loop
from games.catalogue import load_game
from loop.run.config import LoopConfig
from loop.run.record import RunRecord

pytestmark = pytest.mark.slow
CLOSED_LOOP = str(Path(sys.executable).with_name("closed-loop"))

# A repair agent that fixes the bedroom text for real, and "fixes" any report whose steps drop something by
# touching the drop code without changing what it does: the replay judge must catch the second.
FIXER = r"""python3 -c '
import json, pathlib, sys
for report in json.load(sys.stdin):
    if any(command.startswith("drop ") for command in report["repro"]):
        engine = pathlib.Path("castle/engine.py")
        engine.write_text(engine.read_text() + "\n# reviewed the drop command\n")
    else:
        world = pathlib.Path("castle/world.py")
        world.write_text(world.read_text().replace("; a small key rattles inside it.", "."))
'"""


@pytest.fixture(scope="module")
def prefect_api():
    with prefect_test_harness(server_startup_timeout=120):
        yield


def test_a_user_mode_loop_verifies_the_real_fix_reopens_the_wrong_one_and_pushes_only_verified_fixes(
    prefect_api, tmp_path: Path, monkeypatch
):
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    remote = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)

    report_md = Path(
        closed_loop(
            game="castle",
            withhold_ground_truth=True,
            qa_agent="explorer",
            repair_agent="command",
            agent_options={"command": FIXER},
            reports_per_attempt="one",
            backend="process",
            max_rounds=3,
            steps=600,
            push_to=str(remote),
        )
    )

    record = RunRecord.load(report_md.with_name("run.json"))
    assert record.status == "finished" and record.ground_truth_withheld
    assert record.ground_truth == [] and all(s.metrics.ground_truth_total is None for s in record.sessions)
    drop = [b for b in record.bugs.values() if any(c.startswith("drop ") for c in b.report.repro)]
    text = [b for b in record.bugs.values() if b not in drop]
    assert drop and text, [b.report.title for b in record.bugs.values()]
    # the real fix is verified by its replay; the wrong one was patched, judged still there, and reopened
    assert {b.status for b in text} == {"verified_fixed"}
    for bug in drop:
        moves = [(e.from_status, e.to_status) for e in bug.history]
        assert ("patched", "open") in moves and bug.status in ("open", "patched"), moves
    second = record.sessions[1]
    assert {v.verdict for v in second.verifications if v.fingerprint in {b.fingerprint for b in text}} == {
        "verified_fixed"
    }
    assert second.metrics.fixes_verified == len(text) and second.metrics.bugs_confirmed >= 2

    # only the verified fixes are on the branch, in the team's remote, with a description to review
    assert sorted(record.fixes.fixed) == sorted(b.fingerprint for b in text)
    assert record.fixes.pushed_to == str(remote)
    branch = f"loop/{record.run_id}/fixes"
    pushed = git.Repo(remote).commit(branch)
    # the branch is on the game's real history: its files sit where the game's tree is in that repository
    prefix = f"{record.origin.prefix}/" if record.origin and record.origin.prefix else ""
    assert "a small key rattles" not in pushed.tree[f"{prefix}castle/world.py"].data_stream.read().decode()
    assert (
        "reviewed the drop command"
        not in pushed.tree[f"{prefix}castle/engine.py"].data_stream.read().decode()
    )
    assert pushed.message.startswith("Fix: ")
    description = (report_md.parent / "pull-request.md").read_text()
    assert all(b.report.title in description for b in text)
    assert "Still open or unverified" in description

    report = report_md.read_text()
    assert "Confirmed / fixed / regressed" in report and "fix failed" in report


def test_gold_on_a_game_with_its_ground_truth_withheld_is_one_line_before_anything_starts(tmp_path: Path):
    command = [
        CLOSED_LOOP,
        "run",
        "castle",
        "--no-ground-truth",
        "--repair-agent",
        "gold",
        "--backend",
        "process",
    ]
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(tmp_path)}
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("closed-loop: error: the gold agent applies ground-truth patches")
    assert "Traceback" not in done.stderr and not list(tmp_path.iterdir())  # nothing was started


def test_gold_without_ground_truth_is_a_failed_flow_run_with_its_reason_and_no_run_left_running(
    prefect_api, tmp_path: Path, monkeypatch
):
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    params = dict(repair_agent="gold", qa_agent="explorer", backend="process", return_state=True)

    refused = closed_loop(game="castle", withhold_ground_truth=True, run_id="castle-nightly-1", **params)

    assert refused.is_failed()
    # the flow run says why in one line, not only in a traceback; nothing was started
    assert "ChoiceError: the gold agent applies ground-truth patches" in refused.message
    assert "Traceback" not in refused.message and "\n" not in refused.message.strip()
    assert not (tmp_path / "runs" / "castle-nightly-1").exists()

    # a run started with gold on a user's game that shipped ground truth, resumed after it was removed
    game = tmp_path / "my-game"
    shutil.copytree(load_game("castle").root, game)
    started = open_run(LoopConfig(game=str(game), **{k: v for k, v in params.items() if k != "return_state"}))
    assert started.record.status == "running"
    started.close()  # as its process ending would: the run may be resumed
    shutil.rmtree(game / "benchmark")

    resumed = closed_loop(game=str(game), run_id=started.run_id, return_state=True)

    assert resumed.is_failed() and "the gold agent needs ground truth" in resumed.message
    record = RunRecord.load(started.run_dir / "run.json")
    assert record.status == "failed" and "the gold agent needs ground truth" in record.stop_reason
