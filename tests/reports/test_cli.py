import json
import os
import subprocess
import sys

import pytest

from flows.cli import main
from loop.run.record import RunRecord


def closed_loop(*args: str, cwd) -> subprocess.CompletedProcess:
    """The real command in its own process: exit code, stdout and stderr as a user sees them."""
    env = {k: v for k, v in os.environ.items() if k != "CLOSED_LOOP_RUNS"}  # the default: runs/ under cwd
    return subprocess.run(
        [sys.executable, "-m", "flows.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def closed_loop_here(*args: str, cwd, capsys, monkeypatch) -> subprocess.CompletedProcess:
    """The same entry point in this process (an interpreter start is seconds on a loaded machine), with the
    runs folder at its default, `runs` under the working folder."""
    monkeypatch.chdir(cwd)
    monkeypatch.delenv("CLOSED_LOOP_RUNS", raising=False)
    code = main(list(args))
    out = capsys.readouterr()
    return subprocess.CompletedProcess(list(args), code, out.out, out.err)


@pytest.fixture
def runs_root(castle_run_dir):
    return castle_run_dir.parent.parent


def test_report_without_flag_writes_all_views_and_prints_their_paths(runs_root, capsys, monkeypatch):
    result = closed_loop_here(
        "report", "castle-20261122-0001", cwd=runs_root, capsys=capsys, monkeypatch=monkeypatch
    )
    assert result.returncode == 0, result.stderr
    printed = result.stdout.split()
    assert printed[:3] == [
        f"runs/castle-20261122-0001/{n}" for n in ("report.md", "report.html", "summary.json")
    ]
    assert all((runs_root / p).is_file() for p in printed)


def test_report_md_prints_the_markdown(runs_root, capsys, monkeypatch):
    result = closed_loop_here(
        "report", "castle-20261122-0001", "--md", cwd=runs_root, capsys=capsys, monkeypatch=monkeypatch
    )
    assert result.returncode == 0, result.stderr
    assert (
        "| 3 | verification only, nothing new | - | BUG-1 confirmed fixed | 3, 3, 0 | 3/3, 3/3 |"
        in result.stdout
    )


def test_report_json_prints_the_summary(runs_root, tmp_path, capsys, monkeypatch):
    result = closed_loop_here(
        "report",
        "castle-20261122-0001",
        "--json",
        "--runs-dir",
        str(runs_root / "runs"),
        cwd=tmp_path,
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["metrics"]["fixed_verified"] == 3


def test_report_html_regenerates_after_run_json_changes(runs_root, castle_run_dir, capsys, monkeypatch):
    run = RunRecord.load(castle_run_dir / "run.json")
    run.config.repair_agent = "claude-code"
    run.save(castle_run_dir / "run.json")
    result = closed_loop_here(
        "report", "castle-20261122-0001", "--html", cwd=runs_root, capsys=capsys, monkeypatch=monkeypatch
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "runs/castle-20261122-0001/report.html"
    assert "<dd>claude-code</dd>" in (castle_run_dir / "report.html").read_text()


@pytest.mark.parametrize("run_id", ["no-such-run", "../castle-20261122-0001"])
def test_unknown_run_id_is_one_line_and_exit_2(runs_root, run_id):
    result = closed_loop("report", run_id, cwd=runs_root)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(("closed-loop: error: no run", "closed-loop: error: run id")), (
        result.stderr
    )


def test_run_json_of_another_schema_is_one_line_and_exit_2(runs_root, castle_run_dir, capsys, monkeypatch):
    data = json.loads((castle_run_dir / "run.json").read_text())
    data["schema_version"] = 99
    (castle_run_dir / "run.json").write_text(json.dumps(data))
    result = closed_loop_here(
        "report", "castle-20261122-0001", cwd=runs_root, capsys=capsys, monkeypatch=monkeypatch
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "schema 99" in result.stderr


def test_the_runs_folder_of_the_environment_is_the_one_report_reads(runs_root, capsys, monkeypatch):
    monkeypatch.chdir(runs_root.parent)  # anywhere but where the runs are
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(runs_root / "runs"))
    assert main(["report", "castle-20261122-0001", "--md"]) == 0
    assert "castle-20261122-0001" in capsys.readouterr().out
