"""A disk that fills up under a run: a real 4 MB tmpfs mounted for CLOSED_LOOP_RUNS and the ledger, filled to
the last byte. Writes fail with a clear error; run.json and the ledger stay whole and readable."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy.exc
from loop_driver import offline_config

from flows.assembly import open_run
from loop.ledger import Ledger
from loop.run.record import RunRecord, SessionRecord

BIN = Path(sys.executable).parent


@contextmanager
def tmpfs(mount_point: Path, size: str) -> Iterator[Path]:
    """A filesystem of `size` of its own at `mount_point` (needs root, as CI and our machines have)."""
    mount_point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount_point)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.fail(f"cannot mount a small tmpfs (these tests need root): {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=True)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs(tmp_path / "small", "4m") as disk:
        yield disk


def fill(disk: Path) -> Path:
    """Write a filler file until the filesystem refuses another byte."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        try:
            while True:
                handle.write(b"\0")
        except OSError:
            pass
    return filler


def test_run_json_stays_whole_when_the_disk_is_full(small_disk: Path):
    run = open_run(offline_config(), runs_dir=small_disk)
    saved = (run.run_dir / "run.json").read_text()
    fill(small_disk)

    run.record.sessions.append(SessionRecord(number=1, commit=run.record.head_commit))
    with pytest.raises(OSError) as raised:
        run.save()
    assert raised.value.errno == errno.ENOSPC
    with pytest.raises(OSError):
        run.write_session_reports(1, "reports.json", [])

    assert (run.run_dir / "run.json").read_text() == saved
    assert RunRecord.load(run.run_dir / "run.json").sessions == []
    leftovers = [p.name for p in run.run_dir.rglob("*.tmp")]
    assert leftovers == [], f"half-written files left on the full disk: {leftovers}"


def test_the_ledger_refuses_writes_on_a_full_disk_and_stays_consistent(small_disk: Path, monkeypatch):
    path = small_disk / "ledger.sqlite"
    monkeypatch.setenv("CLOSED_LOOP_LEDGER_URL", f"sqlite:///{path}")
    with Ledger() as ledger:
        ledger.start_run("before-full", "castle")
    filler = fill(small_disk)

    with pytest.raises(sqlalchemy.exc.OperationalError), Ledger() as ledger:
        for number in range(200):  # enough rows to need new pages of the database file
            ledger.start_run(f"during-full-{number}", "castle", params={"pad": "y" * 2000})

    filler.unlink()
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        runs = [row[0] for row in connection.execute("SELECT run_id FROM runs ORDER BY id")]
    finally:
        connection.close()
    assert runs[0] == "before-full"
    with Ledger() as ledger:  # and it takes writes again once there is room
        ledger.start_run("after-full", "castle")
        assert "after-full" in {run.run_id for run in ledger.runs("castle")}


@pytest.mark.slow
def test_the_command_on_a_full_disk_says_so_in_one_line_and_exits_2(small_disk: Path, tmp_path: Path):
    run = open_run(offline_config(), runs_dir=small_disk)
    saved = (run.run_dir / "run.json").read_text()
    fill(small_disk)
    env = {**os.environ, "CLOSED_LOOP_LEDGER_URL": f"sqlite:///{tmp_path / 'ledger.sqlite'}"}

    result = subprocess.run(
        [BIN / "closed-loop", "report", run.run_id, "--runs-dir", str(small_disk)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("closed-loop: error:"), result.stderr
    assert "no space left" in lines[0].lower()
    assert (run.run_dir / "run.json").read_text() == saved


def test_a_run_left_failed_is_tried_again_when_resumed(tmp_path: Path):
    """A run an earlier version marked `failed` on a full disk: resuming it after freeing space goes on."""
    run = open_run(offline_config(), runs_dir=tmp_path)
    run.finish("failed: OSError: [Errno 28] No space left on device", status="failed")
    run.close()

    again = open_run(offline_config(), run_id=run.run_id, runs_dir=tmp_path)
    assert again.record.status == "running"
    assert again.next_session() == 1
    again.close()


GIT_THAT_FILLS_THE_DISK = """#!/bin/sh
# git, except that the first `git {trigger}` fills the run's disk to the last byte before it runs
case " $* " in
  *" {trigger} "*)
    if [ ! -e "{mark}" ]; then
      : > "{mark}"
      dd if=/dev/zero of="{filler}" bs=65536 2>/dev/null
      dd if=/dev/zero of="{filler}-last" bs=1 2>/dev/null
    fi ;;
esac
exec {git} "$@"
"""


@pytest.fixture
def disk_for_a_run(tmp_path: Path) -> Iterator[Path]:
    """Room for a CASTLE run until something fills it."""
    with tmpfs(tmp_path / "runs-disk", "32m") as disk:
        yield disk


def closed_loop(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BIN / "closed-loop", *args], env=env, capture_output=True, text=True, timeout=900, cwd=ROOT
    )


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    """The command's one error line: no traceback, nothing after it but Prefect stopping its own server."""
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    lines = result.stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("closed-loop: error:")]
    assert len(errors) == 1, result.stderr[-4000:]
    after = lines[lines.index(errors[0]) + 1 :]
    assert all("Stopping temporary server" in line for line in after), after
    return errors[0]


ROOT = Path(__file__).resolve().parents[2]
# git steps of a CASTLE loop: the critic's work tree (the first one made), the commit of the gold patch, the
# next session's checkout of the patched commit
GIT_STEPS = ["worktree add", "commit --no-verify", "checkout --force --detach"]


@pytest.mark.slow
@pytest.mark.parametrize("trigger", GIT_STEPS)
def test_a_disk_that_fills_during_a_git_step_stops_the_run_in_one_line_and_it_resumes_once_there_is_room(
    disk_for_a_run: Path, tmp_path: Path, trigger: str
):
    shim = tmp_path / "bin"
    shim.mkdir()
    filler = disk_for_a_run / "filler"
    (shim / "git").write_text(
        GIT_THAT_FILLS_THE_DISK.format(
            trigger=trigger, mark=tmp_path / "filled", filler=filler, git=shutil.which("git")
        )
    )
    (shim / "git").chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{shim}:{os.environ['PATH']}",
        "CLOSED_LOOP_RUNS": str(disk_for_a_run),
        "CLOSED_LOOP_LEDGER_URL": f"sqlite:///{tmp_path / 'ledger.sqlite'}",
    }
    run_id = "castle-disk-full"
    loop = ["run", "castle", "--backend", "process", "--qa-agent", "explorer", "--repair-agent", "gold"]
    loop += ["--max-rounds", "2", "--steps", "300", "--run-id", run_id]

    full = closed_loop(env, *loop)
    assert (tmp_path / "filled").exists(), f"no `git {trigger}` ran: {full.stderr[-2000:]}"
    assert full.returncode == 2, full.stderr[-4000:]
    line = one_error_line(full)
    assert line.startswith("closed-loop: error:") and "no space left on device" in line.lower(), line
    assert run_id in line, line  # how to go on
    record = RunRecord.load(disk_for_a_run / run_id / "run.json")
    assert record.status == "running", (record.status, record.stop_reason)

    filler.unlink()
    Path(f"{filler}-last").unlink(missing_ok=True)
    resumed = closed_loop(env, "run", "--run-id", run_id)
    assert resumed.returncode == 0, resumed.stderr[-4000:]
    record = RunRecord.load(disk_for_a_run / run_id / "run.json")
    assert record.status == "finished", (record.status, record.stop_reason)
    assert any(a.outcome == "patched" for s in record.sessions for a in s.attempts)
