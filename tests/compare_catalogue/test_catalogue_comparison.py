"""`closed-loop compare-repair-agents catalogue` on CASTLE's three ground-truth bugs: gold resolves every
task, noop none, a scripted command agent exactly the one it fixes; a rerun repeats nothing; the leaderboard
rebuilt from the folder is the one printed."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path

import pytest

from flows.cli import main
from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.run.catalogue_comparison import CatalogueComparison
from loop.run.catalogue_tasks import TaskSet, build_task_set, user_report
from loop.run.record import AttemptRecord
from loop.run.task_attempt import RESULT_FILE, TaskResult
from reports.leaderboard import build_leaderboard, wilson

# Keeps the reports it was given in the work tree (so the patch shows what reached it), and fixes BUG-1 only.
FIX_BUG_1 = (
    "cat > given-reports.json && "
    "sed -i 's/if len(held) < 2:/if len(held) < len(FRAGMENTS):/' castle/engine.py"
)
TASKS = ["castle/BUG-1", "castle/BUG-2", "castle/BUG-3"]


def compare(out: Path, *extra: str) -> list[str]:
    argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--flavours", "user-report"]
    argv += ["--out", str(out), *extra]
    return argv + ["--agents", "gold,noop,command", "--agent-option", f"command:command={FIX_BUG_1}"]


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("compare") / "castle"
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(compare(out))
    assert code == 0, buffer.getvalue()
    return out, buffer.getvalue()


def leaderboard_part(stdout: str) -> str:
    return stdout[stdout.index("# Repair agents on the catalogue task set") :]


@pytest.mark.slow
def test_gold_resolves_every_task_noop_none_and_the_command_agent_the_one_it_fixes(compared):
    out, stdout = compared
    assert "task set " in stdout and "3 task(s) in 1 game(s)" in stdout
    assert "0 broken (gold did not resolve them: none)" in stdout
    assert "| gold | - | 3/3 | 100.0 | 43.9-100.0 |" in stdout
    assert "| noop | - | 0/3 | 0.0 | 0.0-56.1 |" in stdout
    assert "| command | - | 1/3 | 33.3 | 6.1-79.2 |" in stdout
    assert "| gold | command | castle/BUG-2, castle/BUG-3 | none |" in stdout
    board = json.loads((out / "leaderboard.json").read_text())
    command = next(row for row in board["agents"] if row["agent"] == "command")
    assert command["by_difficulty"] == {
        "easy": {"resolved": 1, "attempts": 2},
        "medium": {"resolved": 0, "attempts": 1},
    }
    assert command["outcomes"] == {"patched": 3}
    assert (out / "leaderboard.md").read_text() == leaderboard_part(stdout)


@pytest.mark.slow
def test_an_agent_gets_the_players_report_and_nothing_else_of_the_ground_truth(compared):
    out, _ = compared
    patch = next((out / "attempts/command/castle/BUG-2/r1").rglob("patch.diff")).read_text()
    bug = Benchmark(load_game("castle")).bug("BUG-2")
    assert bug.observed_fault in patch
    for secret in ("BUG-2", bug.probe, "gold", "probe"):
        assert secret not in patch


@pytest.mark.slow
def test_a_rerun_repeats_no_finished_attempt_and_redoes_a_killed_one(compared, capsys):
    out, stdout = compared
    finished = {path: path.read_text() for path in out.rglob(RESULT_FILE)}
    assert len(finished) == 9
    killed = out / "attempts/noop/castle/BUG-3/r1"
    (killed / RESULT_FILE).unlink()  # what a run killed in the middle of this attempt leaves

    assert main(compare(out)) == 0

    rerun = capsys.readouterr().out
    assert "resuming: 8 finished attempt(s) in the folder kept, not run again\n" in rerun
    assert [line for line in rerun.splitlines() if " r1: " in line] == [
        "noop castle/BUG-3 r1: empty_patch, not resolved"
    ]
    for path, text in finished.items():
        if path.parent != killed:
            assert path.read_text() == text
    assert "| noop | - | 0/3 | 0.0 | 0.0-56.1 |" in rerun


@pytest.mark.slow
def test_the_leaderboard_rebuilt_from_the_folder_is_the_one_printed(compared, capsys):
    out, stdout = compared
    printed = (out / "leaderboard.md").read_text()  # what the last comparison run printed
    printed_json = (out / "leaderboard.json").read_text()
    (out / "leaderboard.json").unlink()
    (out / "leaderboard.md").unlink()

    assert main(["compare-repair-agents", "leaderboard", str(out)]) == 0

    assert capsys.readouterr().out == printed
    assert (out / "leaderboard.md").read_text() == printed
    assert (out / "leaderboard.json").read_text() == printed_json


@pytest.mark.slow
def test_a_folder_of_another_task_set_is_refused_as_not_comparable(compared, capsys):
    out, _ = compared
    kept = json.loads((out / "taskset.json").read_text())
    other = out.parent / "other"
    other.mkdir()
    kept["tasks"][0]["tree"] = "0" * 40  # the same bugs on other code
    (other / "taskset.json").write_text(json.dumps(kept))

    assert main(compare(other)) == 2

    assert "not comparable" in capsys.readouterr().err
    assert not (other / "attempts").exists()


@pytest.mark.slow
def test_a_rerun_with_another_command_is_refused_as_not_comparable(compared, capsys):
    out, _ = compared
    other = out.parent / "other-command"
    shutil.copytree(out, other)
    finished = sorted(other.rglob(RESULT_FILE))
    argv = [*compare(other)[:-1], "command:command=true"]

    assert main(argv) == 2

    assert capsys.readouterr().err == (
        f"closed-loop: error: {other} holds attempts of command made with other --agent-option settings: "
        "they are not comparable (use another folder)\n"
    )
    assert sorted(other.rglob(RESULT_FILE)) == finished


@pytest.mark.slow
def test_a_damaged_task_result_stops_a_rerun_and_the_leaderboard_in_one_line(compared, capsys):
    out, _ = compared
    damaged = out.parent / "damaged"
    shutil.copytree(out, damaged)
    result = damaged / "attempts/noop/castle/BUG-2/r1" / RESULT_FILE
    result.write_text('{"schema_version": 1, "agent": "noop", ')

    assert main(["compare-repair-agents", "leaderboard", str(damaged)]) == 2
    assert main(compare(damaged)) == 2

    errors = capsys.readouterr().err.splitlines()
    assert [line for line in errors if line.startswith("closed-loop: error:")] == [
        f"closed-loop: error: {result} is not a readable task result (Invalid JSON: EOF while parsing a "
        "value at line 1 column 39): remove it to run that attempt again"
    ] * 2
    assert "Traceback" not in "\n".join(errors)


@pytest.mark.parametrize(
    ("option", "error"),
    [
        (["--agents", ""], "--agents names no agent"),
        (["--agents", "gold", "--repeats", "0"], "--repeats must be at least 1"),
        (["--agents", "gold", "--workers", "0"], "--workers must be at least 1"),
        (["--agents", "gold", "--wall-seconds", "0"], "--wall-seconds must be more than 0"),
    ],
)
def test_a_setting_that_allows_no_attempt_is_refused_before_any(tmp_path: Path, capsys, option, error):
    argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--out", str(tmp_path / "c"), *option]

    assert main(argv) == 2

    assert capsys.readouterr().err == f"closed-loop: error: {error}\n"
    assert not (tmp_path / "c").exists()


def test_a_damaged_task_set_file_is_refused_in_one_line(tmp_path: Path, capsys):
    (tmp_path / "taskset.json").write_text("{bad")

    assert main(["compare-repair-agents", "leaderboard", str(tmp_path)]) == 2

    assert capsys.readouterr().err == (
        f"closed-loop: error: {tmp_path / 'taskset.json'} is not a readable task set (Expecting property "
        "name enclosed in double quotes: line 1 column 2 (char 1)): use another folder\n"
    )


def test_a_comparison_folder_that_cannot_be_made_is_refused_in_one_line(tmp_path: Path, capsys):
    taken = tmp_path / "a-file"
    taken.write_text("")
    argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--agents", "noop"]

    assert main([*argv, "--out", str(taken)]) == 2

    assert capsys.readouterr().err == (
        f"closed-loop: error: cannot use {taken} as the comparison folder: File exists\n"
    )


def test_an_agent_missing_its_option_is_refused_before_any_attempt(tmp_path: Path, capsys):
    argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--agents", "gold,command"]

    assert main([*argv, "--out", str(tmp_path / "c")]) == 2

    assert "the command agent needs an option command=" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


def test_an_agent_named_twice_is_planned_once(castle, tmp_path: Path):
    comparison = CatalogueComparison(tmp_path / "c", build_task_set([castle]), {"castle": castle})

    planned = [(agent, task.task_id, repeat) for agent, task, repeat in comparison.plan(["noop", "noop"], 1)]

    assert planned == [("noop", task_id, 1) for task_id in TASKS]


def test_the_task_set_hash_changes_with_the_code_and_not_with_the_order_of_reading(castle):
    task_set = build_task_set([castle])
    assert [t.task_id for t in task_set.tasks] == TASKS
    assert build_task_set([castle]).content_hash == task_set.content_hash
    moved = TaskSet(tasks=[task_set.tasks[0].model_copy(update={"tree": "0" * 40}), *task_set.tasks[1:]])
    assert moved.content_hash != task_set.content_hash


def test_the_players_report_is_written_from_the_fault_and_how_to_see_it(castle):
    bug = Benchmark(castle).bug("BUG-1")
    report = user_report(bug)
    text = report.model_dump_json()
    assert bug.observed_fault in text and bug.minimal_reproduction in text
    assert report.repro == [] and report.oracle is None and report.source == "user"
    for secret in (bug.id, bug.probe, bug.gold_patch):
        assert secret not in text


def result(
    agent: str, task: str, repeat: int, resolved: bool, loop_verified: bool = False, probe_fixed: bool = True
) -> TaskResult:
    return TaskResult(
        task_set="h", task_id=task, game="castle", bug_id=task.split("/")[1], difficulty="easy",
        bug_type="logic error", agent=agent, repeat=repeat, resolved=resolved, loop_verified=loop_verified,
        probe_fixed=probe_fixed, attempt=AttemptRecord(agent=agent, fingerprints=[], outcome="patched"),
    )  # fmt: skip


def test_broken_tasks_are_listed_and_never_scored_and_false_fixes_are_counted():
    task_set = build_task_set([load_game("castle")])
    results = [
        result("gold", "castle/BUG-1", 1, True),
        result("gold", "castle/BUG-2", 1, False),
        result("gold", "castle/BUG-3", 1, True),
        result("agent", "castle/BUG-1", 1, False, loop_verified=True, probe_fixed=False),
        result("agent", "castle/BUG-1", 2, True, loop_verified=True, probe_fixed=True),
        result("agent", "castle/BUG-2", 1, True),
        result("agent", "castle/BUG-3", 1, True),
    ]
    results = [r.model_copy(update={"task_set": task_set.content_hash}) for r in results]

    board = build_leaderboard(task_set, results)

    assert board.broken == ["castle/BUG-2"] and board.scored == 2
    agent = next(row for row in board.agents if row.agent == "agent")
    assert (agent.resolved, agent.attempts) == (2, 3)
    assert agent.false_fixes == ["castle/BUG-1 r1"]
    (pair,) = board.pairwise
    assert (pair.agent, pair.other) == ("gold", "agent")
    assert pair.only_agent == ["castle/BUG-1"] and pair.only_other == []  # 1 of 2 is not a majority


def test_wilson_interval_matches_the_textbook_values():
    assert wilson(0, 10) == (0.0, 27.8)
    assert wilson(5, 10) == (23.7, 76.3)
    assert wilson(10, 10) == (72.2, 100.0)
    assert wilson(0, 0) == (0.0, 0.0)
