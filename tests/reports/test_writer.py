import json
import re

from loop.run.record import RunRecord
from reports.bug_markdown import bug_filename, bug_rows, code_block, render_bug_markdown, steps_to_reproduce
from reports.writer import write_run_reports


def test_write_run_reports_writes_every_view_next_to_run_json(castle_run_dir):
    paths = write_run_reports(castle_run_dir)
    run = RunRecord.load(castle_run_dir / "run.json")
    expected = {"report.md", "report.html", "summary.json"} | {f"bugs/{fp}.md" for fp in run.bugs}
    assert set(paths) == expected
    for name, path in paths.items():
        assert path == castle_run_dir / name
        assert path.read_text().strip()
    assert not list(castle_run_dir.rglob("*.tmp"))


def test_report_md_has_config_table7_and_links_that_resolve(castle_run_dir):
    report = write_run_reports(castle_run_dir)["report.md"].read_text()
    assert report.startswith("# closed-loop run `castle-20261122-0001` on castle")
    assert "- Repair agent: gold (harness check); rounds: 3 of at most 3" in report
    assert "| 2 | verified BUG-2, BUG-3; new: BUG-1 | patch for BUG-1 (gold (harness check), patched) |" in (
        report
    )
    links = re.findall(r"\]\((bugs/[^)]+)\)", report)
    assert len(links) == 3
    assert all((castle_run_dir / link).is_file() for link in links)
    assert "[BUG-1](bugs/" in report


def test_bug_file_reads_like_an_issue_with_numbered_steps_from_a_new_game(castle_run, castle_run_dir):
    write_run_reports(castle_run_dir)
    bug = next(b for b in castle_run.bugs.values() if b.ground_truth_id == "BUG-3")
    text = (castle_run_dir / "bugs" / bug_filename(bug.fingerprint)).read_text()
    assert text.startswith("# Dropped item missing from the room description\n")
    for heading in (
        "Summary",
        "Steps to reproduce",
        "Expected",
        "Actual",
        "Build",
        "Evidence",
        "Status history",
    ):
        assert f"\n## {heading}\n" in text
    assert (
        "1. Start a new game (`POST /api/agent/new`).\n"
        "2. Send `take lamp`\n3. Send `drop lamp`\n4. Send `look`" in text
    )
    assert f"commit `{bug.report.build_commit}`" in text
    assert "| 1 | `a1a1a1a1a1` | open → patched | gold patched it |" in text
    assert "| 2 | `b2b2b2b2b2` | patched → verified_fixed |" in text
    # Links are relative to bugs/ and point at the files the loop left.
    for target in re.findall(r"\]\((\.\./[^)]+)\)", text):
        assert (castle_run_dir / "bugs" / target).resolve().is_file(), target


def test_evidence_that_contains_a_fence_stays_one_code_block(castle_run):
    bug = next(b for b in castle_run.bugs.values() if b.ground_truth_id == "BUG-3")
    assert "```" in bug.report.evidence
    text = render_bug_markdown(castle_run, bug)
    assert "````\n```\n> drop lamp" in text
    assert code_block("a ``` b").startswith("````\n")


def test_bug_filenames_are_the_fingerprint_and_never_escape_the_folder():
    assert bug_filename("0e064bd85ab2") == "0e064bd85ab2.md"
    assert bug_filename("../../etc/passwd") == "______etc_passwd.md"


def test_summary_json_carries_the_numbers_of_run_json(castle_run_dir):
    summary = json.loads(write_run_reports(castle_run_dir)["summary.json"].read_text())
    assert summary["metrics"]["discovered"] == 3
    assert summary["metrics"]["fixed_verified"] == 3
    assert [(d["difficulty"], d["total"]) for d in summary["per_difficulty"]] == [("easy", 2), ("medium", 1)]
    assert summary["per_agent"] == [
        {
            "agent": "gold",
            "attempts": 2,
            "outcomes": {"patched": 2},
            "tokens_in": 2000,
            "tokens_out": 200,
            "cost_usd": 0.75,
            "wall_seconds": 4.5,
            "lines_added": 12,
            "lines_removed": 6,
        }
    ]
    assert summary["table7"][-1]["Session"] == "Total"


def test_absolute_paths_recorded_by_the_loop_become_relative_links(castle_run, castle_run_dir):
    attempt = castle_run.sessions[0].attempts[0]
    attempt.patch_path = str(castle_run_dir / "patches" / "round-1-gold.diff")
    castle_run.save(castle_run_dir / "run.json")
    html = write_run_reports(castle_run_dir)["report.html"].read_text()
    assert "href='patches/round-1-gold.diff'" in html
    assert str(castle_run_dir) not in html


def test_bug_rows_list_bugs_in_ground_truth_order_with_their_report_file(castle_run):
    rows = bug_rows(castle_run)
    assert [(r["Bug"], r["Status"], r["Found in session"]) for r in rows] == [
        ("BUG-1", "verified fixed", "2"),
        ("BUG-2", "verified fixed", "1"),
        ("BUG-3", "verified fixed", "1"),
    ]
    assert rows[0]["Report"] == f"bugs/{bug_filename(castle_run.sessions[1].new_bugs[0])}"


def test_a_command_with_backticks_stays_one_code_span():
    assert steps_to_reproduce(["say `hi`"]).splitlines()[1] == "2. Send `` say `hi` ``"


def test_a_long_report_title_is_listed_once_and_whole_in_user_mode(castle_run, tmp_path):
    long_title = "The API breaks on a request where the body is nested very deep, " + "deeper " * 8
    bugs = {}
    for fingerprint, bug in castle_run.bugs.items():
        report = bug.report.model_copy(update={"title": long_title.strip()})
        bugs[fingerprint] = bug.model_copy(update={"ground_truth_id": None, "report": report})
    sessions = [session.model_copy(update={"matches": {}}) for session in castle_run.sessions]
    user_run = castle_run.model_copy(update={"bugs": bugs, "ground_truth": [], "sessions": sessions})
    run_dir = tmp_path / "runs" / user_run.run_id
    run_dir.mkdir(parents=True)
    user_run.save(run_dir / "run.json")
    report = write_run_reports(run_dir)["report.md"].read_text()
    bug_list = report.split("## Bugs", 1)[1]
    line = next(line for line in bug_list.splitlines() if line.startswith("- ["))
    assert line.startswith(f"- [{long_title.strip()}](bugs/"), line
    assert line.count("nested very deep") == 1, line
