"""Mistakes a user makes at the command line: unknown games and agents, broken manifests, bad arguments and
missing files. Each ends with exit code 2 and one clear error line (argparse's usage lines may come before
its own), never a traceback; checked through `flows.cli.main` and through the installed `closed-loop`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from flows.cli import main

BIN = Path(sys.executable).parent

MANIFESTS = {
    "bad-toml": 'name = "x\n',
    "missing-fields": 'name = "x"\ntitle = "X"\n',
    "extra-field": 'name = "x"\ntitle = "X"\ngenre = "g"\nstart_command = ["python", "-m", "x"]\nbogus = 1\n',
    "bad-name": 'name = "Not A Name!"\ntitle = "X"\ngenre = "g"\nstart_command = ["python"]\n',
}

# (arguments, words the error line must contain)
CASES = [
    ([], "required: COMMAND"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["run", "--max-rounds", "abc"], "invalid int value: 'abc'"),
    (["run", "castle", "--max-rounds", "0"], "at least 1"),
    (["run", "castle", "--max-rounds", "999"], "max_rounds"),
    (["run", "castle", "--steps", "-3"], "at least 1"),
    (["run", "castle", "--backend", "kubernetes"], "invalid choice: 'kubernetes'"),
    (["run", "castle", "--mode", "god"], "invalid choice: 'god'"),
    (["run", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["run", "castle", "--qa-agent", "bogus"], "unknown QA agent 'bogus'"),
    (["run", "castle", "--repair-agent", "bogus"], "unknown repair agent 'bogus'"),
    (["games", "validate", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["games", "validate", "{tmp}/bad-toml"], "not valid TOML"),
    (["games", "validate", "{tmp}/missing-fields"], "genre: Field required"),
    (["sandbox", "up", "{tmp}/extra-field"], "bogus: Extra inputs are not permitted"),
    (["sandbox", "up", "{tmp}/bad-name"], "name:"),
    (["sandbox", "up", "castle", "--backend", "bogus"], "invalid choice: 'bogus'"),
    (["qa", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["qa", "castle", "--agent", "bogus"], "unknown QA agent 'bogus'"),
    (["qa", "castle", "--steps", "-5"], "at least 1"),
    (["repair", "castle", "--agent", "bogus", "--reports", "{tmp}/reports.json"], "invalid choice: 'bogus'"),
    (["repair", "castle", "--agent", "noop", "--reports", "{tmp}/not-reports.json"], "not a JSON list"),
    (["repair", "castle", "--agent", "noop", "--reports", "{tmp}/missing.json"], "No such file"),
    (["report", "no-such-run", "--runs-dir", "{tmp}"], "no run 'no-such-run'"),
    (["bugs", "castle"], "no ledger"),
    (["fake-llm", "--script", "{tmp}/missing.jsonl"], "No such file"),
]
IDS = [" ".join(args) or "(nothing)" for args, _ in CASES]


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    for name, text in MANIFESTS.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "game.toml").write_text(text)
    (tmp_path / "reports.json").write_text("[]")
    (tmp_path / "not-reports.json").write_text('[{"title": 1}]')
    return tmp_path


def check(returncode: int, stderr: str, expected: str) -> None:
    assert returncode == 2, stderr
    assert "Traceback" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if "error:" in line]
    assert len(errors) == 1, stderr
    assert stderr.strip().splitlines()[-1] == errors[0], "the error is not the last thing said"
    assert errors[0].startswith("closed-loop") and expected in errors[0], errors[0]


@pytest.mark.parametrize(("args", "expected"), CASES, ids=IDS)
def test_main_ends_a_user_mistake_with_one_line_and_exit_2(args, expected, workdir, capsys, monkeypatch):
    monkeypatch.chdir(workdir)
    argv = [arg.format(tmp=workdir) for arg in args]
    try:
        returncode = main(argv)
    except SystemExit as exit_:  # argparse's own usage errors
        returncode = exit_.code
    check(returncode, capsys.readouterr().err, expected)


@pytest.mark.slow
@pytest.mark.parametrize(("args", "expected"), CASES, ids=IDS)
def test_the_installed_command_ends_a_user_mistake_with_one_line_and_exit_2(args, expected, workdir):
    argv = [arg.format(tmp=workdir) for arg in args]
    result = subprocess.run(
        [BIN / "closed-loop", *argv], cwd=workdir, capture_output=True, text=True, timeout=120
    )
    check(result.returncode, result.stderr, expected)
