"""A disk that fills up under a run: a real 4 MB tmpfs mounted for CLOSED_LOOP_RUNS and the ledger, filled to
the last byte. Writes fail with a clear error; run.json and the ledger stay whole and readable."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy.exc
from loop_driver import offline_config

from flows.assembly import open_run
from loop.ledger import Ledger
from loop.run.record import RunRecord, SessionRecord

BIN = Path(sys.executable).parent


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 4 MB filesystem of its own (needs root, as CI and this project's machines have)."""
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount_point)], capture_output=True, text=True
    )
    if mounted.returncode != 0:
        pytest.fail(f"cannot mount a small tmpfs (these tests need root): {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=True)


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
