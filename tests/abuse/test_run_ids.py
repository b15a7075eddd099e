"""Run ids are data, not paths: `closed-loop run --run-id ../escape1` wrote outside the runs folder, "sp ace"
ran the whole loop and failed at publish on an invalid branch name, `..` ended in a traceback. A bad run id is
one `closed-loop: error:` line and exit 2 before anything starts, from the command line, a flow's parameters
and the nightly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from flows import closed_loop as closed_loop_flow
from flows import nightly as nightly_flow
from loop.run.run_id import RunIdError

CLOSED_LOOP = str(Path(sys.executable).with_name("closed-loop"))
BAD = ["../escape1", "sp ace", "..", "", ".", "a/b", "x..y", "fixes.lock", "-rf", "x" * 200]
RUN = ["run", "castle", "--backend", "process", "--repair-agent", "noop", "--max-rounds", "1"]


def written(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if not p.is_dir())


@pytest.mark.parametrize("run_id", BAD[:4], ids=["dotdot-escape", "space", "dotdot", "empty"])
def test_closed_loop_run_refuses_a_bad_run_id_in_one_line(tmp_path: Path, run_id: str):
    work = tmp_path / "work"
    work.mkdir()
    ledger = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(work / "runs"), "CLOSED_LOOP_LEDGER_URL": ledger}

    done = subprocess.run(
        [CLOSED_LOOP, *RUN, "--steps", "20", "--run-id", run_id],
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
        cwd=work,
    )

    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("closed-loop: error: run id"), done.stderr
    assert repr(run_id) in lines[0]
    assert [p.name for p in tmp_path.iterdir()] == ["work"] and list(work.iterdir()) == []  # nothing written


@pytest.mark.parametrize("run_id", BAD[:4], ids=["dotdot-escape", "space", "dotdot", "empty"])
def test_closed_loop_repair_refuses_a_bad_run_id_in_one_line(tmp_path: Path, run_id: str):
    (tmp_path / "reports.json").write_text("[]")
    runs = tmp_path / "work" / "runs"
    command = ["repair", "castle", "--agent", "noop", "--reports", "reports.json", "--runs-dir", str(runs)]

    done = subprocess.run(
        [CLOSED_LOOP, *command, "--run-id", run_id], capture_output=True, text=True, timeout=600, cwd=tmp_path
    )

    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("closed-loop: error: run id"), done.stderr
    assert written(tmp_path) == [tmp_path / "reports.json"]


def test_the_flow_and_the_nightly_refuse_a_bad_run_id_before_anything_starts(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    for module in (closed_loop_flow, nightly_flow):
        monkeypatch.setattr(module, "get_run_logger", lambda: __import__("logging").getLogger("test"))
    monkeypatch.setattr(nightly_flow, "ensure_limit", lambda limit: pytest.fail("the nightly went on"))

    for run_id in BAD:
        with pytest.raises(RunIdError, match="run id"):
            closed_loop_flow.closed_loop.fn(game="castle", backend="process", run_id=run_id)
    for night in ["../../escape", "1 2", "..", "x" * 200]:
        with pytest.raises(RunIdError, match="run id"):
            nightly_flow.nightly.fn(games=["castle"], night=night)

    assert not (tmp_path / "runs").exists() and not (tmp_path / "escape").exists()


def test_a_mistyped_run_id_to_resume_is_refused_and_starts_nothing(tmp_path: Path):
    runs = tmp_path / "runs"
    (runs / "castle-20261126-091500-ab12").mkdir(parents=True)
    (runs / "castle-20261126-091500-ab12" / "run.json").write_text("{}")
    ledger = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(runs), "CLOSED_LOOP_LEDGER_URL": ledger}

    done = subprocess.run(
        [CLOSED_LOOP, "run", "--run-id", "castle-20261126-091500-ab21"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=tmp_path,
    )

    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no run 'castle-20261126-091500-ab21' to resume" in lines[0], done.stderr
    assert "castle-20261126-091500-ab12" in lines[0]  # the runs that do exist, to spot the typo
    assert sorted(p.name for p in runs.iterdir()) == ["castle-20261126-091500-ab12"]  # no new run
