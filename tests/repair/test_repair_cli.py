"""`closed-loop repair`: a user's view of one repair round."""

from __future__ import annotations

import json
from pathlib import Path

import git
import pytest
from repair_fixtures import VAULT_DIR, vault_report

from flows.cli import main


def write_inputs(tmp_path: Path, titles: list[str], matched: bool = True) -> tuple[Path, Path]:
    reports = [vault_report(title) for title in titles]
    reports_path = tmp_path / "reports.json"
    reports_path.write_text(json.dumps([r.model_dump(mode="json") for r in reports]))
    matches_path = tmp_path / "matches.json"
    matches_path.write_text(json.dumps({reports[0].fingerprint: "BUG-1"} if matched else {}))
    return reports_path, matches_path


def test_repair_with_gold_shows_the_diff_the_gate_and_the_outcome(tmp_path: Path, capsys):
    reports, matches = write_inputs(tmp_path, ["A dropped key vanishes"])
    argv = ["repair", str(VAULT_DIR), "--agent", "gold", "--reports", str(reports), "--matches", str(matches)]
    code = main([*argv, "--runs-dir", str(tmp_path / "runs"), "--run-id", "cli-gold"])

    out = capsys.readouterr().out
    assert code == 0, out
    assert "=== attempt gold-01: patched ===" in out
    assert '+        state["items"].append(noun)' in out
    assert "gate:    game tests True, walkthrough won True" in out
    assert "1/1 attempt(s) patched; branch loop/cli-gold/round-1" in out
    result = json.loads((tmp_path / "runs/cli-gold/attempts/round-1/gold-01/result.json").read_text())
    assert result["outcome"] == "patched"
    repo = git.Repo(tmp_path / "runs/cli-gold/workspace/repo")
    assert repo.commit("loop/cli-gold/round-1").hexsha == result["commit"]


def test_repair_with_noop_per_report_exits_1_and_names_each_outcome(tmp_path: Path, capsys):
    reports, _ = write_inputs(tmp_path, ["first", "second"])
    argv = ["repair", str(VAULT_DIR), "--agent", "noop", "--reports", str(reports), "--per-report"]
    code = main([*argv, "--runs-dir", str(tmp_path / "runs"), "--run-id", "cli-noop"])

    out = capsys.readouterr().out
    assert code == 1
    assert out.count(": empty_patch ===") == 2
    assert "0/2 attempt(s) patched" in out


def test_repair_with_an_unknown_agent_names_the_known_ones(tmp_path: Path, capsys):
    reports, _ = write_inputs(tmp_path, ["first"])
    with pytest.raises(SystemExit) as exit_info:
        main(["repair", str(VAULT_DIR), "--agent", "nope", "--reports", str(reports)])

    assert exit_info.value.code == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err


def test_gold_without_a_benchmark_is_a_one_line_error(tmp_path: Path, capsys):
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.toml").write_text((VAULT_DIR / "game.toml").read_text())
    reports, _ = write_inputs(tmp_path, ["first"])
    code = main(["repair", str(game), "--agent", "gold", "--reports", str(reports)])

    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("closed-loop: error:") and "no benchmark" in err and err.count("\n") == 1


def test_repair_with_reports_that_are_not_reports_is_a_one_line_error(tmp_path: Path, capsys):
    bad = tmp_path / "reports.json"
    bad.write_text(json.dumps([{"title": "only a title"}]))
    code = main(["repair", str(VAULT_DIR), "--agent", "noop", "--reports", str(bad)])

    assert code == 2
    assert "not a JSON list of bug reports" in capsys.readouterr().err
