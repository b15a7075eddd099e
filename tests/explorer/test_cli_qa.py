"""`closed-loop qa` end to end: a real game process, reports and trace written where the user asked."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import TOYBOX

pytestmark = pytest.mark.slow


def run_cli(*args: str, bugs: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "TOYBOX_BUGS": bugs}
    command = [sys.executable, "-m", "flows.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)


def test_qa_command_writes_reports_markdown_and_trace(tmp_path):
    out = tmp_path / "session"
    done = run_cli(
        "qa", str(TOYBOX), "--agent", "explorer", "--steps", "300", "--out", str(out), bugs="crash"
    )
    assert done.returncode == 0, done.stderr
    assert "report 1: Server error on 'examine statue'" in done.stdout
    reports = json.loads((out / "reports.json").read_text())  # what `closed-loop repair --reports` takes
    assert [r["repro"] for r in reports] == [["examine statue"]]
    session = json.loads((out / "session.json").read_text())
    assert session["steps"] == 300 and session["tokens"] == 0
    [markdown] = list(out.glob("report-01-*.md"))
    assert "Send `examine statue`" in markdown.read_text()
    assert len((out / "trace.jsonl").read_text().splitlines()) >= 300


def test_qa_command_on_an_unknown_game_fails_in_one_line(tmp_path):
    done = run_cli("qa", "no-such-game", "--out", str(tmp_path / "x"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "unknown game" in done.stderr


def test_qa_command_rejects_an_unknown_agent(tmp_path):
    done = run_cli("qa", str(TOYBOX), "--agent", "oracle-of-delphi", "--out", str(tmp_path / "x"))
    assert done.returncode == 2 and "unknown QA agent" in done.stderr
