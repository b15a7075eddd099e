"""The qa-report flavour: where the frozen explorer session on CASTLE found a bug, the task set has a task
whose report is the QA agent's own, with none of the ground truth's wording; gold resolves it; the
leaderboard splits by flavour; the flavour is part of the task-set hash."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from flows.assembly import FROZEN_REPORTS_DIR, open_comparison
from flows.cli import main
from loop.contract.benchmark import Benchmark
from loop.run.catalogue_tasks import QA_REPORT, USER_REPORT, task_report

SHINGLE = 5  # words in a row: a run this long shared with the ground truth is its wording, not chance


def shingles(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def ground_truth_text(castle) -> str:
    bugs = json.loads((castle.benchmark_dir / "bugs.json").read_text())
    return " ".join(f"{bug['observed_fault']} {bug['minimal_reproduction']}" for bug in bugs)


def qa_tasks(out: Path):
    comparison = open_comparison(["castle"], out)
    return comparison, [t for t in comparison.task_set.tasks if t.flavour == QA_REPORT]


def test_castle_has_qa_report_tasks_whose_reports_carry_no_ground_truth_wording(castle, tmp_path: Path):
    comparison, tasks = qa_tasks(tmp_path / "c")
    assert tasks, f"no qa-report task for castle: is {FROZEN_REPORTS_DIR / 'castle.json'} stale?"
    assert {t.task_id for t in tasks} <= {f"castle/{t.bug_id}/qa-report" for t in comparison.task_set.tasks}
    benchmark = Benchmark(castle)
    secret = shingles(ground_truth_text(castle))
    for task in tasks:
        bug = benchmark.bug(task.bug_id)
        report = task_report(task, bug, comparison.frozen_dir)
        assert report.source == "explorer" and report.repro
        text = report.model_dump_json()
        assert not shingles(text) & secret, report.title
        for field in (bug.id, bug.probe, bug.gold_patch):
            assert field not in text
        # the check would catch a report written from the ground truth: the user-style one is
        user_task = task.model_copy(update={"flavour": USER_REPORT, "report": ""})
        assert shingles(task_report(user_task, bug, None).model_dump_json()) & secret


def test_the_flavour_is_part_of_the_task_set_hash(tmp_path: Path):
    comparison, (task, *_) = qa_tasks(tmp_path / "c")
    user_only = open_comparison(["castle"], tmp_path / "u", (USER_REPORT,)).task_set
    assert user_only.content_hash != comparison.task_set.content_hash
    relabelled = comparison.task_set.model_copy(
        update={"tasks": [t.model_copy(update={"flavour": USER_REPORT}) if t == task else t
                          for t in comparison.task_set.tasks]}
    )  # fmt: skip
    assert relabelled.content_hash != comparison.task_set.content_hash


@pytest.mark.slow
def test_gold_resolves_every_qa_report_task_and_the_leaderboard_splits_by_flavour(tmp_path: Path):
    out = tmp_path / "c"
    _, tasks = qa_tasks(out)
    argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--flavours", QA_REPORT]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main([*argv, "--agents", "gold", "--out", str(out)])

    assert code == 0, buffer.getvalue()
    board = json.loads((out / "leaderboard.json").read_text())
    assert board["broken"] == [] and board["tasks"] == len(tasks)
    (gold,) = board["agents"]
    assert gold["by_flavour"] == {QA_REPORT: {"resolved": len(tasks), "attempts": len(tasks)}}
    for task in tasks:
        result = json.loads((out / "attempts/gold" / task.task_id / "r1/task_result.json").read_text())
        assert result["flavour"] == QA_REPORT and result["resolved"]
    assert "## By report flavour" in buffer.getvalue()


def frozen_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "frozen"
    folder.mkdir()
    (folder / "castle.json").write_text((FROZEN_REPORTS_DIR / "castle.json").read_text())
    monkeypatch.setattr("flows.assembly.FROZEN_REPORTS_DIR", folder)
    return folder / "castle.json"


def test_a_session_frozen_on_other_code_gives_no_qa_report_task(tmp_path: Path, monkeypatch):
    frozen = frozen_copy(tmp_path, monkeypatch)
    kept = json.loads(frozen.read_text())
    frozen.write_text(json.dumps({**kept, "tree": "0" * 40}))

    _, tasks = qa_tasks(tmp_path / "c")

    assert tasks == []


def test_a_damaged_frozen_session_stops_the_comparison_in_one_line(tmp_path: Path, monkeypatch, capsys):
    frozen = frozen_copy(tmp_path, monkeypatch)
    frozen.write_text('{"game": "castle", ')
    argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--out", str(tmp_path / "c")]

    assert main(argv) == 2

    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"closed-loop: error: {frozen} is not a readable frozen session: freeze the reports again"
    assert not (tmp_path / "c").exists()
