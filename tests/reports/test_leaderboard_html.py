"""leaderboard.html of a catalogue comparison: the tables of leaderboard.md, rendered in headless Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

from report_dom import ARTIFACTS, CHROMIUM, PageDom, chromium

from loop.run.catalogue_tasks import build_task_set
from loop.run.record import AttemptRecord
from loop.run.task_attempt import RESULT_FILE, TaskResult
from reports.leaderboard import leaderboard_rows, write_leaderboard


def write_comparison(folder: Path, castle) -> None:
    task_set = build_task_set([castle])
    folder.mkdir()
    task_set.save(folder / "taskset.json")
    for agent, resolved in (("gold", {"BUG-1", "BUG-2", "BUG-3"}), ("builtin", {"BUG-2"})):
        for task in task_set.tasks:
            attempt = AttemptRecord(
                agent=agent, fingerprints=[], outcome="patched", tokens_in=900, tokens_out=100, cost_usd=0.01,
                lines_added=2, lines_removed=1,
            )  # fmt: skip
            result = TaskResult(
                task_set=task_set.content_hash, task_id=task.task_id, game="castle", bug_id=task.bug_id,
                difficulty=task.difficulty, bug_type=task.bug_type, agent=agent, repeat=1, attempt=attempt,
                resolved=task.bug_id in resolved, probe_fixed=task.bug_id in resolved, wall_seconds=3.0,
            )  # fmt: skip
            attempt_dir = folder / "attempts" / agent / "castle" / task.bug_id / "r1"
            attempt_dir.mkdir(parents=True)
            result.save(attempt_dir / RESULT_FILE)


def test_leaderboard_html_shows_the_markdown_tables_in_headless_chromium(castle, tmp_path: Path):
    assert Path(CHROMIUM).exists(), "chromium is missing: run scripts/bootstrap.sh"
    folder = tmp_path / "comparison"
    write_comparison(folder, castle)
    board = write_leaderboard(folder)

    dumped = chromium(folder / "leaderboard.html", tmp_path / "profile", "--dump-dom")

    assert dumped.returncode == 0, dumped.stderr[-2000:]
    dom = PageDom(dumped.stdout)
    assert dom.table_dicts("leaderboard") == leaderboard_rows(board)
    builtin = next(row for row in dom.table_dicts("leaderboard") if row["agent"] == "builtin")
    assert builtin["resolved"] == "1/3" and builtin["95% CI"] == "6.1-79.2"
    assert builtin["tokens/attempt"] == "1000" and builtin["lines/patch"] == "3.0"
    (pair,) = dom.table_dicts("pairwise")
    assert (pair["agent"], pair["other"]) == ("gold", "builtin")
    assert (pair["only agent"], pair["only other"]) == ("castle/BUG-1, castle/BUG-3", "none")
    easy = {row["agent"]: row["easy"] for row in dom.table_dicts("difficulty")}
    assert easy == {"gold": "2/2", "builtin": "1/2"}
    assert not dom.sources  # nothing that would reach the network
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = tmp_path / "leaderboard-phone.png"
    page = folder / "leaderboard.html"
    result = chromium(page, tmp_path / "profile", f"--screenshot={shot}", size="390,1600")
    assert result.returncode == 0, result.stderr[-2000:]
    shutil.copy(shot, ARTIFACTS / shot.name)
